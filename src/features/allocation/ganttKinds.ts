// What differs between the make-up Gantt and the check-in counter Gantt, as data for the one
// Gantt screen: which rows load, how they become lanes and bars, and how a move is shown at once
// and saved (one baggage allocation, or a block's counters in one bulk call), locked.
import { dayClock } from '../../../workers/report/time';
import { placeSegregation, saveCounterMove, saveMakeupAllocation, type BaggageAllocation, type PlanningData, type ResourceAllocation } from './allocationApi';
import type { AllocationSettings } from './atoms';
import { buildCheckinGantt } from './model/checkinGantt';
import type { GanttBar, GanttModel } from './model/ganttModel';
import { buildMakeupGantt } from './model/makeupGantt';
import { counterBlockPatch, makeupPatch, type Drop } from './model/moves';

export type GanttKind = {
  title: string;
  label: string;
  laneHeading: string;
  want: { baggage?: boolean; counters?: boolean };
  /** The allocations' table: a change to it on the server reloads the allocations alone. */
  allocationsSet: string;
  build: (data: PlanningData, settings: AllocationSettings) => GanttModel;
  /** The data with the move applied (shown while it saves). */
  moved: (data: PlanningData, model: GanttModel, bar: GanttBar, drop: Drop) => PlanningData;
  /** Saves the move; answers how to put the server's rows into the data. */
  save: (data: PlanningData, model: GanttModel, bar: GanttBar, drop: Drop) => Promise<(data: PlanningData) => PlanningData>;
  /**
   * Puts the rows of `before` behind the bar back (a refused save), or the bar's row as it is now
   * (`theirs`) when the save was refused because someone else changed it meanwhile.
   */
  revert: (data: PlanningData, before: PlanningData, bar: GanttBar, theirs?: unknown) => PlanningData;
  empty: string;
};

const toIso = (data: PlanningData) => dayClock(data.day.designDate, data.day.timeZone).toIso;

/** The rows with those of `changed` put in place of theirs. */
export function replaceById<T extends { id: number }>(rows: readonly T[], changed: readonly T[]): T[] {
  const byId = new Map(changed.map((r) => [r.id, r]));
  return rows.map((r) => byId.get(r.id) ?? r);
}

/** A bar of a segregation not placed has its segregation's id, negated (see makeupGantt.ts). */
const notPlaced = (data: PlanningData, bar: GanttBar) => (bar.id < 0 ? data.unplaced.find((u) => u.segregation_id === -bar.id) : undefined);

/** The allocation a drop of a segregation not placed makes, shown while it saves. */
function placedRow(data: PlanningData, model: GanttModel, bar: GanttBar, drop: Drop): BaggageAllocation | null {
  const u = notPlaced(data, bar);
  if (!u) return null;
  const { segregation_id, flight_id, bags, containers } = u;
  return {
    id: bar.id,
    scenario_id: 0,
    segregation_id,
    flight_id,
    bags,
    containers,
    created_at: '',
    updated_at: '',
    version: 1,
    ...makeupPatch(model, bar, drop, toIso(data)),
  };
}

/** The tables both Gantts show besides the allocations: a change to one reloads the whole screen. */
export const PLANNING_SETS = ['scenarios', 'airports', 'zones', 'resources', 'flights', 'airlines', 'aircraft', 'segregations'];

export const MAKEUP_GANTT: GanttKind = {
  title: 'Make-up Gantt',
  label: 'Make-up allocation Gantt',
  laneHeading: 'Position',
  want: { baggage: true },
  allocationsSet: 'baggage_allocations',
  build: (data, settings) =>
    buildMakeupGantt(
      {
        day: data.day,
        zones: data.zones,
        resources: data.resources,
        flights: data.flights,
        airlines: data.airlines,
        segregations: data.segregations,
        allocations: data.baggage,
        unplaced: data.unplaced,
        colours: data.colours,
      },
      settings,
    ),
  moved: (data, model, bar, drop) => {
    const placed = placedRow(data, model, bar, drop);
    if (placed) return { ...data, baggage: [...data.baggage, placed], unplaced: data.unplaced.filter((u) => u.segregation_id !== -bar.id) };
    const patch = makeupPatch(model, bar, drop, toIso(data));
    return { ...data, baggage: data.baggage.map((r) => (r.id === bar.id ? { ...r, ...patch } : r)) };
  },
  save: async (data, model, bar, drop) => {
    const u = notPlaced(data, bar);
    const patch = makeupPatch(model, bar, drop, toIso(data));
    const saved = u
      ? await placeSegregation(data.scenarioId, u, patch)
      : await saveMakeupAllocation(
          data.baggage.find((r) => r.id === bar.id)!,
          patch,
        );
    return (current) => ({ ...current, baggage: u ? current.baggage.map((r) => (r.id === bar.id ? saved : r)) : replaceById(current.baggage, [saved]) });
  },
  revert: (data, before, bar, theirs) =>
    bar.id < 0
      ? { ...data, baggage: data.baggage.filter((r) => r.id !== bar.id), unplaced: before.unplaced }
      : {
          ...data,
          baggage: replaceById(data.baggage, theirs ? [theirs as BaggageAllocation] : before.baggage.filter((r) => r.id === bar.id)),
        },
  empty: 'No baggage allocations yet: run the make-up allocation on the configuration screen.',
};

export const CHECKIN_GANTT: GanttKind = {
  title: 'Check-in counter Gantt',
  label: 'Check-in counter Gantt',
  laneHeading: 'Counter',
  want: { counters: true },
  allocationsSet: 'resource_allocations',
  build: (data) =>
    buildCheckinGantt({
      day: data.day,
      zones: data.zones,
      resources: data.resources,
      flights: data.flights,
      airlines: data.airlines,
      allocations: data.counters,
      colours: data.colours,
    }),
  moved: (data, model, bar, drop) => {
    const items = new Map(counterBlockPatch(model, bar, drop, toIso(data)).map((p) => [p.id, p]));
    return { ...data, counters: data.counters.map((r) => ({ ...r, ...items.get(r.id) })) };
  },
  save: async (data, model, bar, drop) => {
    // Each counter's row is moved against the version the Gantt shows (412 if someone changed it meanwhile).
    const versions = new Map(data.counters.map((r) => [r.id, r.version]));
    const saved = await saveCounterMove(counterBlockPatch(model, bar, drop, toIso(data)).map((item) => ({ ...item, version: versions.get(item.id) })));
    return (current) => ({ ...current, counters: replaceById(current.counters, saved) });
  },
  revert: (data, before, bar, theirs) => {
    const ids = new Set(bar.rowIds);
    return {
      ...data,
      counters: replaceById(data.counters, [
        ...before.counters.filter((r) => ids.has(r.id)),
        // The rows someone else changed meanwhile (a refused bulk answers those), as they are now.
        ...(Array.isArray(theirs) ? (theirs as ResourceAllocation[]) : []),
      ]),
    };
  },
  empty: 'No counter allocations yet: run the check-in counter allocation on the configuration screen.',
};
