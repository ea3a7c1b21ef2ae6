// Background jobs of a scenario: status, progress, message, result and error, and cancelling one.
import { z } from 'zod';
import { and, desc, eq, or } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { jobFiles, jobs, type UserRow } from '../db/schema';
import { currentUser, requireUser } from '../auth/authenticate';
import { requireScenarioRole, type Role } from '../access/roles';
import { ApiError, notFound } from '../errors';
import { cancelJobs } from '../jobs/cancel';
import { partsOf } from '../sizing/batchJobs';
import { bearerSecurity, errorResponses } from './schemas';
import { idQuery } from './fields';
import { toDto } from './scenarioRows';

export const JobSchema = z
  .object({
    id: z.number().int(),
    scenario_id: z.number().int(),
    kind: z.string(),
    status: z.enum(['queued', 'running', 'succeeded', 'failed', 'cancelled']),
    progress: z.number().int().describe('0 to 100'),
    message: z.string(),
    params: z.record(z.string(), z.unknown()),
    result: z.record(z.string(), z.unknown()).nullable(),
    error: z.string().nullable(),
    started_at: z.string().nullable(),
    finished_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Job' });

const jobsRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The job, once the user is found to hold `role` on its scenario (404 like any scenario resource otherwise). */
  async function jobFor(id: number, user: UserRow, role: Role) {
    const [row] = await app.db.select().from(jobs).where(eq(jobs.id, id));
    if (!row) throw notFound();
    await requireScenarioRole(app.db, user, row.scenario_id, role);
    return row;
  }

  app.get('/jobs/', {
    schema: {
      tags: ['jobs'],
      security: bearerSecurity,
      summary: "A scenario's jobs, newest first",
      querystring: z.object({ scenario_id: idQuery }),
      response: { 200: z.array(JobSchema), ...errorResponses },
    },
    preHandler: requireUser(),
    handler: async (request) => {
      await requireScenarioRole(app.db, currentUser(request), request.query.scenario_id, 'viewer');
      const rows = await app.db.select().from(jobs).where(eq(jobs.scenario_id, request.query.scenario_id)).orderBy(desc(jobs.id)).limit(200);
      return rows.map(toDto) as never;
    },
  });

  app.get('/jobs/:id/files/:name/', {
    schema: {
      tags: ['jobs'],
      security: bearerSecurity,
      summary: 'Download a file a job produced (e.g. report graphics)',
      params: z.object({ id: idQuery, name: z.string().regex(/^[\w.-]+$/, 'Not a file name.') }),
    },
    preHandler: requireUser(),
    handler: async (request, reply) => {
      const row = await jobFor(request.params.id, currentUser(request), 'viewer');
      const [file] = await app.db
        .select()
        .from(jobFiles)
        .where(and(eq(jobFiles.job_id, row.id), eq(jobFiles.name, request.params.name)));
      if (!file) throw notFound('This job has no such file.');
      return reply.header('content-disposition', `attachment; filename="${file.name}"`).type(file.content_type).send(file.content);
    },
  });

  app.get('/jobs/:id/', {
    schema: {
      tags: ['jobs'],
      security: bearerSecurity,
      summary: 'One job',
      params: z.object({ id: idQuery }),
      response: { 200: JobSchema, ...errorResponses },
    },
    preHandler: requireUser(),
    handler: async (request) => {
      const row = await jobFor(request.params.id, currentUser(request), 'viewer');
      return toDto(row) as never;
    },
  });

  app.post('/jobs/:id/cancel/', {
    schema: {
      tags: ['jobs'],
      security: bearerSecurity,
      summary: 'Cancel a queued or running job: a queued one never starts, a running one stops where it can and its outcome is not recorded',
      params: z.object({ id: idQuery }),
      response: { 200: JobSchema, ...errorResponses },
    },
    preHandler: requireUser(),
    handler: async (request) => {
      const row = await jobFor(request.params.id, currentUser(request), 'editor');
      // A sizing run's batch jobs go with it.
      const cancelled = await app.db.transaction((tx) => cancelJobs(tx, or(eq(jobs.id, row.id), partsOf(row.id))!));
      if (!cancelled.includes(row.id)) throw new ApiError(409, 'job_ended', `This job has already ended (${row.status}); there is nothing to cancel.`);
      const [now] = await app.db.select().from(jobs).where(eq(jobs.id, row.id));
      return toDto(now) as never;
    },
  });
};

export default jobsRoutes;
