// Schedule files, the dated flights imported from them, and each flight's segregations.
import { boolean, customType, date, doublePrecision, index, integer, jsonb, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { id, changeStamps } from './columns';
import { scenarioId } from './scenarioRef';
import { aircraft, airlines, sector, turnupProfiles } from './reference';
import { terminals, zones } from './airports';
import type { SeasonSummary } from '../../../workers/schedule/season';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

export const scheduleFormat = pgEnum('schedule_format', ['ssim', 'csv', 'xlsx']);
export const importStatus = pgEnum('import_status', ['pending', 'importing', 'imported', 'failed']);

export const flightScheduleFiles = pgTable('flight_schedule_files', {
  id: id(),
  scenario_id: scenarioId(),
  name: text('name').notNull(),
  format: scheduleFormat('format').notNull(),
  /** The uploaded file, kept so it can be downloaded and re-imported. */
  content: bytea('content'),
  row_count: integer('row_count').notNull().default(0),
  period_start: date('period_start', { mode: 'string' }),
  period_end: date('period_end', { mode: 'string' }),
  import_status: importStatus('import_status').notNull().default('pending'),
  error: text('error'),
  /** A season kept for design-day studies (its flights are not the scenario's): each day's totals and peaks. */
  season: jsonb('season').$type<SeasonSummary>(),
  ...changeStamps(),
});

export const direction = pgEnum('direction', ['departure', 'arrival']);

export const flights = pgTable(
  'flights',
  {
    id: id(),
    scenario_id: scenarioId(),
    source_id: integer('source_id').references(() => flightScheduleFiles.id, { onDelete: 'cascade' }),
    airline_id: integer('airline_id')
      .notNull()
      .references(() => airlines.id, { onDelete: 'restrict' }),
    flight_number: text('flight_number').notNull(),
    suffix: text('suffix').notNull().default(''),
    direction: direction('direction').notNull().default('departure'),
    origin: text('origin').notNull().default(''),
    destination: text('destination').notNull().default(''),
    /** STD of a departure, STA of an arrival (UTC). */
    scheduled: timestamp('scheduled', { withTimezone: true }).notNull(),
    aircraft_id: integer('aircraft_id').references(() => aircraft.id, { onDelete: 'set null' }),
    seats: integer('seats').notNull().default(0),
    /** The schedule gave neither seats nor a type of known size: the seats were estimated on import. */
    seats_estimated: boolean('seats_estimated').notNull().default(false),
    load_factor: doublePrecision('load_factor').notNull().default(0.85),
    /** When set, overrides seats x load factor. */
    passengers: integer('passengers'),
    sector: sector('sector').notNull().default('international'),
    terminal_id: integer('terminal_id').references(() => terminals.id, { onDelete: 'set null' }),
    zone_id: integer('zone_id').references(() => zones.id, { onDelete: 'set null' }),
    makeup_zone_id: integer('makeup_zone_id').references(() => zones.id, { onDelete: 'set null' }),
    turnup_profile_id: integer('turnup_profile_id').references(() => turnupProfiles.id, {
      onDelete: 'set null',
    }),
    /** The planner's own values: applying the import rules leaves a locked flight as it is. */
    locked: boolean('locked').notNull().default(false),
    ...changeStamps(),
  },
  (t) => [index('flights_scenario_scheduled').on(t.scenario_id, t.scheduled), index('flights_source').on(t.source_id)],
);

export const segregations = pgTable(
  'segregations',
  {
    id: id(),
    scenario_id: scenarioId(),
    flight_id: integer('flight_id')
      .notNull()
      .references(() => flights.id, { onDelete: 'cascade' }),
    /** J, Y, TRANSFER, a destination, ... */
    name: text('name').notNull(),
    /** Percent of the flight's passengers and bags. */
    share: doublePrecision('share').notNull().default(100),
    bags: integer('bags').notNull().default(0),
    ...changeStamps(),
  },
  (t) => [index('segregations_flight').on(t.flight_id)],
);
