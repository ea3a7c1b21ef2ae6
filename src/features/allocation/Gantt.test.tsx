// The Gantt draws an airline's common check-in placed in phases as one shape: one element, one
// label, cut to a staircase (each phase only as tall as its own counters).
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
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
    const points = /^polygon\((.*)\)$/.exec(stepped.style.clipPath)![1].split(', ').map((p) => p.split(' ').map(parseFloat));
    expect(points).toHaveLength(8);
    expect(points.map(([, y]) => y)).toEqual([0, 0, 18, 18, 66, 66, 42, 42]);
    expect(alone.style.clipPath).toBe('');
  });
});
