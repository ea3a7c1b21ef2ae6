// Rules that fill in a scenario's flights: import rules (zones, profiles, load factors),
// segregation rules and bags-per-allocation rules. Each matches flights by priority (lowest
// number first); the match criteria and actions are JSON so rules stay one row each.
import { doublePrecision, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { id, changeStamps } from './columns';
import { scenarioId } from './scenarioRef';
import { flights } from './flights';
import type { FlightMatch } from '../../../common/rules/matchFlight';

export type { FlightMatch } from '../../../common/rules/matchFlight';

export type ImportActions = {
  terminal_id?: number;
  zone_id?: number;
  makeup_zone_id?: number;
  load_factor?: number;
  turnup_profile_id?: number;
  sector?: 'domestic' | 'schengen' | 'international';
};

export const flightImportRules = pgTable('flight_import_rules', {
  id: id(),
  scenario_id: scenarioId(),
  name: text('name').notNull().default(''),
  priority: integer('priority').notNull().default(100),
  match: jsonb('match').$type<FlightMatch>().notNull().default({}),
  actions: jsonb('actions').$type<ImportActions>().notNull().default({}),
  ...changeStamps(),
});

export const flightImportRuleMatches = pgTable(
  'flight_import_rule_matches',
  {
    rule_id: integer('rule_id')
      .notNull()
      .references(() => flightImportRules.id, { onDelete: 'cascade' }),
    flight_id: integer('flight_id')
      .notNull()
      .references(() => flights.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.rule_id, t.flight_id] })],
);

export const segregationRules = pgTable('segregation_rules', {
  id: id(),
  scenario_id: scenarioId(),
  name: text('name').notNull().default(''),
  priority: integer('priority').notNull().default(100),
  match: jsonb('match').$type<FlightMatch>().notNull().default({}),
  /** The segregations to create on a matching flight, shares summing to 100. */
  segregations: jsonb('segregations').$type<Array<{ name: string; share: number }>>().notNull(),
  ...changeStamps(),
});

export const bagsPerAllocationRules = pgTable('bags_per_allocation_rules', {
  id: id(),
  scenario_id: scenarioId(),
  name: text('name').notNull().default(''),
  priority: integer('priority').notNull().default(100),
  match: jsonb('match').$type<FlightMatch>().notNull().default({}),
  bags_per_passenger: doublePrecision('bags_per_passenger').notNull().default(1.2),
  bags_per_container: integer('bags_per_container').notNull().default(40),
  /** Make-up positions one segregation occupies. */
  positions: integer('positions').notNull().default(1),
  /** Make-up opens this many minutes before STD ... */
  open_minutes: integer('open_minutes').notNull().default(150),
  /** ... and closes this many minutes before STD. */
  close_minutes: integer('close_minutes').notNull().default(40),
  ...changeStamps(),
});
