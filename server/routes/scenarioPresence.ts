// Who has a scenario open now (issue 35), for the top bar: everyone with an event stream open on it
// (routes/scenarioEvents.ts), on any API process. Their arrivals and departures are announced as
// changes of the set `scenario_presence`, so a top bar asks again at once.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../auth/authenticate';
import { requireScenarioRole } from '../access/roles';
import { visitors } from '../live/presence';
import { bearerSecurity, errorResponses } from './schemas';
import { idQuery } from './fields';

const Visitor = z
  .object({
    id: z.number().int(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    since: z.string().describe('When they opened the scenario'),
  })
  .meta({ id: 'ScenarioVisitor' });

const scenarioPresenceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/scenarios/:id/presence/', {
    schema: {
      tags: ['scenarios'],
      security: bearerSecurity,
      summary: 'Who has the scenario open now, the asker too, the earliest first',
      params: z.object({ id: idQuery }),
      response: { 200: z.array(Visitor), ...errorResponses },
    },
    preHandler: requireUser(),
    handler: async (request) => {
      await requireScenarioRole(app.db, currentUser(request), request.params.id, 'viewer');
      return visitors(app.db, request.params.id);
    },
  });
};

export default scenarioPresenceRoutes;
