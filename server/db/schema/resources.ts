// Processing and make-up resources in the zones, and their allocations over time.
import { boolean, doublePrecision, index, integer, jsonb, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { id, changeStamps } from './columns';
import { scenarioId } from './scenarioRef';
import { zones } from './airports';
import { airlines } from './reference';
import { flights, segregations } from './flights';

export const resourceType = pgEnum('resource_type', ['fullservice', 'kiosk', 'bagdrop', 'security', 'makeup_carousel', 'makeup_lateral', 'makeup_chute']);

export const resources = pgTable(
  'resources',
  {
    id: id(),
    scenario_id: scenarioId(),
    zone_id: integer('zone_id')
      .notNull()
      .references(() => zones.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    resource_type: resourceType('resource_type').notNull(),
    /** Make-up: how many segregations it holds at once. */
    positions: integer('positions').notNull().default(1),
    /** Processing resources: mean service time and its coefficient of variation. */
    service_mean_seconds: doublePrecision('service_mean_seconds'),
    service_cv: doublePrecision('service_cv'),
    /** Queue area in front of it in m² (a security resource: of all its lanes); null: the default of its type. */
    queue_area_m2: doublePrecision('queue_area_m2'),
    display_order: integer('display_order').notNull().default(0),
    ...changeStamps(),
  },
  (t) => [index('resources_zone').on(t.zone_id)],
);

export const resourceAllocations = pgTable('resource_allocations', {
  id: id(),
  scenario_id: scenarioId(),
  resource_id: integer('resource_id')
    .notNull()
    .references(() => resources.id, { onDelete: 'cascade' }),
  flight_id: integer('flight_id').references(() => flights.id, { onDelete: 'cascade' }),
  airline_id: integer('airline_id').references(() => airlines.id, { onDelete: 'cascade' }),
  start: timestamp('start', { withTimezone: true }).notNull(),
  end: timestamp('end', { withTimezone: true }).notNull(),
  locked: boolean('locked').notNull().default(false),
  ...changeStamps(),
});

export const baggageAllocations = pgTable(
  'baggage_allocations',
  {
    id: id(),
    scenario_id: scenarioId(),
    flight_id: integer('flight_id')
      .notNull()
      .references(() => flights.id, { onDelete: 'cascade' }),
    segregation_id: integer('segregation_id')
      .notNull()
      .references(() => segregations.id, { onDelete: 'cascade' }),
    resource_id: integer('resource_id')
      .notNull()
      .references(() => resources.id, { onDelete: 'cascade' }),
    position_index: integer('position_index').notNull().default(0),
    start: timestamp('start', { withTimezone: true }).notNull(),
    end: timestamp('end', { withTimezone: true }).notNull(),
    bags: integer('bags').notNull().default(0),
    containers: integer('containers').notNull().default(0),
    locked: boolean('locked').notNull().default(false),
    ...changeStamps(),
  },
  (t) => [index('baggage_allocations_flight').on(t.flight_id)],
);

export const passengerMovementGraphs = pgTable('passenger_movement_graphs', {
  id: id(),
  scenario_id: scenarioId(),
  name: text('name').notNull(),
  /** The flow.json document: nodes, edges, splits, positions and pax stories. */
  graph: jsonb('graph').$type<Record<string, unknown>>().notNull(),
  ...changeStamps(),
});
