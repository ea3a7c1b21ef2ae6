// Flights and their segregations, with the bulk edits the flights grid saves through and the
// by-airline-source list the flow editor reads.
import { z } from 'zod';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { airlines, direction, flights, segregations } from '../db/schema';
import { FLIGHT_REFS, SEGREGATION_REFS } from '../scenarios/references';
import { flightExists } from './flightExists';
import { currentUser, requireUser } from '../auth/authenticate';
import { visibleScenarios } from '../access/roles';
import type { Database } from '../db/database';
import type { ResourceSpec } from './scenarioRows';
import { registerScenarioResource } from './scenarioResource';
import { bearerSecurity, errorResponses } from './schemas';
import { count, idQuery, isoDateTime, optionalRef, percent, ref, sector } from './fields';

const optionalAirport = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^([A-Z]{3})?$/, 'Must be a three-letter IATA airport code.')
  .optional();

export const flightsResource: ResourceSpec = {
  path: 'flights/',
  table: flights,
  name: 'Flight',
  tag: 'flights',
  fields: z.object({
    source_id: optionalRef,
    airline_id: ref,
    flight_number: z
      .string()
      .trim()
      .regex(/^\d{1,4}$/, 'Must be 1 to 4 digits.'),
    suffix: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]?$/, 'Must be one letter or empty.')
      .optional(),
    direction: z.enum(direction.enumValues).optional(),
    origin: optionalAirport,
    destination: optionalAirport,
    scheduled: isoDateTime.describe('STD of a departure, STA of an arrival'),
    aircraft_id: optionalRef,
    seats: count.optional(),
    seats_estimated: z
      .boolean()
      .optional()
      .describe(
        'The schedule gave neither seats nor an aircraft type of known size, so the import estimated them; the flights grid clears it when a planner types the seats',
      ),
    load_factor: z.number().min(0, 'Must be from 0 to 1.').max(1, 'Must be from 0 to 1.').optional(),
    passengers: count.nullable().optional(),
    sector: sector.optional(),
    terminal_id: optionalRef,
    zone_id: optionalRef.describe('The check-in zone'),
    makeup_zone_id: optionalRef,
    turnup_profile_id: optionalRef,
    locked: z.boolean().optional().describe("The planner's own values: applying the import rules leaves a locked flight as it is"),
  }),
  refs: FLIGHT_REFS,
  filters: {
    source_id: { schema: idQuery, where: (v: number) => eq(flights.source_id, v) },
    zone_id: { schema: idQuery, where: (v: number) => eq(flights.zone_id, v) },
  },
  orderBy: [flights.scheduled],
  bulk: true,
};

export const segregationsResource: ResourceSpec = {
  path: 'segregations/',
  table: segregations,
  name: 'Segregation',
  tag: 'segregations',
  fields: z.object({
    flight_id: ref,
    name: z.string().trim().toUpperCase().min(1, 'This field may not be blank.').max(40),
    share: percent.optional(),
    bags: count.optional(),
  }),
  refs: SEGREGATION_REFS,
  filters: {
    flight_id: { schema: idQuery, where: (v: number) => eq(segregations.flight_id, v) },
    flight__source_id: {
      schema: idQuery,
      where: (v: number, db: Database) => flightExists(db, eq(flights.id, segregations.flight_id), eq(flights.source_id, v)),
    },
  },
  orderBy: [segregations.flight_id, segregations.name],
  bulk: true,
};

const flightsRoutes: FastifyPluginAsync = async (app) => {
  registerScenarioResource(app, flightsResource);

  app.withTypeProvider<ZodTypeProvider>().get('/segregations/by_airline_source/', {
    schema: {
      tags: ['segregations'],
      security: bearerSecurity,
      summary: "Segregations of a schedule file's flights, each with its flight and airline",
      querystring: z.object({ source_id: idQuery, airline_id: idQuery.optional() }),
      response: {
        200: z.array(
          z.object({
            id: z.number().int(),
            name: z.string(),
            share: z.number(),
            bags: z.number().int(),
            flight: z.object({
              id: z.number().int(),
              flight_number: z.string(),
              airline: z.object({ id: z.number().int(), code: z.string() }),
            }),
          }),
        ),
        ...errorResponses,
      },
    },
    preHandler: requireUser(),
    handler: async (request) => {
      const { source_id, airline_id } = request.query;
      const rows = await app.db
        .select({
          id: segregations.id,
          name: segregations.name,
          share: segregations.share,
          bags: segregations.bags,
          flight_id: flights.id,
          flight_number: flights.flight_number,
          airline_id: airlines.id,
          airline_code: airlines.code,
        })
        .from(segregations)
        .innerJoin(flights, eq(flights.id, segregations.flight_id))
        .innerJoin(airlines, eq(airlines.id, flights.airline_id))
        .where(
          and(
            visibleScenarios(app.db, currentUser(request), segregations.scenario_id),
            eq(flights.source_id, source_id),
            airline_id === undefined ? undefined : eq(airlines.id, airline_id),
          ),
        )
        .orderBy(asc(airlines.code), asc(segregations.name), asc(segregations.id));
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        share: r.share,
        bags: r.bags,
        flight: { id: r.flight_id, flight_number: r.flight_number, airline: { id: r.airline_id, code: r.airline_code } },
      }));
    },
  });

  registerScenarioResource(app, segregationsResource);
};

export default flightsRoutes;
