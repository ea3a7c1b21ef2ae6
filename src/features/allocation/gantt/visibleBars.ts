// Which bars the Gantt puts in the DOM: those on the lanes in view (with some overscan) that
// reach into the time window, each once however many lanes it spans.
import type { GanttBar } from '../model/ganttModel';
import type { TimeWindow } from '../model/viewWindow';

/** Bars by each lane they cover. */
export function barsByLane(bars: readonly GanttBar[]): Map<number, GanttBar[]> {
  const map = new Map<number, GanttBar[]>();
  for (const bar of bars) {
    for (let lane = bar.lane; lane >= 0 && lane < bar.lane + bar.span; lane++) {
      const list = map.get(lane);
      if (list) list.push(bar);
      else map.set(lane, [bar]);
    }
  }
  return map;
}

export function visibleBars(byLane: Map<number, GanttBar[]>, firstLane: number, lastLane: number, window: TimeWindow): GanttBar[] {
  const visible: GanttBar[] = [];
  const seen = new Set<number>();
  for (let lane = firstLane; lane <= lastLane; lane++) {
    for (const bar of byLane.get(lane) ?? []) {
      if (seen.has(bar.id) || bar.end <= window.from || bar.start >= window.to) continue;
      seen.add(bar.id);
      visible.push(bar);
    }
  }
  return visible;
}
