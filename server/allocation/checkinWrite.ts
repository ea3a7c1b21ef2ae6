// Writing a check-in answer, and saying beforehand what writing one would replace. The answer
// replaces the unlocked counter allocations of the check-in zones' counters, except the rows of
// an airline cluster a lock freezes; locked rows are never touched. The write happens in one
// transaction, and only while the plan still holds (see freshPlan).
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '../db/database';
import { resourceAllocations } from '../db/schema';
import type { CheckinResult } from '../../workers/alloc/checkin';
import { DEFAULT_CHECKIN_SETTINGS, planCheckin, type CheckinPlan, type CountersPer } from './checkin';
import { holdScenarioRows, requireSamePlan } from './freshPlan';

/** What the answer depends on (the rows there now are replaced whatever they are). */
const planned = (plan: CheckinPlan) => [plan.document, [...plan.owners], plan.keptRowIds, [...plan.counters], plan.countersPer];

/** The counter allocations as they stand, and what a run with `countersPer` would replace and keep. */
export async function checkinPreview(ex: Executor, scenarioId: number, countersPer: CountersPer = DEFAULT_CHECKIN_SETTINGS.countersPer) {
  const plan = await planCheckin(ex, scenarioId, { ...DEFAULT_CHECKIN_SETTINGS, countersPer });
  const { rows, locked } = plan.existing;
  return {
    counters_per: countersPer,
    allocations: rows,
    allocations_removed: rows - locked - plan.keptRowIds.length,
    locked_allocations_kept: locked,
    unlocked_allocations_kept: plan.keptRowIds.length,
  };
}

/** Replaces the unlocked counter allocations with the result; answers the rows written. */
/** `guard` runs first in the write's transaction (a job checks it was not cancelled). */
export async function writeCheckin(
  db: Database,
  scenarioId: number,
  plan: CheckinPlan,
  result: CheckinResult,
  guard?: (tx: Transaction) => Promise<void>,
): Promise<number> {
  const allCounters = [...plan.counters.values()].flat();
  return db.transaction(async (tx) => {
    await guard?.(tx);
    await holdScenarioRows(tx, scenarioId, ['flights'], 'resourceAllocations');
    const settings = {
      maxQueueMinutes: plan.document.sizing.max_queue_minutes,
      serviceLevel: plan.document.sizing.service_level,
      countersPer: plan.countersPer,
      sizing: plan.sizing,
    };
    requireSamePlan(planned(plan), planned(await planCheckin(tx, scenarioId, settings)), 'check-in allocation');
    await tx
      .delete(resourceAllocations)
      .where(
        and(
          eq(resourceAllocations.scenario_id, scenarioId),
          eq(resourceAllocations.locked, false),
          inArray(resourceAllocations.resource_id, allCounters),
          notInArray(resourceAllocations.id, plan.keptRowIds),
        ),
      );
    const rows: Array<typeof resourceAllocations.$inferInsert> = [];
    for (const p of result.placements) {
      const owner = plan.owners.get(p.flight);
      if (!owner) continue;
      const ids = plan.counters.get(p.row)!;
      for (let k = 0; k < p.counters; k++) {
        rows.push({
          scenario_id: scenarioId,
          resource_id: ids[p.first_counter - 1 + k],
          flight_id: owner.flight_id,
          airline_id: owner.airline_id,
          start: plan.time.toDate(p.start),
          end: plan.time.toDate(p.end),
        });
      }
    }
    for (let i = 0; i < rows.length; i += 1000) await tx.insert(resourceAllocations).values(rows.slice(i, i + 1000));
    return rows.length;
  });
}
