// What the one Gantt component draws, for make-up positions and check-in counters alike: lanes
// with their group headings, bars in minutes of the design day, and the flags the toolbar counts.
import type { Lane, LaneGroup } from '../../../../workers/report/lanes';

export type GanttBar = {
  /** The first API row behind the bar (a make-up allocation, or a block's first counter). */
  id: number;
  /** The API rows the bar stands for, in lane order (one for make-up, the block's counters). */
  rowIds: number[];
  lane: number;
  span: number;
  start: number;
  end: number;
  colour: string;
  label: string;
  /** Tooltip lines: flight, segregation, bags, containers, window, where. */
  details: string[];
  clash: boolean;
  overload: boolean;
  locked: boolean;
  /** The airline's code, for the colour key. */
  airline: string;
  /**
   * A block placed in phases: one window after another, each from the bar's first lane over its
   * own counters (`rowIds` in lane order). The bar's span is the widest phase.
   */
  steps?: GanttStep[];
};

type GanttStep = { start: number; end: number; rowIds: number[] };

/** The rectangles a bar covers: itself, or one per phase of a stepped bar. */
export function barPieces(bar: GanttBar): { id: number; lane: number; span: number; start: number; end: number }[] {
  if (!bar.steps) return [bar];
  return bar.steps.map((s) => ({ id: bar.id, lane: bar.lane, span: s.rowIds.length, start: s.start, end: s.end }));
}

export type GanttModel = {
  lanes: Lane[];
  groups: LaneGroup[];
  bars: GanttBar[];
  /** The minutes the chart can show: the design day and any window running past it. */
  domain: [number, number];
  /** Minutes a lane stays held after a bar ends (the make-up clearing buffer). */
  buffer: number;
  /** Bars whose resource is not on the chart (deleted or of another type). */
  offChart: number;
};

/** The airlines on the chart and their colours, in code order: the colour key. */
export function airlineKey(model: GanttModel): Array<{ code: string; colour: string }> {
  const colours = new Map(model.bars.filter((b) => b.airline).map((b) => [b.airline, b.colour]));
  return [...colours].sort(([a], [b]) => a.localeCompare(b)).map(([code, colour]) => ({ code, colour }));
}

export const countFlags = (model: GanttModel) => ({
  clashes: model.bars.filter((b) => b.clash).length,
  overloads: model.bars.filter((b) => b.overload).length,
});
