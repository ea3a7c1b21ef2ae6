// Check-in counters sized by simulation (issue 12, "Apply"): instead of the Erlang C rule, each
// airline's counters per planning period come from the scenario's applied sizing plan, the sum of
// its check-in and bag-drop groups ("Zone A queue 1 / airline BA"). Each run of periods with the
// same count becomes one fixed-width entry of the allocation document, in the zone the airline's
// flights check in at, so the Gantt shows the plan's blocks.
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { sizingPlans } from '../db/schema';
import { ApiError } from '../errors';
import { homeAirport } from '../scenarios/flightFacts';
import { zonedWallToUtc } from '../../workers/report/zonedTime';
import { scenarioDesignDate } from './timeBase';

/** What the allocation reads of a plan (the sizing engine's AirportSizingOutput). */
export type AppliedPlan = {
  origin_minute?: number;
  stations: Record<string, { kind?: string; servers: number[]; period_minutes: number }>;
};

/** Counter groups: the positions a check-in allocation opens (kiosks are common use). */
const COUNTER_KINDS = new Set(['checkin', 'bagdrop']);
const AIRLINE_GROUP = / \/ airline (\S+)$/;

export async function appliedPlan(ex: Executor, scenarioId: number): Promise<AppliedPlan> {
  const [row] = await ex
    .select({ plan: sizingPlans.plan })
    .from(sizingPlans)
    .where(and(eq(sizingPlans.scenario_id, scenarioId), eq(sizingPlans.applied, true)));
  if (!row)
    throw new ApiError(
      409,
      'no_applied_plan',
      'No sizing plan is applied to this scenario: size it to target and apply the plan on the Requirements screen first.',
    );
  return row.plan as unknown as AppliedPlan;
}

/**
 * Minutes to add to a plan's minutes (from local midnight of the design day, as the simulation
 * counts them) to get the allocation's (from midnight UTC, see timeBase).
 */
export async function planMinutesOffset(ex: Executor, scenarioId: number): Promise<number> {
  const day = await scenarioDesignDate(ex, scenarioId);
  if (!day) return 0;
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  const timeZone = (await homeAirport(ex, scenarioId))?.time_zone ?? 'UTC';
  return (zonedWallToUtc(utcMidnight, timeZone) - utcMidnight) / 60_000;
}

type PlanWindow = { open: number; close: number; counters: number };

export type AirlineNeeds = {
  /** Per airline code, its counters in windows of equal need, in time order. */
  windows: Map<string, PlanWindow[]>;
  /** Groups the plan opens for everyone or one flight, which per-airline blocks cannot hold. */
  skipped: string[];
};

/** Counters per period of each airline's groups, summed, as windows of equal need (in the allocation's minutes). */
export function airlineNeeds(plan: AppliedPlan, offsetMinutes = 0): AirlineNeeds {
  const perPeriod = new Map<string, { period: number; counters: number[] }>();
  const skipped: string[] = [];
  for (const [id, station] of Object.entries(plan.stations)) {
    if (!COUNTER_KINDS.has(station.kind ?? 'checkin')) continue;
    const airline = AIRLINE_GROUP.exec(id)?.[1];
    if (!airline) {
      skipped.push(id);
      continue;
    }
    const sum = perPeriod.get(airline) ?? { period: station.period_minutes, counters: [] };
    station.servers.forEach((n, k) => (sum.counters[k] = (sum.counters[k] ?? 0) + n));
    perPeriod.set(airline, sum);
  }
  const origin = (plan.origin_minute ?? 0) + offsetMinutes;
  const windows = new Map<string, PlanWindow[]>();
  for (const [airline, { period, counters }] of perPeriod) {
    const list: PlanWindow[] = [];
    counters.forEach((n, k) => {
      const open = origin + k * period;
      const last = list[list.length - 1];
      if (n === 0) return;
      if (last && last.counters === n && last.close === open) last.close = open + period;
      else list.push({ open, close: open + period, counters: n });
    });
    windows.set(airline, list);
  }
  return { windows, skipped };
}

type Entry = { id: string; airline: string; open: number; close: number; counters: number; rows?: string[] };
type Owner = { flight_id: null; airline_id: number; departures: number };
type LockedRow = { airline_id: number | null; start: Date; end: Date };

export type PlanInputs<R extends LockedRow> = {
  needs: AirlineNeeds;
  /** Airline id by IATA code. */
  airlineIds: Map<string, number>;
  /** The row (check-in zone) of each departure still to place, by airline id. */
  flightRows: Array<{ airlineId: number; row: string | null }>;
  rowSizes: Map<string, number>;
  existing: readonly R[];
  toMinutes: (at: Date) => number;
};

/** The zone most of the airline's departures check in at. */
function usualRow(rows: Array<string | null>): string | null {
  const counts = new Map<string, number>();
  for (const row of rows) if (row !== null) counts.set(row, (counts.get(row) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

/**
 * The plan's windows as fixed blocks. A window overlapping a locked block of its airline is not
 * placed: the airline's rows in it stay (answered as kept), as a locked phase freezes an
 * airline cluster under the rule.
 */
export function entriesFromPlan<R extends LockedRow & { locked: boolean }>(inputs: PlanInputs<R>) {
  const entries: Entry[] = [];
  const owners = new Map<string, Owner>();
  const kept = new Set<R>();
  const skipped = [...inputs.needs.skipped];
  for (const [code, windows] of inputs.needs.windows) {
    const airlineId = inputs.airlineIds.get(code);
    if (airlineId === undefined) {
      skipped.push(`airline ${code}`);
      continue;
    }
    const own = inputs.flightRows.filter((f) => f.airlineId === airlineId);
    const row = usualRow(own.map((f) => f.row));
    windows.forEach((w, k) => {
      const overlaps = (a: R) => a.airline_id === airlineId && inputs.toMinutes(a.start) < w.close && inputs.toMinutes(a.end) > w.open;
      if (inputs.existing.some((a) => a.locked && overlaps(a))) {
        for (const a of inputs.existing) if (overlaps(a)) kept.add(a);
        return;
      }
      const id = `plan-${airlineId}-${k}`;
      const counters = row === null ? w.counters : Math.min(w.counters, inputs.rowSizes.get(row) ?? w.counters);
      entries.push({ id, airline: code, open: w.open, close: w.close, counters, ...(row !== null && { rows: [row] }) });
      owners.set(id, { flight_id: null, airline_id: airlineId, departures: own.length });
    });
  }
  return { entries, owners, kept, skipped };
}
