// Finding bars on a Gantt by what the planner types: a flight ("B6 1983", "b61983") or an
// airline's code, matched anywhere in the bar's label with case and spaces ignored.
import type { GanttBar } from './ganttModel';

const normalised = (text: string) => text.replace(/\s+/g, '').toLowerCase();

/** The bars whose label holds the query, in the order of the day (then top to bottom). */
export function barsMatching(bars: readonly GanttBar[], query: string): GanttBar[] {
  const wanted = normalised(query);
  if (!wanted) return [];
  return bars.filter((b) => b.lane >= 0 && normalised(b.label).includes(wanted)).sort((a, b) => a.start - b.start || a.lane - b.lane);
}
