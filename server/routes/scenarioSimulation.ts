// A stored scenario simulated without a browser (issue 33): its airport document as the server
// builds it (GET scenarios/{id}/airport-document/, what `npm run sim -- run` and `sim -- size`
// take), and an ordinary simulation of it on the job workers, saved with the scenario's runs as
// the Simulation screen saves one (POST simulation/run/). The settings default to the screen's.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../auth/authenticate';
import { requireScenarioRole } from '../access/roles';
import { ApiError } from '../errors';
import { JOB_KINDS } from '../jobs/kinds';
import type { SimulateRunParams } from '../jobs/handlers/simulateRun';
import { scenarioAirportDocument } from '../scenarios/airportDocument';
import { DEFAULT_DOCUMENT_SETTINGS, type DocumentSettings } from '../../common/scenario/documentSettings';
import { SimError } from '../../workers/sim/errors';
import { prepare } from '../../workers/sim/run';
import { JobSchema } from './jobs';
import { toDto } from './scenarioRows';
import { bearerSecurity, errorResponses } from './schemas';
import { idQuery, INT32_MAX, isoDate, name } from './fields';

/** The Simulation screen's bound on replications, which also bounds a server run's time. */
const MAX_REPLICATIONS = 100;

const wholeNumber = 'Must be a whole number.';
const replications = (n: z.ZodNumber) =>
  n
    .int(wholeNumber)
    .min(1, 'Must be at least 1.')
    .max(MAX_REPLICATIONS, `Must be at most ${MAX_REPLICATIONS}.`)
    .describe(`Replications of the design day (default ${DEFAULT_DOCUMENT_SETTINGS.replications}, as the Simulation screen)`);
const seed = (n: z.ZodNumber) =>
  n
    .int(wholeNumber)
    .min(0, 'Must not be negative.')
    .max(INT32_MAX, `Must be at most ${INT32_MAX}.`)
    .describe(`Seed of the random streams (default ${DEFAULT_DOCUMENT_SETTINGS.seed})`);

const documentQuery = z.object({
  replications: replications(z.coerce.number(wholeNumber)).default(DEFAULT_DOCUMENT_SETTINGS.replications),
  seed: seed(z.coerce.number(wholeNumber)).default(DEFAULT_DOCUMENT_SETTINGS.seed),
  playback: z
    .enum(['true', 'false'], "Must be 'true' or 'false'.")
    .default('true')
    .describe("Keep the minute-by-minute state the Playback tab shows (default 'true', as the Simulation screen)"),
  design_date: isoDate.optional().describe("Another design day (default the scenario's design date, else its first departure's local date)"),
});

const runBody = z.object({
  replications: replications(z.number(wholeNumber)).default(DEFAULT_DOCUMENT_SETTINGS.replications),
  seed: seed(z.number(wholeNumber)).default(DEFAULT_DOCUMENT_SETTINGS.seed),
  name: name.optional().describe('The saved run\'s name (default "Server run of <date and time, UTC>")'),
});

/**
 * A document built from the scenario that the engine refuses (no departures, a flow it cannot
 * run): the scenario must change, not the request.
 */
export function scenarioRefused(what: string, error: SimError): ApiError {
  return new ApiError(409, 'scenario_not_simulatable', `This scenario cannot be ${what}: ${error.message}`);
}

const scenarioSimulationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/scenarios/:id/airport-document/', {
    schema: {
      tags: ['simulation-runs'],
      security: bearerSecurity,
      summary: "The scenario's airport document (docs/simulation.md), built as the Simulation screen builds it, for `npm run sim -- run` or `sim -- size`",
      params: z.object({ id: idQuery }),
      querystring: documentQuery,
      response: { 200: z.record(z.string(), z.unknown()).describe('The airport document'), ...errorResponses },
    },
    preHandler: requireUser(),
    handler: async (request) => {
      const scenarioId = request.params.id;
      await requireScenarioRole(app.db, currentUser(request), scenarioId, 'viewer');
      const { replications, seed, playback, design_date } = request.query;
      const settings: DocumentSettings = { ...DEFAULT_DOCUMENT_SETTINGS, replications, seed, playback: playback === 'true' };
      const { document } = await scenarioAirportDocument(app.db, scenarioId, { settings, designDate: design_date });
      return document;
    },
  });

  app.post('/simulation/run/', {
    schema: {
      tags: ['simulation-runs'],
      security: bearerSecurity,
      summary: "Simulate the scenario's design day on the server's workers (a job); the run is saved with the scenario's simulation runs",
      querystring: z.object({ scenario_id: idQuery }),
      body: runBody,
      response: { 202: JobSchema, ...errorResponses },
    },
    preHandler: requireUser(),
    handler: async (request, reply) => {
      const scenarioId = request.query.scenario_id;
      // A run is saved with the scenario, as an editor saves one from the screen.
      await requireScenarioRole(app.db, currentUser(request), scenarioId, 'editor');
      const settings: DocumentSettings = { ...DEFAULT_DOCUMENT_SETTINGS, replications: request.body.replications, seed: request.body.seed };
      const { document, processes } = await scenarioAirportDocument(app.db, scenarioId, { settings });
      try {
        prepare(document);
      } catch (error) {
        if (error instanceof SimError) throw scenarioRefused('simulated', error);
        throw error;
      }
      const params: SimulateRunParams = {
        document: document as unknown as Record<string, unknown>,
        name: request.body.name ?? `Server run of ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
        settings: { settings, processes },
      };
      const job = await app.jobs().enqueue(JOB_KINDS.simulate, scenarioId, params);
      return reply.code(202).send(toDto(job) as never);
    },
  });
};

export default scenarioSimulationRoutes;
