// An allocation job plans from the scenario, solves for up to minutes in an engine thread, then
// writes. Its answer is right only for the data it planned from, so the write transaction first
// locks the rows it depends on (in id order, as the bulk edits do, so neither waits on the other
// in a circle), plans again and writes only when the plan is the same: a bar locked or moved on
// a Gantt meanwhile, segregations regenerated or a flight edited, and nothing is written; the job
// fails saying so, and running it again plans from what is there now.
import { asc, eq } from 'drizzle-orm';
import type { Transaction } from '../db/database';
import { baggageAllocations, flights, resourceAllocations, segregations } from '../db/schema';
import { ApiError } from '../errors';

const SCENARIO_TABLES = { flights, segregations, baggageAllocations, resourceAllocations };
type ScenarioTable = keyof typeof SCENARIO_TABLES;

/**
 * Holds the scenario's rows of `shared` (no one may delete them) and of `owned` (no one may
 * change them) until the transaction ends. Tables are taken in the order given.
 */
export async function holdScenarioRows(tx: Transaction, scenarioId: number, shared: ScenarioTable[], owned: ScenarioTable) {
  for (const name of shared) {
    const table = SCENARIO_TABLES[name];
    await tx.select({ id: table.id }).from(table).where(eq(table.scenario_id, scenarioId)).orderBy(asc(table.id)).for('key share');
  }
  const table = SCENARIO_TABLES[owned];
  await tx.select({ id: table.id }).from(table).where(eq(table.scenario_id, scenarioId)).orderBy(asc(table.id)).for('update');
}

/** Refuses to write an answer whose plan (any plain data) differs from the one made now. */
export function requireSamePlan(planned: unknown, now: unknown, job: string) {
  if (JSON.stringify(planned) === JSON.stringify(now)) return;
  throw new ApiError(
    409,
    'inputs_changed',
    `The scenario changed while the ${job} ran (allocations locked, moved or deleted, segregations or flights edited), so its answer no longer fits and nothing was written. Run it again.`,
  );
}
