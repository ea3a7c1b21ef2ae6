// A dragged bar to the API's changes (pure, tested): where the drop lands (moved in 5-minute steps,
// kept on the chart), whether it clashes there (the clearing buffer included; a counter block
// must stay inside one island), and the PATCH body that saves it locked.
import { clashesAt } from '../../../../workers/report/lanes';
import { clockLabel } from '../../../../workers/report/time';
import { type GanttBar, type GanttModel, barPieces } from './ganttModel';
import { isNotPlacedLane } from './makeupGantt';

export const SNAP_MINUTES = 5;

export type Drop = { lane: number; start: number };

/** The drop for a drag by `dLanes` rows and `dMinutes`, snapped and clamped to the chart. */
export function dropFor(model: GanttModel, bar: GanttBar, dLanes: number, dMinutes: number): Drop {
  const lane = Math.min(Math.max(0, bar.lane + dLanes), model.lanes.length - bar.span);
  const length = bar.end - bar.start;
  // The move is snapped, not the bar: moved only across lanes, a bar keeps its own times (which
  // its rule set, not always on the 5-minute grid).
  const snapped = bar.start + Math.round(dMinutes / SNAP_MINUTES) * SNAP_MINUTES;
  const start = Math.min(Math.max(model.domain[0], snapped), model.domain[1] - length);
  return { lane, start };
}

/** Why the bar cannot go there, or null when it can. */
export function dropProblem(model: GanttModel, bar: GanttBar, drop: Drop): string | null {
  const first = model.lanes[drop.lane];
  const last = model.lanes[drop.lane + bar.span - 1];
  if (!first || !last) return 'Outside the chart.';
  if (isNotPlacedLane(first)) return 'Drop it on a make-up position.';
  if (bar.span > 1 && first.zoneId !== last.zoneId) return `The block of ${bar.span} counters must stay inside one island.`;
  const others = model.bars.filter((b) => b.id !== bar.id).flatMap(barPieces);
  const clash = barPieces(movedBar(bar, drop)).flatMap((piece) => clashesAt(others, piece, model.buffer))[0];
  if (!clash) return null;
  const other = model.bars.find((b) => b.id === clash.id);
  const buffer = model.buffer ? ` (with the ${model.buffer}-minute buffer)` : '';
  return `Overlaps ${other?.label ?? 'another bar'} ${clockLabel(clash.start)}–${clockLabel(clash.end)} on ${first.resourceName}${bar.span === 1 && first.label !== first.resourceName ? ` ${first.label}` : ''}${buffer}.`;
}

export const isMove = (bar: GanttBar, drop: Drop) => drop.lane !== bar.lane || drop.start !== bar.start;

export type MakeupPatch = { resource_id: number; position_index: number; start: string; end: string; locked: true };

export function makeupPatch(model: GanttModel, bar: GanttBar, drop: Drop, toIso: (minutes: number) => string): MakeupPatch {
  const lane = model.lanes[drop.lane];
  return { resource_id: lane.resourceId, position_index: lane.position, start: toIso(drop.start), end: toIso(drop.start + bar.end - bar.start), locked: true };
}

/** One counter row of a moved block; `version`: the row's version the move was made against. */
export type CounterPatch = { id: number; resource_id: number; start: string; end: string; locked: true; version?: number };

/**
 * One item per counter of the block: the block's i-th counter goes to the i-th lane from the
 * drop; a stepped block's phases move together, each keeping its own counters and length.
 */
export function counterBlockPatch(model: GanttModel, bar: GanttBar, drop: Drop, toIso: (minutes: number) => string): CounterPatch[] {
  const moved = movedBar(bar, drop);
  const steps = moved.steps ?? [{ start: moved.start, end: moved.end, rowIds: bar.rowIds }];
  return steps.flatMap((step) =>
    step.rowIds.map((id, i) => ({
      id,
      resource_id: model.lanes[drop.lane + i].resourceId,
      start: toIso(step.start),
      end: toIso(step.end),
      locked: true as const,
    })),
  );
}

/** The bar at the drop: its lane and times, and its phases' times, moved. */
function movedBar(bar: GanttBar, drop: Drop): GanttBar {
  const shift = drop.start - bar.start;
  return {
    ...bar,
    lane: drop.lane,
    start: drop.start,
    end: bar.end + shift,
    ...(bar.steps && { steps: bar.steps.map((s) => ({ ...s, start: s.start + shift, end: s.end + shift })) }),
  };
}

/** The model with the bar at the drop, locked (what the screen shows while the save runs). */
export function withBarMoved(model: GanttModel, bar: GanttBar, drop: Drop): GanttModel {
  const moved = { ...movedBar(bar, drop), locked: true };
  return { ...model, bars: model.bars.map((b) => (b.id === bar.id ? moved : b)) };
}
