// The check-in allocation job's result in the planner's terms: entries (airline clusters or
// flights) placed and not placed with the reason, counted per entry rather than per engine block
// (an airline cluster is placed phase by phase; it counts as placed when every phase is).
import type { CheckinResult } from '../../workers/alloc/checkin';
import type { CheckinPlan } from './checkin';

type Unplaced = CheckinResult['unplaced'][number];

/**
 * Counters the blocks hold at once at the busiest 5-minute slot, placed or not: a block placed
 * phase by phase holds each slot's need, a whole-window block its peak throughout; kept blocks
 * their width.
 */
function peakNeed(plan: CheckinPlan, result: CheckinResult): number {
  const slot = plan.document.slot_minutes;
  const need = new Map<number, number>();
  const add = (start: number, counters: number) => need.set(start, (need.get(start) ?? 0) + counters);
  for (const s of result.sizing ?? []) {
    const peak = Math.max(...s.slots.map((x) => x.counters));
    for (const x of s.slots) add(x.start, plan.document.phases ? x.counters : peak);
  }
  for (const e of plan.document.flights) {
    if (e.counters === undefined) continue;
    for (let t = Math.floor(e.open / slot); t < Math.ceil(e.close / slot); t++) add(t * slot, e.counters);
  }
  return Math.max(0, ...need.values());
}

export function describeCheckin(plan: CheckinPlan, result: CheckinResult, rowsWritten: number) {
  const failed = new Map<string, Unplaced>();
  for (const u of result.unplaced) if (plan.owners.has(u.flight) && !failed.has(u.flight)) failed.set(u.flight, u);
  const entries = plan.document.flights.filter((e) => plan.owners.has(e.id));
  const byReason: Record<string, number> = {};
  for (const u of failed.values()) byReason[u.reason] = (byReason[u.reason] ?? 0) + 1;
  return {
    counters_per: plan.countersPer,
    sizing: plan.sizing,
    ...(plan.planGroupsSkipped.length && { plan_groups_skipped: plan.planGroupsSkipped }),
    counter_share: plan.counterShare,
    departures: plan.departures,
    entries: entries.length,
    placed: entries.length - failed.size,
    unplaced: failed.size,
    unplaced_by_reason: byReason,
    unplaced_entries: entries
      .filter((e) => failed.has(e.id))
      .slice(0, 200)
      .map((e) => {
        const owner = plan.owners.get(e.id)!;
        return {
          airline: e.airline,
          airline_id: owner.airline_id,
          flight_id: owner.flight_id,
          departures: owner.departures,
          start: plan.time.toDate(e.open).toISOString(),
          end: plan.time.toDate(e.close).toISOString(),
          reason: failed.get(e.id)!.reason,
        };
      }),
    kept_blocks: plan.keptBlocks,
    rows_written: rowsWritten,
    objective: result.objective,
    max_counter: result.max_counter,
    spread: result.spread,
    bound: result.bound,
    gap: result.gap,
    optimal: result.optimal,
    wall_ms: result.wall_ms,
    peak_counters_needed: peakNeed(plan, result),
    counters_available: plan.document.rows.reduce((n, r) => n + r.counters, 0),
  };
}
