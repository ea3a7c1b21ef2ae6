// Reference data a scenario carries: airlines, aircraft types and passenger turn-up profiles.
import { index, integer, jsonb, pgEnum, pgTable, text } from 'drizzle-orm/pg-core';
import { id, changeStamps } from './columns';
import { scenarioId } from './scenarioRef';

export const airlines = pgTable(
  'airlines',
  {
    id: id(),
    scenario_id: scenarioId(),
    /** Two-character IATA carrier code. */
    code: text('code').notNull(),
    icao: text('icao').notNull().default(''),
    name: text('name').notNull().default(''),
    ...changeStamps(),
  },
  (t) => [index('airlines_scenario_code').on(t.scenario_id, t.code)],
);

export const aircraftBody = pgEnum('aircraft_body', ['narrow', 'wide']);

export const aircraft = pgTable('aircraft', {
  id: id(),
  scenario_id: scenarioId(),
  /** IATA type code, e.g. 320, 77W. */
  iata: text('iata').notNull(),
  icao: text('icao').notNull().default(''),
  name: text('name').notNull().default(''),
  seats: integer('seats').notNull().default(0),
  body: aircraftBody('body').notNull().default('narrow'),
  /** Bulk, AKH, AKE, ... */
  container_type: text('container_type').notNull().default('bulk'),
  ...changeStamps(),
});

export const sector = pgEnum('sector', ['domestic', 'schengen', 'international']);

export const turnupProfiles = pgTable('turnup_profiles', {
  id: id(),
  scenario_id: scenarioId(),
  name: text('name').notNull(),
  bin_minutes: integer('bin_minutes').notNull().default(10),
  /** Start of the first bin, in minutes before STD. */
  earliest_minutes: integer('earliest_minutes').notNull(),
  /** Percent of passengers arriving in each bin, earliest first; sums to 100. */
  shares: jsonb('shares').$type<number[]>().notNull(),
  /** Optionally the default profile of an airline and/or sector. */
  airline_code: text('airline_code'),
  sector: sector('sector'),
  ...changeStamps(),
});
