// Design-day studies of a scenario (issue 15): a season file's days and peaks, choosing the
// scenario's design day from it by a named rule, and growing the design day into a new scenario.
// The rules and the growth method: docs/schedule-studies.md.
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { flightScheduleFiles, scenarios } from '../db/schema';
import { currentUser, requireUser } from '../auth/authenticate';
import { assertRole, projectRole, requireScenarioRole, scenarioRole } from '../access/roles';
import { notFound } from '../errors';
import { applyDesignDay, seasonFile } from '../schedules/applyDesignDay';
import { growScenario } from '../schedules/growScenario';
import { DESIGN_DAY_RULES, peakHoursByGroup, typicalPeakHour } from '../../workers/schedule/season';
import { scenarioDepartures } from '../schedules/scenarioDepartures';
import { bearerSecurity, errorResponses } from './schemas';
import { idQuery, isoDate, name } from './fields';

const tags = ['design-days'];
const security = bearerSecurity;
const params = z.object({ id: idQuery });

/** 0 takes every flight away (a lost airline), below 1 a decline, above 1 growth. */
const factor = z.number('Must be a number from 0 to 10.').min(0, 'Must be at least 0 (0 removes the flights).').max(10, 'Must be at most 10.');

const sectorFactors = z.partialRecord(z.enum(['domestic', 'schengen', 'international']), factor).optional();

const growBody = z
  .object({
    name,
    year: z.number().int('Must be a whole year.').min(1900, 'Must be a year.').max(2200, 'Must be a year.').nullable().optional(),
    factor,
    airline_factors: z.record(z.string().regex(/^[A-Z0-9]{2,3}$/, 'Must be an airline code.'), factor).optional(),
    sector_factors: sectorFactors.describe("Factors by the flights' sector, for airlines without a factor of their own (they then grow sector by sector)"),
    region_factors: sectorFactors.describe('Deprecated: the former name of sector_factors, still accepted'),
    seed: z.number().int('Must be a whole number.').optional(),
    load_factor: z.number('Must be a number from 0.3 to 1.').min(0.3, 'Must be at least 0.3.').max(1, 'Must be at most 1.').optional(),
    upgauge: z
      .record(z.string().regex(/^[A-Z0-9]{3}$/, 'Must be an IATA aircraft type.'), z.string().regex(/^[A-Z0-9]{3}$/, 'Must be an IATA aircraft type.'))
      .optional(),
  })
  .refine((b) => !(b.sector_factors && b.region_factors), {
    path: ['region_factors'],
    message: 'Give sector_factors only (region_factors is its former name).',
  });

const seasonsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/flight-schedule-file/:id/season/', {
    schema: {
      tags,
      security,
      summary: "A season file's days: departures, seats and passengers, each day's peak hours, and the typical peak hour passengers",
      params,
      response: { 200: z.record(z.string(), z.unknown()), ...errorResponses },
    },
    preHandler: requireUser(),
    handler: async (request) => {
      const [row] = await app.db
        .select({ scenario_id: flightScheduleFiles.scenario_id })
        .from(flightScheduleFiles)
        .where(eq(flightScheduleFiles.id, request.params.id));
      if (!row) throw notFound();
      assertRole(await scenarioRole(app.db, currentUser(request), row.scenario_id), 'viewer');
      const file = await seasonFile(app.db, row.scenario_id, request.params.id);
      return { file_id: file.id, name: file.name, ...file.season, tphp: typicalPeakHour(file.season.days) };
    },
  });

  app.post('/scenarios/:id/design-day/', {
    schema: {
      tags,
      security,
      summary: "Choose the scenario's design day from a season file by a rule; the day's flights replace the scenario's (editors)",
      description:
        'rule: busiest, nth-busiest (with n), peak-month-average, average-week-peak, or picked (with date). The scenario records the file, the rule and why (provenance.design_day). Import rules and segregations are applied to the new flights as to any import: run them from the flights screen.',
      params,
      body: z.object({
        file_id: idQuery,
        rule: z.enum([...DESIGN_DAY_RULES, 'picked']),
        n: z.number().int('Must be a whole number.').min(1, 'Must be at least 1.').optional(),
        date: isoDate.optional(),
      }),
      response: { 200: z.record(z.string(), z.unknown()), ...errorResponses },
    },
    preHandler: requireUser(),
    handler: async (request) => {
      await requireScenarioRole(app.db, currentUser(request), request.params.id, 'editor');
      return await applyDesignDay(app.db, request.params.id, request.body);
    },
  });

  app.get('/scenarios/:id/peak-hours/', {
    schema: {
      tags,
      security,
      summary:
        "The design day's peak hours (busiest rolling 60 minutes of departures, seats and passengers, local time): all departures, by terminal and by airline",
      params,
      response: { 200: z.record(z.string(), z.unknown()), ...errorResponses },
    },
    preHandler: requireUser(),
    handler: async (request) => {
      const [scenario] = await app.db.select().from(scenarios).where(eq(scenarios.id, request.params.id));
      if (!scenario) throw notFound();
      await requireScenarioRole(app.db, currentUser(request), scenario.id, 'viewer');
      const { flights, timeZone } = await scenarioDepartures(app.db, scenario.id);
      return { design_date: scenario.design_date, time_zone: timeZone, ...peakHoursByGroup(flights) };
    },
  });

  app.post('/scenarios/:id/grow/', {
    schema: {
      tags,
      security,
      summary: "A new scenario of the same project: this one's design day grown or shrunk by the factors (editors of the project)",
      description:
        "Each airline's departures become round(count x factor), factors from 0 to 10 (airline_factors override factor per airline code; sector_factors apply by the flights' sector to airlines without their own). Above 1 every flight is kept and new flights repeat the airline's own departures in the gaps of its day; below 1 the flights that go are drawn among the airline's (0 removes them all); both drawn with the seed (the same seed gives the same day). Then upgauge ({\"320\": \"321\"}: every flight of type 320 flies a 321, with its typical seats) and load_factor (every flight) apply. The new scenario's provenance.growth lists the new and the removed flights.",
      params,
      body: growBody,
      response: { 201: z.record(z.string(), z.unknown()), ...errorResponses },
    },
    preHandler: requireUser(),
    handler: async (request, reply) => {
      const [source] = await app.db.select().from(scenarios).where(eq(scenarios.id, request.params.id));
      if (!source) throw notFound();
      await requireScenarioRole(app.db, currentUser(request), source.id, 'viewer');
      assertRole(await projectRole(app.db, currentUser(request), source.project_id), 'editor');
      const { region_factors, sector_factors, ...rest } = request.body;
      const grown = await app.db.transaction((tx) => growScenario(tx, source.id, { ...rest, sector_factors: sector_factors ?? region_factors }));
      return reply.code(201).send({ scenario_id: grown.id, ...grown.growth });
    },
  });
};

export default seasonsRoutes;
