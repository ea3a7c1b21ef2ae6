// Airports, terminals and zones of a scenario.
import { z } from 'zod';
import { and, eq, exists } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { airports, flights, terminals, zones } from '../db/schema';
import { registerScenarioResource } from './scenarioResource';
import { airportCode, icaoCode, idQuery, name, ref, timeZone } from './fields';

const placesRoutes: FastifyPluginAsync = async (app) => {
  registerScenarioResource(app, {
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
  });

  registerScenarioResource(app, {
    path: 'terminals/',
    table: terminals,
    name: 'Terminal',
    tag: 'terminals',
    fields: z.object({ airport_id: ref, name, code: z.string().trim().max(20).optional() }),
    refs: { airport_id: airports },
    filters: { airport_id: { schema: idQuery, where: (v: number) => eq(terminals.airport_id, v) } },
    orderBy: [terminals.name],
  });

  registerScenarioResource(app, {
    path: 'zones/',
    table: zones,
    name: 'Zone',
    tag: 'zones',
    fields: z.object({ terminal_id: ref, name, kind: z.enum(['checkin', 'security', 'makeup']) }),
    refs: { terminal_id: terminals },
    filters: {
      terminal_id: { schema: idQuery, where: (v: number) => eq(zones.terminal_id, v) },
      flights__source_id: {
        schema: idQuery,
        where: (v: number) =>
          exists(
            app.db
              .select({ one: flights.id })
              .from(flights)
              .where(and(eq(flights.zone_id, zones.id), eq(flights.source_id, v))),
          ),
      },
    },
    orderBy: [zones.kind, zones.name],
  });
};

export default placesRoutes;
