// Airports, terminals and zones of a scenario.
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { airports, flights, terminals, zoneKind, zones } from '../db/schema';
import { TERMINAL_REFS, ZONE_REFS } from '../scenarios/references';
import { flightExists } from './flightExists';
import type { Database } from '../db/database';
import type { ResourceSpec } from './scenarioRows';
import { registerScenarioResource } from './scenarioResource';
import { airportCode, icaoCode, idQuery, name, ref, timeZone } from './fields';

export const airportsResource: ResourceSpec = {
  path: 'airports/',
  table: airports,
  name: 'Airport',
  tag: 'airports',
  fields: z.object({
    iata: airportCode,
    icao: icaoCode(4).optional(),
    name: z.string().trim().max(200).optional(),
    city: z.string().trim().max(200).optional(),
    country: z.string().trim().max(200).optional(),
    time_zone: timeZone.optional(),
  }),
  orderBy: [airports.iata],
};

const terminalsResource: ResourceSpec = {
  path: 'terminals/',
  table: terminals,
  name: 'Terminal',
  tag: 'terminals',
  fields: z.object({ airport_id: ref, name, code: z.string().trim().max(20).optional() }),
  refs: TERMINAL_REFS,
  filters: { airport_id: { schema: idQuery, where: (v: number) => eq(terminals.airport_id, v) } },
  orderBy: [terminals.name],
};

export const zonesResource: ResourceSpec = {
  path: 'zones/',
  table: zones,
  name: 'Zone',
  tag: 'zones',
  fields: z.object({
    terminal_id: ref,
    name,
    kind: z.enum(zoneKind.enumValues),
    queue_area_m2: z.number().positive('Must be more than 0.').max(1_000_000).nullable().optional(),
  }),
  refs: ZONE_REFS,
  filters: {
    terminal_id: { schema: idQuery, where: (v: number) => eq(zones.terminal_id, v) },
    flights__source_id: {
      schema: idQuery,
      where: (v: number, db: Database) => flightExists(db, eq(flights.zone_id, zones.id), eq(flights.source_id, v)),
    },
  },
  orderBy: [zones.kind, zones.name],
};

const placesRoutes: FastifyPluginAsync = async (app) => {
  registerScenarioResource(app, airportsResource);

  registerScenarioResource(app, terminalsResource);

  registerScenarioResource(app, zonesResource);
};

export default placesRoutes;
