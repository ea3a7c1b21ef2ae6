// Size to target on the server's workers (issue 12): an airport document sized for the share within
// target and planning period asked, as a 'simulation-size' job whose simulations every worker
// process shares. The document is the one the body brings (the Requirements screen's), or, without
// one, the stored scenario's as the server builds it with the body's targets applied as the screen
// applies them (issue 33). A document the engine refuses is answered at once with its reason
// (400 naming `document` for one brought, 409 for the scenario's own), and nothing is queued.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../auth/authenticate';
import { requireScenarioRole } from '../access/roles';
import type { Database } from '../db/database';
import { invalid, type FieldErrors } from '../errors';
import { JOB_KINDS } from '../jobs/kinds';
import { scenarioAirportDocument } from '../scenarios/airportDocument';
import { DEFAULT_DOCUMENT_SETTINGS, DEFAULT_LOS_TARGETS, PROCESSES, type Process } from '../../common/scenario/documentSettings';
import { withSizing } from '../../common/scenario/sizingDocument';
import { SimError } from '../../workers/sim/errors';
import { prepareSizing } from '../../workers/sim/sizing/problem';
import { JobSchema } from './jobs';
import { scenarioRefused } from './scenarioSimulation';
import { toDto } from './scenarioRows';
import { bearerSecurity, errorResponses } from './schemas';
import { idQuery, name } from './fields';

const sizeBody = z.object({
  document: z
    .record(z.string(), z.unknown())
    .optional()
    .describe("The airport document to size (docs/simulation.md), as the Requirements screen builds it; without it, the scenario's own, built by the server"),
  name,
  share: z
    .number()
    .min(0.5, 'Must be at least 0.5 (50 %).')
    .max(0.999, 'Must be at most 0.999 (99.9 %).')
    .describe('Share of passengers within target, per period'),
  period_minutes: z.number().int().min(5, 'Must be at least 5 minutes.').max(240, 'Must be at most 240 minutes.').describe('Planning period'),
  targets: z
    .record(z.string(), z.number().positive().max(600))
    .optional()
    .describe(
      `Waiting-time targets per process, in minutes, saved with the plan. Without a document they are the queues' targets: processes ${PROCESSES.join(', ')}, each by default as the Simulation screen's (${PROCESSES.map((p) => `${p} ${DEFAULT_LOS_TARGETS[p]}`).join(', ')})`,
    ),
});
type SizeBody = z.infer<typeof sizeBody>;

/** The scenario's targets: the screen's defaults with the body's, each of which must name a process. */
function losTargets(targets: SizeBody['targets']): Record<Process, number> {
  const errors: FieldErrors = {};
  for (const key of Object.keys(targets ?? {})) {
    if (!(PROCESSES as readonly string[]).includes(key)) errors[`targets.${key}`] = [`Not a process: targets are given for ${PROCESSES.join(', ')}.`];
  }
  if (Object.keys(errors).length) throw invalid(errors);
  return { ...DEFAULT_LOS_TARGETS, ...targets };
}

/** The document to size and the settings its plan is saved with; a 400 or 409 with the engine's reason when it cannot be sized. */
async function sizingRequest(db: Database, scenarioId: number, body: SizeBody) {
  const sizing = { share: body.share, period_minutes: body.period_minutes };
  if (body.document) {
    const document = { ...body.document, sizing };
    try {
      prepareSizing(document);
    } catch (error) {
      if (error instanceof SimError) throw invalid({ document: [error.message] });
      throw error;
    }
    return { document, settings: { ...sizing, ...(body.targets && { targets: body.targets }) } };
  }
  const targets = losTargets(body.targets);
  // As the Requirements screen builds it: the screen's settings with these targets, no playback.
  const built = await scenarioAirportDocument(db, scenarioId, { settings: { ...DEFAULT_DOCUMENT_SETTINGS, losTargets: targets, playback: false } });
  const document = withSizing(built.document, sizing);
  try {
    prepareSizing(document);
  } catch (error) {
    if (error instanceof SimError) throw scenarioRefused('sized', error);
    throw error;
  }
  return { document: document as unknown as Record<string, unknown>, settings: { ...sizing, targets } };
}

const simulationSizeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/simulation/size/', {
    schema: {
      tags: ['simulation-runs'],
      security: bearerSecurity,
      summary: "Size every check-in group and security checkpoint to its target on the server's workers (a job); its plan is saved with the scenario",
      querystring: z.object({ scenario_id: idQuery }),
      body: sizeBody,
      response: { 202: JobSchema, ...errorResponses },
    },
    preHandler: requireUser(),
    handler: async (request, reply) => {
      const scenarioId = request.query.scenario_id;
      await requireScenarioRole(app.db, currentUser(request), scenarioId, 'editor');
      const { document, settings } = await sizingRequest(app.db, scenarioId, request.body);
      const job = await app.jobs().enqueue(JOB_KINDS.sizeToTarget, scenarioId, { document, name: request.body.name, settings });
      return reply.code(202).send(toDto(job) as never);
    },
  });
};

export default simulationSizeRoutes;
