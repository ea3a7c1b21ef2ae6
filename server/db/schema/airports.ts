// Airports, terminals and zones: where a scenario's counters, lanes and make-up positions are.
import { doublePrecision, integer, pgEnum, pgTable, text } from 'drizzle-orm/pg-core';
import { id, changeStamps } from './columns';
import { scenarioId } from './scenarioRef';

export const airports = pgTable('airports', {
  id: id(),
  scenario_id: scenarioId(),
  iata: text('iata').notNull(),
  icao: text('icao').notNull().default(''),
  name: text('name').notNull().default(''),
  city: text('city').notNull().default(''),
  country: text('country').notNull().default(''),
  time_zone: text('time_zone').notNull().default('UTC'),
  ...changeStamps(),
});

export const terminals = pgTable('terminals', {
  id: id(),
  scenario_id: scenarioId(),
  airport_id: integer('airport_id')
    .notNull()
    .references(() => airports.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  code: text('code').notNull().default(''),
  ...changeStamps(),
});

export const zoneKind = pgEnum('zone_kind', ['checkin', 'security', 'makeup']);

export const zones = pgTable('zones', {
  id: id(),
  scenario_id: scenarioId(),
  terminal_id: integer('terminal_id')
    .notNull()
    .references(() => terminals.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  kind: zoneKind('kind').notNull(),
  /** Queue area of the zone in m², shared by the queues whose resources stand in it; null: their resources' areas. */
  queue_area_m2: doublePrecision('queue_area_m2'),
  ...changeStamps(),
});
