// Scenarios of a project, and cloning one into a deep copy to change and compare.
import { z } from 'zod';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { flightScheduleFiles, projects, scenarios } from '../db/schema';
import { currentUser, requireUser } from '../auth/authenticate';
import { assertRole, projectRole, requireScenarioRole, visibleProjects, type Role } from '../access/roles';
import { cloneScenario } from '../scenarios/cloneScenario';
import { invalid, notFound } from '../errors';
import { bearerSecurity, errorResponses } from './schemas';
import { idQuery, isoDate, name, optionalText, ref } from './fields';
import { toDto } from './scenarioRows';
import { preconditionHeaders, requireFresh, tagReply, versionField } from './preconditions';
import type { Executor } from '../db/database';

const tags = ['scenarios'];
const security = bearerSecurity;
const params = z.object({ id: idQuery });

const COUNTER_SHARE_HELP =
  "Percent (1 to 100) of each departure's passengers who check in at a staffed counter (full service or bag drop); the rest check in online or at a kiosk without hold baggage and go straight to security.";
const counterShare = z
  .number('Must be a whole percentage from 1 to 100.')
  .int('Must be a whole percentage from 1 to 100.')
  .min(1, 'Must be a whole percentage from 1 to 100.')
  .max(100, 'Must be a whole percentage from 1 to 100.')
  .describe(COUNTER_SHARE_HELP);

const ScenarioSchema = z
  .object({
    id: z.number().int(),
    project_id: z.number().int(),
    project: z.object({ id: z.number().int(), name: z.string() }),
    name: z.string(),
    description: z.string(),
    selected_schedule: z.number().int().nullable().describe('The schedule file used as the source'),
    design_date: z.string().nullable(),
    counter_share: z.number().int().describe(COUNTER_SHARE_HELP),
    provenance: z
      .record(z.string(), z.unknown())
      .describe(
        'Where the design day came from (design_day: season file, rule, date, why) and how the scenario was grown (growth: from which scenario, factors, seed, new flights)',
      ),
    created_at: z.string(),
    updated_at: z.string(),
    version: versionField,
  })
  .meta({ id: 'Scenario' });

const writable = z.object({
  name,
  description: optionalText,
  selected_schedule: ref.nullable().optional(),
  design_date: isoDate.nullable().optional(),
  counter_share: counterShare.optional(),
});

