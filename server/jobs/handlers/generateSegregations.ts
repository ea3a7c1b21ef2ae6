// Creates every departing flight's segregations from the segregation rules (the first matching
// rule by priority; one "Y" segregation when none matches) with their bags from the
// bags-per-allocation rules (DESIGN.md section 5 defaults when none matches), in one
// transaction, keeping the make-up plan: see allocation/regenerateSegregations.
import { applySegregationPlan, planSegregations } from '../../allocation/regenerateSegregations';
import type { JobHandler } from '../types';

export const generateSegregations: JobHandler = async ({ db, scenarioId, progress }) => {
  const counts = await db.transaction(async (tx) => {
    const plan = await planSegregations(tx, scenarioId);
    await progress(10, `Generating segregations for ${plan.departures} departures`);
    await applySegregationPlan(tx, scenarioId, plan, progress);
    return { departures: plan.departures, passengers: plan.passengers, wanted: plan.wanted, counts: plan.counts };
  });
  return {
    departures: counts.departures,
    segregations: counts.wanted.length,
    passengers: counts.passengers,
    bags: counts.wanted.reduce((n, r) => n + r.bags, 0),
    ...counts.counts,
  };
};
