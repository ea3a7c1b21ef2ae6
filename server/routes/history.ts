// A scenario's History (issue 35): who changed what and when, newest first, as the database kept
// it (db/schema/history.ts), filtered by set, person or row, paged by id. Who may read the
// scenario may read its History.
import { z } from 'zod';
import { and, arrayContains, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { jobs, scenarioHistory, users } from '../db/schema';
import { currentUser, requireUser } from '../auth/authenticate';
import { requireScenarioRole } from '../access/roles';
import { bearerSecurity, errorResponses } from './schemas';
import { idQuery } from './fields';

const Person = z.object({ id: z.number().int(), email: z.string(), first_name: z.string(), last_name: z.string() }).meta({ id: 'HistoryPerson' });

const HistoryEntry = z
  .object({
    id: z.number().int(),
    at: z.string(),
    set: z.string().describe('The table written: flights, baggage_allocations, rules, flows, jobs, ...'),
    op: z.enum(['insert', 'update', 'delete']),
    ids: z.array(z.number().int()).describe('The first 100 ids the change touched'),
    count: z.number().int().describe('How many rows it touched'),
    user: Person.nullable().describe("Who made it (a job's change: who started the job); null for the server's own"),
    job: z
      .object({ id: z.number().int(), kind: z.string() })
      .nullable()
      .describe('The job that made it, if a job did; for a job asked for (set jobs, insert), that job'),
  })
  .meta({ id: 'HistoryEntry' });

const HistoryPage = z
  .object({
    entries: z.array(HistoryEntry),
    people: z.array(Person).describe('Everyone with a change in the kept History, to filter by; on the first page (no `before` or `row`), empty on others'),
    sets: z.array(z.string()).describe('Every set with a change in the kept History, to filter by; on the first page (no `before` or `row`), empty on others'),
    kept_days: z.number().describe('Days a change is kept (HISTORY_DAYS)'),
  })
  .meta({ id: 'HistoryPage' });

const personColumns = { id: users.id, email: users.email, first_name: users.firstName, last_name: users.lastName };

const historyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/scenarios/:id/history/', {
    schema: {
      tags: ['scenarios'],
      security: bearerSecurity,
      summary: "The scenario's History: who changed what and when, newest first",
      params: z.object({ id: idQuery }),
      querystring: z.object({
        set: z.string().max(100).optional().describe('Only changes to this set'),
        user_id: idQuery.optional().describe("Only this person's changes"),
        row: idQuery.optional().describe('Only changes that touched the row of this id (with `set`)'),
        before: idQuery.optional().describe('Only entries older than this entry id: the next page'),
        limit: z.coerce.number().int().min(1).max(500).default(100),
      }),
      response: { 200: HistoryPage, ...errorResponses },
    },
    preHandler: requireUser(),
    handler: async (request) => {
      const scenarioId = request.params.id;
      await requireScenarioRole(app.db, currentUser(request), scenarioId, 'viewer');
      const { set, user_id, row, before, limit } = request.query;
      const inScenario = eq(scenarioHistory.scenario_id, scenarioId);
      const where: SQL[] = [inScenario];
      if (set !== undefined) where.push(eq(scenarioHistory.set, set));
      if (user_id !== undefined) where.push(eq(scenarioHistory.user_id, user_id));
      if (row !== undefined) where.push(arrayContains(scenarioHistory.ids, [row]));
      if (before !== undefined) where.push(lt(scenarioHistory.id, before));
      // The job behind an entry: the one that wrote, or the one asked for.
      const jobOf = sql<number | null>`coalesce(${scenarioHistory.job_id}, case when ${scenarioHistory.set} = 'jobs' then ${scenarioHistory.ids}[1] end)`;
      const rows = await app.db
        .select({ entry: scenarioHistory, user: personColumns, job: { id: jobOf, kind: jobs.kind } })
        .from(scenarioHistory)
        .leftJoin(users, eq(users.id, scenarioHistory.user_id))
        .leftJoin(jobs, eq(jobs.id, jobOf))
        .where(and(...where))
        .orderBy(desc(scenarioHistory.at), desc(scenarioHistory.id))
        .limit(limit);
      // What to filter by goes with the first page; a next page or a row's lookup (a refused write's words) need not count it again.
      const choices = before === undefined && row === undefined;
      const people = choices
        ? await app.db
            .select(personColumns)
            .from(users)
            .where(inArray(users.id, app.db.selectDistinct({ id: scenarioHistory.user_id }).from(scenarioHistory).where(inScenario)))
            .orderBy(users.firstName, users.lastName, users.email)
        : [];
      const sets = choices
        ? await app.db.selectDistinct({ set: scenarioHistory.set }).from(scenarioHistory).where(inScenario).orderBy(scenarioHistory.set)
        : [];
      return {
        entries: rows.map(({ entry, user, job }) => ({
          id: entry.id,
          at: entry.at.toISOString(),
          set: entry.set,
          op: entry.op as 'insert' | 'update' | 'delete',
          ids: entry.ids,
          count: entry.count,
          user: user?.id == null ? null : user,
          // A job deleted since is still named by its id.
          job: job?.id == null ? null : { id: job.id, kind: job.kind ?? 'job' },
        })),
        people,
        sets: sets.map((s) => s.set),
        kept_days: app.config.historyDays,
      };
    },
  });
};

export default historyRoutes;
