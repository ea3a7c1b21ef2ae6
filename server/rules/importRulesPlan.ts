// Applying a scenario's flight import rules as a plan, then writing it: for each flight and each
// action (terminal, zones, load factor, turn-up profile, sector) the highest-priority matching
// rule that sets it decides, and only values that differ from the flight's are written; a locked
// flight (the planner's own values) is matched and recorded but never changed. The same
// plan answers the preview the Flights screen shows before it asks, so what is said before (how
// many flights change, and which of their values) is what the job writes.
import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { flightImportRuleMatches, flightImportRules, flights, type ImportActions } from '../db/schema';
import { loadFlightFacts } from '../scenarios/flightFacts';
import { matchesFlight } from '../../common/rules/matchFlight';

import { IMPORT_FIELDS, type ImportField } from '../../common/rules/importFields';

export type ImportRulesPlan = {
  ruleIds: number[];
  matches: Array<{ rule_id: number; flight_id: number }>;
  /** Flights whose values change, grouped by the new values, so each group is one statement. */
  changes: Array<{ values: ImportActions; ids: number[] }>;
  counts: {
    flights: number;
    rules: number;
    flights_matched: number;
    flights_changed: number;
    /** Locked flights whose values the rules would change: kept as they are. */
    locked_flights_kept: number;
    /** Per field, the flights whose value of it changes. */
    fields_changed: Record<ImportField, number>;
  };
};

/** The actions of the first rule (by priority) that sets each field; every matching rule is recorded. */
function decide(rules: Array<typeof flightImportRules.$inferSelect>, matches: (rule: typeof flightImportRules.$inferSelect) => boolean) {
  const actions: ImportActions = {};
  const matched: number[] = [];
  for (const rule of rules) {
    if (!matches(rule)) continue;
    matched.push(rule.id);
    for (const [key, value] of Object.entries(rule.actions)) {
      if (!(key in actions)) (actions as Record<string, unknown>)[key] = value;
    }
  }
  return { actions, matched };
}

export async function planImportRules(ex: Executor, scenarioId: number): Promise<ImportRulesPlan> {
  const rules = await ex
    .select()
    .from(flightImportRules)
    .where(eq(flightImportRules.scenario_id, scenarioId))
    .orderBy(asc(flightImportRules.priority), asc(flightImportRules.id));
  const all = await loadFlightFacts(ex, scenarioId);
  const fieldsChanged = Object.fromEntries(IMPORT_FIELDS.map((f) => [f, 0])) as Record<ImportField, number>;
  const matches: ImportRulesPlan['matches'] = [];
  const groups = new Map<string, { values: ImportActions; ids: number[] }>();
  let flightsMatched = 0;
  let lockedKept = 0;
  for (const { flight, facts } of all) {
    const { actions, matched } = decide(rules, (rule) => matchesFlight(rule.match, facts));
    for (const rule_id of matched) matches.push({ rule_id, flight_id: flight.id });
    if (matched.length) flightsMatched++;
    const values = Object.fromEntries(IMPORT_FIELDS.filter((f) => f in actions && actions[f] !== flight[f]).map((f) => [f, actions[f]])) as ImportActions;
    const changed = Object.keys(values) as ImportField[];
    if (!changed.length) continue;
    if (flight.locked) {
      lockedKept++;
      continue;
    }
    for (const f of changed) fieldsChanged[f]++;
    const key = JSON.stringify(Object.entries(values).sort());
    const group = groups.get(key) ?? { values, ids: [] };
    group.ids.push(flight.id);
    groups.set(key, group);
  }
  const changes = [...groups.values()];
  return {
    ruleIds: rules.map((r) => r.id),
    matches,
    changes,
    counts: {
      flights: all.length,
      rules: rules.length,
      flights_matched: flightsMatched,
      flights_changed: changes.reduce((n, g) => n + g.ids.length, 0),
      locked_flights_kept: lockedKept,
      fields_changed: fieldsChanged,
    },
  };
}

const BATCH = 1000;

/** Writes a plan: the caller gives a transaction, so it lands whole or not at all. */
export async function applyImportRulesPlan(ex: Executor, plan: ImportRulesPlan, progress: (percent: number, message: string) => Promise<void>) {
  if (plan.ruleIds.length) {
    await ex.delete(flightImportRuleMatches).where(inArray(flightImportRuleMatches.rule_id, plan.ruleIds));
  }
  for (let i = 0; i < plan.matches.length; i += BATCH) {
    await ex.insert(flightImportRuleMatches).values(plan.matches.slice(i, i + BATCH));
  }
  let done = 0;
  for (const { values, ids } of plan.changes) {
    for (let i = 0; i < ids.length; i += BATCH) {
      await ex
        .update(flights)
        .set(values)
        .where(inArray(flights.id, ids.slice(i, i + BATCH)));
    }
    done += ids.length;
    await progress(10 + (85 * done) / Math.max(1, plan.counts.flights_changed), `Updated ${done} flights`);
  }
}
