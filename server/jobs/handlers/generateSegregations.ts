// Creates every departing flight's segregations from the segregation rules (the first matching
// rule by priority; one "Y" segregation when none matches) with their bags from the
// bags-per-allocation rules (DESIGN.md section 5 defaults when none matches). Replaces the
// flights' segregations, in one transaction.
import { asc, eq, inArray } from 'drizzle-orm';
import { bagsPerAllocationRules, segregationRules, segregations } from '../../db/schema';
import { loadFlightFacts } from '../../scenarios/flightFacts';
import { firstMatch } from '../../rules/matchFlight';
import { PLANNING_DEFAULTS } from '../../rules/defaults';
import type { JobHandler } from '../types';

const BATCH = 1000;

export const generateSegregations: JobHandler = async ({ db, scenarioId, progress }) => {
  const [segRules, bagRules, all] = await Promise.all([
    db.select().from(segregationRules).where(eq(segregationRules.scenario_id, scenarioId)).orderBy(asc(segregationRules.priority)),
    db.select().from(bagsPerAllocationRules).where(eq(bagsPerAllocationRules.scenario_id, scenarioId)).orderBy(asc(bagsPerAllocationRules.priority)),
    loadFlightFacts(db, scenarioId),
  ]);
  const departures = all.filter((f) => f.flight.direction === 'departure');
  await progress(10, `Generating segregations for ${departures.length} departures`);

  const rows: Array<typeof segregations.$inferInsert> = [];
  let passengers = 0;
  for (const { flight, facts } of departures) {
    const pax = flight.passengers ?? Math.round(flight.seats * flight.load_factor);
    passengers += pax;
    const split = firstMatch(segRules, facts)?.segregations ?? [{ name: 'Y', share: 100 }];
    for (const { name, share } of split) {
      const bagsPerPassenger =
        firstMatch(bagRules, { ...facts, segregation_name: name })?.bags_per_passenger ?? PLANNING_DEFAULTS.bagsPerPassenger;
      rows.push({
        scenario_id: scenarioId,
        flight_id: flight.id,
        name,
        share,
        bags: Math.round((pax * share * bagsPerPassenger) / 100),
      });
    }
  }

  await db.transaction(async (tx) => {
    const ids = departures.map((d) => d.flight.id);
    for (let i = 0; i < ids.length; i += BATCH) {
      await tx.delete(segregations).where(inArray(segregations.flight_id, ids.slice(i, i + BATCH)));
    }
    for (let i = 0; i < rows.length; i += BATCH) {
      await tx.insert(segregations).values(rows.slice(i, i + BATCH));
      await progress(20 + (75 * (i + BATCH)) / Math.max(1, rows.length), `Saved ${Math.min(i + BATCH, rows.length)} segregations`);
    }
  });
  return {
    departures: departures.length,
    segregations: rows.length,
    passengers,
    bags: rows.reduce((n, r) => n + (r.bags ?? 0), 0),
  };
};
