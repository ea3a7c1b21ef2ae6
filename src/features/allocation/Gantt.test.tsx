// The Gantt draws an airline's common check-in placed in phases as one shape: one element, one
// label, cut to a staircase (each phase only as tall as its own counters); its find box brings a
// flight's bars, out of view at first, into the DOM and focuses them one after another.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GanttBar, GanttModel } from './model/ganttModel';
import { phasedCheckinData } from '../../../workers/report/fixture.test-data';
import { buildCheckinGantt } from './model/checkinGantt';
import { Gantt } from './Gantt';

afterEach(cleanup);

describe('the check-in Gantt', () => {
  it('draws a phased block as one stepped shape with one label', () => {
    render(<Gantt model={buildCheckinGantt(phasedCheckinData)} label="Check-in counters" laneHeading="Counter" canEdit={false} onDrop={() => undefined} />);
    const bars = screen.getAllByRole('button', { name: /^AA: / });
    expect(bars).toHaveLength(2);
    const [stepped, alone] = bars;
    expect(stepped.getAttribute('aria-label')).toBe('AA: AA common check-in, 1–3 counters · Island 1, C1–C3, 06:00–07:30 · 3 phases');
    expect(stepped.textContent).toBe('AA');
    // Three lanes of 24 px less the 6 px inset tall; the outline comes down to each phase's own height.
    expect(stepped.style.height).toBe('66px');
    const points = /^polygon\((.*)\)$/
      .exec(stepped.style.clipPath)![1]
      .split(', ')
      .map((p) => p.split(' ').map(parseFloat));
    expect(points).toHaveLength(8);
    expect(points.map(([, y]) => y)).toEqual([0, 0, 18, 18, 66, 66, 42, 42]);
    expect(alone.style.clipPath).toBe('');
  });
});

/** 300 make-up lanes with a bar each at 06:00, and flight B6 1983's two bars far down and late. */
function longChart(): GanttModel {
  const lanes = Array.from({ length: 300 }, (_, i) => ({
    key: `1:${i}`,
    resourceId: 1,
    position: i,
    label: `P${i + 1}`,
    resourceName: 'Carousel 1',
    zoneId: 1,
    zoneName: 'Hall A',
  }));
  const bar = (id: number, label: string, lane: number, start: number): GanttBar => ({
    id,
    rowIds: [id],
    lane,
    span: 1,
    start,
    end: start + 90,
    colour: '#3366aa',
    label,
    details: [label],
    clash: false,
    overload: false,
    locked: false,
    airline: label.slice(0, 2),
  });
  const bars = lanes.map((_, i) => bar(i + 1, `AA ${i + 1} ALL`, i, 360));
  bars.push(bar(1001, 'B6 1983 ALL', 250, 1200), bar(1002, 'B6 1983 T5', 280, 1260));
  return { lanes, groups: [{ level: 'zone', label: 'Hall A', first: 0, count: 300 }], bars, domain: [0, 1440], buffer: 0, offChart: 0 };
}

describe('finding a flight on the Gantt', () => {
  it("brings the flight's bars into view one Enter after another, and says when nothing matches", async () => {
    const user = userEvent.setup();
    render(
      <Gantt
        model={longChart()}
        label="Make-up positions"
        laneHeading="Position"
        canEdit={false}
        onDrop={() => undefined}
        initialWindow={{ from: 300, to: 600 }}
      />,
    );
    expect(screen.queryByRole('button', { name: /^B6 1983/ })).toBeNull();
    const find = screen.getByRole('searchbox', { name: 'Find a flight or airline' });
    await user.type(find, 'b6 1983{Enter}');
    expect(screen.getByRole('status').textContent).toBe('1 of 2: B6 1983 ALL');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('B6 1983 ALL: B6 1983 ALL');
    expect(screen.getByRole('toolbar').textContent).toContain('18:15–23:15');
    await user.click(find);
    await user.keyboard('{Enter}');
    expect(screen.getByRole('status').textContent).toBe('2 of 2: B6 1983 T5');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('B6 1983 T5: B6 1983 T5');
    await user.clear(find);
    await user.type(find, 'DL 4{Enter}');
    expect(screen.getByRole('status').textContent).toBe('No bar matches “DL 4”');
  });
});

describe('panning the Gantt', () => {
  it('moves the time window with the pointer dragged across the plot, and stops when it is let go', () => {
    render(
      <Gantt
        model={longChart()}
        label="Make-up positions"
        laneHeading="Position"
        canEdit={false}
        onDrop={() => undefined}
        initialWindow={{ from: 300, to: 600 }}
      />,
    );
    const shown = () => /\d\d:\d\d–\d\d:\d\d/.exec(screen.getByRole('toolbar').textContent ?? '')?.[0];
    expect(shown()).toBe('05:00–10:00');
    const plot = document.querySelector<HTMLElement>('.gantt__plot')!;
    // The plot is 900 px wide here (no layout), so 5 hours across: 300 px left is 100 minutes later.
    fireEvent.pointerDown(plot, { button: 0, clientX: 600, pointerId: 1 });
    fireEvent.pointerMove(plot, { clientX: 300, pointerId: 1 });
    expect(shown()).toBe('06:40–11:40');
    fireEvent.pointerMove(plot, { clientX: 690, pointerId: 1 });
    expect(shown()).toBe('04:30–09:30');
    fireEvent.pointerUp(plot, { pointerId: 1 });
    fireEvent.pointerMove(plot, { clientX: 0, pointerId: 1 });
    expect(shown()).toBe('04:30–09:30');
  });
});
