// A scenario's live changes as server-sent events (issue 35): each committed write to its data,
// by anyone (a planner, a job, another API process), as the database announced it
// (live/changeHub.ts). Who may read the scenario may listen, viewers too; whoever loses access
// (removed from the project, deactivated, the scenario deleted) hears nothing more: access is
// checked again before each change is sent, and at each keep-alive.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../auth/authenticate';
import { requireScenarioRole, scenarioRole } from '../access/roles';
import { findUserById } from '../repositories/users';
import type { ScenarioChange } from '../live/changeHub';
import { arrive, leave, stillHere } from '../live/presence';
import { bearerSecurity, errorResponses } from './schemas';
import { idQuery } from './fields';

/** An event this often keeps proxies from closing an idle stream, and re-checks access. */
const KEEP_ALIVE_MS = 20_000;

const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

const scenarioEventsRoutes: FastifyPluginAsyncZod = async (app) => {
  const open = new Set<() => void>();
  /** Streams' presence rows being deleted, which closing the database must wait for. */
  const leaving = new Set<Promise<void>>();
  // Streams never end by themselves: closing the app ends them, or it would wait for them.
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
    await Promise.allSettled([...leaving]);
  });

  app.get('/scenarios/:id/events/', {
    schema: {
      tags: ['scenarios'],
      security: bearerSecurity,
      summary: "The scenario's changes as they are committed, as server-sent events (text/event-stream)",
      description:
        '`ready` once listening; then `change` with `{scenario, set, op, ids, count}` for each committed write (`set` is the table written, ' +
        '`op` insert, update or delete, `ids` the first 100 ids touched and `count` all of them); `resync` when changes may have been missed ' +
        '(reload everything shown); `revoked` when the user can no longer read the scenario, and the stream ends.',
      params: z.object({ id: idQuery }),
      response: { 200: z.string().describe('text/event-stream'), ...errorResponses },
    },
    preHandler: requireUser(),
    handler: async (request, reply) => {
      const scenarioId = request.params.id;
      const userId = currentUser(request).id;
      await requireScenarioRole(app.db, currentUser(request), scenarioId, 'viewer');

      const stillAllowed = async () => {
        const user = await findUserById(app.db, userId);
        return Boolean(user?.isActive && (await scenarioRole(app.db, user, scenarioId)));
      };

      // Who has the scenario open: this stream counts until it ends (live/presence.ts).
      const presence = await arrive(app.db, scenarioId, userId);
      const presenceFailed = (err: unknown) => request.log.error({ err, scenarioId }, 'recording who has the scenario open failed');

      reply.hijack();
      const raw = reply.raw;
      // A stream ends only when someone goes: its connection is closed with it, not kept for reuse.
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
        connection: 'close',
      });
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        unsubscribe();
        clearInterval(keepAlive);
        open.delete(end);
        const left = leave(app.db, presence).catch(presenceFailed);
        leaving.add(left);
        void left.finally(() => leaving.delete(left));
        raw.end();
      };
      /** Sends what the user may still read; ends the stream once they may not. */
      const send = async (event: string, data: unknown) => {
        // Changes queued behind a closed stream need no access check.
        if (ended) return;
        if (!(await stillAllowed())) {
          if (!ended) raw.write(sse('revoked', { scenario: scenarioId }));
          end();
          return;
        }
        if (!ended) raw.write(sse(event, data));
      };
      // Sent in order: a change waits for the access check of the one before it.
      let queue = Promise.resolve();
      const enqueue = (event: string, data: unknown) => {
        queue = queue
          .then(() => send(event, data))
          .catch((err: unknown) => {
            request.log.error({ err, scenarioId }, 'a scenario event stream failed');
            end();
          });
      };
      const unsubscribe = app.changes.subscribe(scenarioId, (change: ScenarioChange | 'gap') =>
        change === 'gap' ? enqueue('resync', { scenario: scenarioId }) : enqueue('change', change),
      );
      const keepAlive = setInterval(() => {
        enqueue('keep-alive', {});
        stillHere(app.db, presence).catch(presenceFailed);
      }, KEEP_ALIVE_MS);
      open.add(end);
      raw.on('close', end);
      raw.write('retry: 2000\n\n');
      raw.write(sse('ready', { scenario: scenarioId }));
    },
  });
};

export default scenarioEventsRoutes;