const scenariosRoutes: FastifyPluginAsyncZod = async (app) => {
  const withProject = (ex: Executor = app.db) =>
    ex.select({ scenario: scenarios, project_name: projects.name }).from(scenarios).innerJoin(projects, eq(projects.id, scenarios.project_id));
  type Joined = { scenario: typeof scenarios.$inferSelect; project_name: string };
  const toScenarioDto = (r: Joined) => ({ ...toDto(r.scenario), project: { id: r.scenario.project_id, name: r.project_name } }) as never;

  async function present(id: number, ex: Executor = app.db) {
    const [row] = await withProject(ex).where(eq(scenarios.id, id));
    return toScenarioDto(row);
  }

  /** The scenario, once the caller holds `needed` on it; `forWrite` (in a transaction) locks the row until it ends. */
  async function load(request: FastifyRequest, id: number, needed: Role, ex: Executor = app.db, forWrite = false) {
    const select = ex.select().from(scenarios).where(eq(scenarios.id, id));
    const [row] = forWrite ? await select.for('update') : await select;
    if (!row) throw notFound();
    await requireScenarioRole(ex, currentUser(request), id, needed);
    return row;
  }

  /** The scenario to write over, locked until the transaction `tx` ends, once the caller holds `needed` and the write's preconditions hold. */
  async function loadFresh(tx: Executor, request: FastifyRequest, id: number, needed: Role) {
    const row = await load(request, id, needed, tx, true);
    await requireFresh(request, row, () => present(id, tx));
    return row;
  }

  async function checkSchedule(ex: Executor, scenarioId: number, scheduleId: number | null | undefined) {
    if (scheduleId === null || scheduleId === undefined) return;
    const [file] = await ex
      .select({ id: flightScheduleFiles.id })
      .from(flightScheduleFiles)
      .where(and(eq(flightScheduleFiles.id, scheduleId), eq(flightScheduleFiles.scenario_id, scenarioId)));
    if (!file) throw invalid({ selected_schedule: [`No such schedule file ${scheduleId} in this scenario.`] });
  }

  app.get('/scenarios/', {
    schema: {
      tags,
      security,
      summary: "Scenarios of the caller's projects",
      querystring: z.object({ project_id: idQuery.optional() }),
      response: { 200: z.array(ScenarioSchema), ...errorResponses },
    },
    preHandler: requireUser(),
    handler: async (request) => {
      const user = currentUser(request);
      const rows = await withProject()
        .where(
          and(
            visibleProjects(app.db, user, scenarios.project_id),
            request.query.project_id === undefined ? undefined : eq(scenarios.project_id, request.query.project_id),
          ),
        )
        .orderBy(asc(projects.name), asc(scenarios.name), asc(scenarios.id));
      return rows.map(toScenarioDto);
    },
  });

  app.post('/scenarios/', {
    schema: {
      tags,
      security,
      summary: 'Create a scenario in a project (editors)',
      body: writable.omit({ selected_schedule: true }).extend({ project_id: ref }),
      response: { 201: ScenarioSchema, ...errorResponses },
    },
    preHandler: requireUser(),
    handler: async (request, reply) => {
      assertRole(await projectRole(app.db, currentUser(request), request.body.project_id), 'editor');
      const [row] = await app.db
        .insert(scenarios)
        .values({
          project_id: request.body.project_id,
          name: request.body.name,
          description: request.body.description ?? '',
          design_date: request.body.design_date ?? null,
          counter_share: request.body.counter_share,
        })
        .returning();
      return reply.code(201).send(await present(row.id));
    },
  });

  app.get('/scenarios/:id/', {
    schema: { tags, security, summary: 'One scenario', params, response: { 200: ScenarioSchema, ...errorResponses } },
    preHandler: requireUser(),
    handler: async (request, reply) => {
      tagReply(reply, await load(request, request.params.id, 'viewer'));
      return await present(request.params.id);
    },
  });

  for (const method of ['put', 'patch'] as const) {
    app[method]('/scenarios/:id/', {
      schema: {
        tags,
        security,
        summary: method === 'put' ? 'Replace a scenario' : 'Change a scenario',
        params,
        body: method === 'put' ? writable : writable.partial(),
        headers: preconditionHeaders,
        response: { 200: ScenarioSchema, ...errorResponses, 412: ScenarioSchema },
      },
      preHandler: requireUser(),
      handler: async (request, reply) => {
        const { id } = request.params;
        const row = await app.db.transaction(async (tx) => {
          const current = await loadFresh(tx, request, id, 'editor');
          await checkSchedule(tx, id, request.body.selected_schedule);
          const changes = Object.fromEntries(Object.entries(request.body).filter(([, v]) => v !== undefined));
          if (!Object.keys(changes).length) return current;
          return (await tx.update(scenarios).set(changes).where(eq(scenarios.id, id)).returning())[0];
        });
        tagReply(reply, row);
        return await present(id);
      },
    });
  }

  app.delete('/scenarios/:id/', {
    schema: {
      tags,
      security,
      summary: 'Delete a scenario and all its data (owners)',
      params,
      headers: preconditionHeaders,
      response: { 204: z.undefined(), ...errorResponses, 412: ScenarioSchema },
    },
    preHandler: requireUser(),
    handler: async (request, reply) => {
      await app.db.transaction(async (tx) => {
        await loadFresh(tx, request, request.params.id, 'owner');
        await tx.delete(scenarios).where(eq(scenarios.id, request.params.id));
      });
      return reply.code(204).send();
    },
  });

  app.post('/scenarios/:id/clone/', {
    schema: {
      tags,
      security,
      summary: 'Deep copy of a scenario in the same project, every id remapped (editors)',
      params,
      body: z.object({ name }),
      response: { 201: ScenarioSchema, ...errorResponses },
    },
    preHandler: requireUser(),
    handler: async (request, reply) => {
      const source = await load(request, request.params.id, 'viewer');
      assertRole(await projectRole(app.db, currentUser(request), source.project_id), 'editor');
      const { id } = await app.db.transaction((tx) => cloneScenario(tx, source.id, { projectId: source.project_id, name: request.body.name }));
      return reply.code(201).send(await present(id));
    },
  });
};

export default scenariosRoutes;
