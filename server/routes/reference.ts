// Airlines (with the by-source list and the check-in zones the flow editor reads), aircraft types
// and turn-up profiles.
import { z } from 'zod';
import { and, asc, count as countRows, eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { flightExists } from './flightExists';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { aircraft, aircraftBody, airlines, flights, turnupProfiles, zones } from '../db/schema';
import { currentUser, requireUser } from '../auth/authenticate';
import { requireScenarioRole, visibleScenarios } from '../access/roles';
import { airlineZones } from '../../common/scenario/airlineZones';
import { airlineColours } from '../reference/lookup';
import type { ResourceSpec } from './scenarioRows';
import { registerScenarioResource } from './scenarioResource';
import { bearerSecurity, errorResponses } from './schemas';
import { airlineCode, count, icaoCode, idQuery, minutes, name, percent, sector, sharesTotal100 } from './fields';

const flownFrom = (db: Database, sourceId: number) => flightExists(db, eq(flights.airline_id, airlines.id), eq(flights.source_id, sourceId));

export const airlinesResource: ResourceSpec = {
  path: 'airlines/',
  table: airlines,
  name: 'Airline',
  tag: 'airlines',
  fields: z.object({
    code: airlineCode,
    icao: icaoCode(3).optional(),
    name: z.string().trim().max(200).optional(),
  }),
  filters: { flight__source_id: { schema: idQuery, where: (v: number, db: Database) => flownFrom(db, v) } },
  orderBy: [airlines.code],
};

export const aircraftResource: ResourceSpec = {
  path: 'aircraft/',
  table: aircraft,
  name: 'Aircraft',
  tag: 'aircraft',
  fields: z.object({
    iata: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9]{3}$/, 'Must be a three-character IATA aircraft type code.'),
    icao: icaoCode(4).optional(),
    name: z.string().trim().max(200).optional(),
    seats: count.optional(),
    body: z.enum(aircraftBody.enumValues).optional(),
    container_type: z.string().trim().min(1).max(10).optional(),
  }),
  orderBy: [aircraft.iata],
};

export const turnupProfilesResource: ResourceSpec = {
  path: 'turnup-profiles/',
  table: turnupProfiles,
  name: 'TurnupProfile',
  tag: 'turnup-profiles',
  fields: z.object({
    name,
    bin_minutes: z.number().int().min(1, 'Must be at least 1 minute.').max(120).optional(),
    earliest_minutes: minutes,
    shares: z.array(percent).min(1, 'Give at least one bin.').max(288),
    airline_code: airlineCode.nullable().optional(),
    sector: sector.nullable().optional(),
  }),
  validate: (_ex, _scenario, row) => {
    const shares = row.shares as number[];
    const bin = (row.bin_minutes as number | undefined) ?? 10;
    const errors: Record<string, string[]> = {};
    const total = sharesTotal100(shares);
    if (total) errors.shares = [total];
    if (shares.length * bin > (row.earliest_minutes as number)) {
      errors.earliest_minutes = [`The ${shares.length} bins of ${bin} minutes need the first to start at least ${shares.length * bin} minutes before STD.`];
    }
    return errors;
  },
  orderBy: [turnupProfiles.name],
};

const referenceRoutes: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().get('/airlines/by_source/', {
    schema: {
      tags: ['airlines'],
      security: bearerSecurity,
      summary: 'Airlines with at least one flight in a schedule file',
      querystring: z.object({ source_id: idQuery }),
      response: {
        200: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string() })),
        ...errorResponses,
      },
    },
    preHandler: requireUser(),
    handler: async (request) =>
      app.db
        .select({ id: airlines.id, code: airlines.code, name: airlines.name })
        .from(airlines)
        .where(and(visibleScenarios(app.db, currentUser(request), airlines.scenario_id), flownFrom(app.db, request.query.source_id)))
        .orderBy(asc(airlines.code), asc(airlines.id)),
  });

  app.withTypeProvider<ZodTypeProvider>().get('/airlines/zones/', {
    schema: {
      tags: ['airlines'],
      security: bearerSecurity,
      summary: "Each airline's check-in zone in the default flow: the one most of its departures use",
      querystring: z.object({ scenario_id: idQuery }),
      response: {
        200: z.array(
          z.object({ airline_id: z.number().int(), zone_id: z.number().int(), zones: z.number().int().describe('Check-in zones its departures use') }),
        ),
        ...errorResponses,
      },
    },
    preHandler: requireUser(),
    handler: async (request) => {
      const scenarioId = request.query.scenario_id;
      await requireScenarioRole(app.db, currentUser(request), scenarioId, 'viewer');
      const [departures, checkin] = await Promise.all([
        app.db
          .select({ airline: flights.airline_id, zone: flights.zone_id, count: countRows() })
          .from(flights)
          .where(and(eq(flights.scenario_id, scenarioId), eq(flights.direction, 'departure')))
          .groupBy(flights.airline_id, flights.zone_id),
        app.db
          .select({ id: zones.id })
          .from(zones)
          .where(and(eq(zones.scenario_id, scenarioId), eq(zones.kind, 'checkin'))),
      ]);
      const choices = airlineZones(
        departures,
        checkin.map((z) => z.id),
      );
      return [...choices]
        .map(([airline_id, choice]) => ({ airline_id, zone_id: choice.zone, zones: choice.zones }))
        .sort((a, b) => a.airline_id - b.airline_id);
    },
  });

  app.withTypeProvider<ZodTypeProvider>().get('/airline-colours/', {
    schema: {
      tags: ['airlines'],
      summary: 'Brand colours of airlines by IATA code (primary, secondary, tertiary)',
      response: {
        200: z.array(
          z.object({ code: z.string(), name: z.string(), primary: z.string(), secondary: z.string(), tertiary: z.string() }).meta({ id: 'AirlineColours' }),
        ),
      },
    },
    handler: async (_request, reply) => {
      // Reference data that changes only with a release: let browsers keep it for a day.
      reply.header('cache-control', 'public, max-age=86400');
      return airlineColours();
    },
  });

  registerScenarioResource(app, airlinesResource);

  registerScenarioResource(app, aircraftResource);

  registerScenarioResource(app, turnupProfilesResource);
};

export default referenceRoutes;
