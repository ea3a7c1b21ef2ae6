// The outline of a stepped bar (an airline's common check-in placed in phases) as a CSS
// clip-path: the bar's box is as wide as the whole window and as tall as its widest phase, and
// each phase keeps only its own counters' height from the top lane down.
import type { GanttBar } from '../model/ganttModel';

/**
 * `polygon(...)` in pixels of the bar's box, or undefined for a plain bar. `xOf` gives a minute's
 * offset from the box's left edge; a phase of n counters is n rows tall less `inset`, as the box.
 */
export function stepOutline(bar: GanttBar, xOf: (minute: number) => number, row: number, inset: number): string | undefined {
  if (!bar.steps) return undefined;
  const px = (v: number) => `${Math.round(v * 10) / 10}px`;
  const right = xOf(bar.end);
  const points = [`${px(xOf(bar.start))} 0`, `${px(right)} 0`];
  for (const step of [...bar.steps].reverse()) {
    const bottom = px(step.rowIds.length * row - inset);
    points.push(`${px(xOf(step.end))} ${bottom}`, `${px(xOf(step.start))} ${bottom}`);
  }
  return `polygon(${points.join(', ')})`;
}
