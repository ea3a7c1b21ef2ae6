// Finding a flight's bars by what the planner types, and the window that shows a found bar.
import { describe, expect, it } from 'vitest';
import type { GanttBar } from './ganttModel';
import { barsMatching } from './findBars';
import { windowShowing } from './viewWindow';

const bar = (id: number, label: string, lane: number, start: number): GanttBar => ({
  id,
  rowIds: [id],
  lane,
  span: 1,
  start,
  end: start + 120,
  colour: '#000',
  label,
  details: [],
  clash: false,
  overload: false,
  locked: false,
  airline: label.slice(0, 2),
});

describe('finding bars', () => {
  const bars = [bar(1, 'B6 1983 ALL', 4, 600), bar(2, 'B6 1983 T5', 9, 540), bar(3, 'AA 19 ALL', 0, 300), bar(4, 'B6 1983 X', -1, 200)];

  it('matches the label with case and spaces ignored, in the order of the day, and not bars off the chart', () => {
    expect(barsMatching(bars, 'b61983').map((b) => b.id)).toEqual([2, 1]);
    expect(barsMatching(bars, ' B6 1983 ').map((b) => b.id)).toEqual([2, 1]);
    expect(barsMatching(bars, 'aa').map((b) => b.id)).toEqual([3]);
    expect(barsMatching(bars, 'DL')).toEqual([]);
    expect(barsMatching(bars, '  ')).toEqual([]);
  });

  it('keeps the window when the bar is in it, else centres one as wide on the bar', () => {
    const day: [number, number] = [0, 1440];
    expect(windowShowing({ from: 500, to: 800 }, { start: 600, end: 720 }, day)).toEqual({ from: 500, to: 800 });
    expect(windowShowing({ from: 0, to: 300 }, { start: 600, end: 720 }, day)).toEqual({ from: 510, to: 810 });
    // A bar longer than the window gets a window a fifth wider than itself.
    expect(windowShowing({ from: 0, to: 60 }, { start: 600, end: 700 }, day)).toEqual({ from: 590, to: 710 });
    expect(windowShowing({ from: 0, to: 300 }, { start: 1380, end: 1440 }, day)).toEqual({ from: 1140, to: 1440 });
  });
});
