import { describe, expect, it } from 'vitest';
import type { GanttBar } from '../model/ganttModel';
import { barsByLane, visibleBars } from './visibleBars';

const bar = (id: number, lane: number, span: number, start: number, end: number): GanttBar => ({
  id,
  rowIds: [id],
  lane,
  span,
  start,
  end,
  colour: '#000',
  label: String(id),
  details: [],
  clash: false,
  overload: false,
  locked: false,
  airline: 'BA',
});

describe('the bars in view', () => {
  const bars = [bar(1, 0, 1, 0, 60), bar(2, 2, 3, 100, 200), bar(3, 9, 1, 300, 400), bar(4, 3, 1, 500, 600)];
  const byLane = barsByLane(bars);

  it('lists a bar under every lane it spans', () => {
    expect([2, 3, 4].map((lane) => byLane.get(lane)?.map((b) => b.id))).toEqual([[2], [2, 4], [2]]);
  });

  it('keeps the bars on the lanes in view that reach into the window, each once', () => {
    expect(visibleBars(byLane, 1, 4, { from: 50, to: 550 }).map((b) => b.id)).toEqual([2, 4]);
    // A bar ending as the window opens is out; one spanning into the lanes from above is in.
    expect(visibleBars(byLane, 0, 9, { from: 60, to: 300 }).map((b) => b.id)).toEqual([2]);
    expect(visibleBars(byLane, 4, 4, { from: 0, to: 1440 }).map((b) => b.id)).toEqual([2]);
  });
});
