// Applies a scenario's flight import rules to its flights: for each flight and each action
// (terminal, zones, load factor, turn-up profile, sector) the highest-priority matching rule that
// sets it decides. Every match is recorded, so a rule lists the flights it matched.
import { asc, eq, inArray } from 'drizzle-orm';
import { flightImportRuleMatches, flightImportRules, flights, type ImportActions } from '../../db/schema';
import { loadFlightFacts } from '../../scenarios/flightFacts';
import { matchesFlight } from '../../rules/matchFlight';
import type { JobHandler } from '../types';

const BATCH = 1000;

export const applyImportRules: JobHandler = async ({ db, scenarioId, progress }) => {
  const rules = await db
    .select()
    .from(flightImportRules)
    .where(eq(flightImportRules.scenario_id, scenarioId))
    .orderBy(asc(flightImportRules.priority), asc(flightImportRules.id));
  const all = await loadFlightFacts(db, scenarioId);
  await progress(10, `Matching ${all.length} flights against ${rules.length} rules`);

  const matches: Array<{ rule_id: number; flight_id: number }> = [];
  // Flights that end up with the same actions are updated together in one statement.
  const groups = new Map<string, { actions: ImportActions; ids: number[] }>();
  for (const { flight, facts } of all) {
    const actions: ImportActions = {};
    for (const rule of rules) {
      if (!matchesFlight(rule.match, facts)) continue;
      matches.push({ rule_id: rule.id, flight_id: flight.id });
      for (const [key, value] of Object.entries(rule.actions)) {
        if (!(key in actions)) (actions as Record<string, unknown>)[key] = value;
      }
    }
    if (!Object.keys(actions).length) continue;
    const key = JSON.stringify(Object.entries(actions).sort());
    const group = groups.get(key) ?? { actions, ids: [] };
    group.ids.push(flight.id);
    groups.set(key, group);
  }

  await db.transaction(async (tx) => {
    if (rules.length) {
      await tx.delete(flightImportRuleMatches).where(inArray(flightImportRuleMatches.rule_id, rules.map((r) => r.id)));
    }
    for (let i = 0; i < matches.length; i += BATCH) {
      await tx.insert(flightImportRuleMatches).values(matches.slice(i, i + BATCH));
    }
    let done = 0;
    for (const { actions, ids } of groups.values()) {
      for (let i = 0; i < ids.length; i += BATCH) {
        await tx.update(flights).set(actions).where(inArray(flights.id, ids.slice(i, i + BATCH)));
      }
      done += ids.length;
      await progress(10 + (85 * done) / Math.max(1, all.length), `Updated ${done} flights`);
    }
  });
  const updated = [...groups.values()].reduce((n, g) => n + g.ids.length, 0);
  return { flights: all.length, rules: rules.length, matches: matches.length, updated };
};
