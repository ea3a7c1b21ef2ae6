// Size to target on the server's workers (issue 12): the airport document the Simulation screen
// built, sized for the share within target and planning period asked, as a 'simulation-size' job
// whose simulations every worker process shares. A document the engine refuses is answered at
// once with its field-named reason, and nothing is queued.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../auth/authenticate';
import { requireScenarioRole } from '../access/roles';
import { invalid } from '../errors';
import { JOB_KINDS } from '../jobs/kinds';
import { SimError } from '../../workers/sim/errors';
import { prepareSizing } from '../../workers/sim/sizing/problem';
import { JobSchema } from './jobs';
import { toDto } from './scenarioRows';
import { bearerSecurity, errorResponses } from './schemas';
import { idQuery, name } from './fields';

const sizeBody = z.object({
  document: z.record(z.string(), z.unknown()).describe('The airport document to size (docs/simulation.md), as the Simulation screen builds it'),
  name,
  share: z.number().min(0.5, 'Must be at least 0.5 (50 %).').max(0.999, 'Must be at most 0.999 (99.9 %).').describe('Share of passengers within target, per period'),
  period_minutes: z.number().int().min(5, 'Must be at least 5 minutes.').max(240, 'Must be at most 240 minutes.').describe('Planning period'),
  targets: z.record(z.string(), z.number().positive().max(600)).optional().describe('Waiting-time targets per process, in minutes, saved with the plan'),
});

/** The document with the sizing asked for, or a 400 naming the engine's reason. */
function sizingDocument(body: z.infer<typeof sizeBody>): Record<string, unknown> {
  const document = { ...body.document, sizing: { share: body.share, period_minutes: body.period_minutes } };
  try {
    prepareSizing(document);
  } catch (error) {
    if (error instanceof SimError) throw invalid({ document: [error.message] });
    throw error;
  }
  return document;
}

const simulationSizeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/simulation/size/', {
    schema: {
      tags: ['simulation-runs'],
      security: bearerSecurity,
      summary: 'Size every check-in group and security checkpoint to its target on the server\'s workers (a job); its plan is saved with the scenario',
      querystring: z.object({ scenario_id: idQuery }),
      body: sizeBody,
      response: { 202: JobSchema, ...errorResponses },
    },
    preHandler: requireUser(),
    handler: async (request, reply) => {
      const scenarioId = request.query.scenario_id;
      await requireScenarioRole(app.db, currentUser(request), scenarioId, 'editor');
      const { name: planName, share, period_minutes, targets } = request.body;
      const document = sizingDocument(request.body);
      const settings = { share, period_minutes, ...(targets && { targets }) };
      const job = await app.jobs().enqueue(JOB_KINDS.sizeToTarget, scenarioId, { document, name: planName, settings });
      return reply.code(202).send(toDto(job) as never);
    },
  });
};

export default simulationSizeRoutes;
