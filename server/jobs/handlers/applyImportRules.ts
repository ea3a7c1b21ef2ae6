// Applies a scenario's flight import rules to its flights, reading and writing in one
// transaction: see rules/importRulesPlan. Every match is recorded, so a rule lists the flights it
// matched; only the values that change are written.
import { applyImportRulesPlan, planImportRules } from '../../rules/importRulesPlan';
import type { JobHandler } from '../types';

export const applyImportRules: JobHandler = async ({ db, scenarioId, progress }) => {
  const counts = await db.transaction(async (tx) => {
    const plan = await planImportRules(tx, scenarioId);
    await progress(10, `Matching ${plan.counts.flights} flights against ${plan.counts.rules} rules`);
    await applyImportRulesPlan(tx, plan, progress);
    return { ...plan.counts, matches: plan.matches.length };
  });
  const { flights, rules, matches, flights_changed, fields_changed } = counts;
  return { flights, rules, matches, updated: flights_changed, fields_changed };
};
