// One definition turns a scenario-owned table into its full REST resource set: list (filters,
// ?limit=&offset=, X-Total-Count), create, retrieve, put, patch, delete, and optionally the bulk
// PUT/PATCH (scenarioBulk.ts). Every route checks the caller's role on the row's scenario, that
// each reference (airline_id, zone_id, ...) points into the same scenario, and the resource's own
// whole-row rules (scenarioRows.ts); bad input answers 400 naming each field and writes nothing.
import { z } from 'zod';
import { and, asc, count, eq, SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../auth/authenticate';
import { requireScenarioRole, visibleScenarios } from '../access/roles';
import { bearerSecurity, errorResponses } from './schemas';
import { idQuery, INT32_MAX, isDbId, ref } from './fields';
import { wholeListReader } from './listJson';
import { ScenarioRows, type ResourceSpec, type Row } from './scenarioRows';
import { registerBulkRoutes } from './scenarioBulk';

const idParams = z.object({ id: idQuery });

/** What every route of one resource shares: its spec, row operations, answer schema and OpenAPI tags. */
interface Resource {
  readonly app: FastifyInstance;
  readonly spec: ResourceSpec;
  readonly rows: ScenarioRows;
  readonly output: z.ZodObject;
  readonly tags: string[];
}

export function registerScenarioResource(app: FastifyInstance, spec: ResourceSpec): void {
  const output = spec.fields
    .required()
    .extend({
      id: z.number().int(),
      scenario_id: z.number().int(),
      created_at: z.string(),
      updated_at: z.string(),
      ...spec.outputExtra,
    })
    .meta({ id: spec.name });
  const resource: Resource = { app, spec, rows: new ScenarioRows(app, spec), output, tags: [spec.tag] };
  registerList(resource);
  if (spec.creatable !== false) registerCreate(resource);
  registerRowRoutes(resource);
  if (spec.bulk) registerBulkRoutes(app, spec, resource.rows, output);
}

function registerList({ app, spec, rows, output, tags }: Resource): void {
  const { table } = spec;
  const filters = spec.filters ?? {};
  const listQuery = z.object({
    scenario_id: idQuery.optional(),
    ...Object.fromEntries(Object.entries(filters).map(([k, f]) => [k, f.schema.optional()])),
    limit: z.coerce.number().int().min(1).max(100_000).optional(),
    offset: z.coerce.number().int().min(0).max(INT32_MAX).optional(),
  });
  const listOrder = [...(spec.orderBy ?? []), table.id];
  // Whole lists come as JSON from the database; pages (and computed fields) take the row path,
  // which answers the same body (tests/api/listJson.test.ts).
  const readWholeList = spec.present ? null : wholeListReader(table, Object.keys(output.shape), listOrder);
  app.withTypeProvider<ZodTypeProvider>().get(`/${spec.path}`, {
    schema: {
      tags,
      security: bearerSecurity,
      summary: `List ${spec.tag}`,
      querystring: listQuery,
      response: { 200: z.array(output), ...errorResponses },
    },
    preHandler: requireUser(),
    handler: async (request, reply) => {
      const query = request.query as Row;
      const conditions = [
        visibleScenarios(app.db, currentUser(request), table.scenario_id),
        query.scenario_id !== undefined ? eq(table.scenario_id, query.scenario_id) : undefined,
        ...Object.entries(filters).map(([k, f]) => (query[k] !== undefined ? f.where(query[k]) : undefined)),
      ];
      const where = and(...conditions.filter((c): c is SQL => c !== undefined));
      if (readWholeList && query.limit === undefined && query.offset === undefined) {
        const { n, body } = await readWholeList(app.db, where);
        // Already the response's JSON: a string body with a JSON type is sent as it is.
        return reply.header('X-Total-Count', String(n)).type('application/json; charset=utf-8').send(body as never);
      }
      const [{ n }] = await app.db.select({ n: count() }).from(table as PgTable).where(where);
      let select = app.db
        .select()
        .from(table as PgTable)
        .where(where)
        .orderBy(...listOrder.map((c) => asc(c)))
        .$dynamic();
      if (query.limit !== undefined) select = select.limit(query.limit as number);
      if (query.offset !== undefined) select = select.offset(query.offset as number);
      reply.header('X-Total-Count', String(n));
      return rows.present(app.db, await select) as never;
    },
  });
}

function registerCreate({ app, spec, rows, output, tags }: Resource): void {
  app.withTypeProvider<ZodTypeProvider>().post(`/${spec.path}`, {
    schema: { tags, security: bearerSecurity, summary: `Create a ${spec.name}`, body: spec.fields.extend({ scenario_id: ref }), response: { 201: output, ...errorResponses } },
    ...(spec.bodyLimit !== undefined && { bodyLimit: spec.bodyLimit }),
    attachValidation: true,
    preHandler: requireUser(),
    handler: async (request, reply) => {
      const body = request.body as Row;
      await rows.rejectInvalidBody(request, body?.scenario_id);
      const scenarioId = body.scenario_id as number;
      await requireScenarioRole(app.db, currentUser(request), scenarioId, 'editor');
      const row = await rows.insert(app.db, scenarioId, body);
      return reply.code(201).send((await rows.present(app.db, [row]))[0] as never);
    },
  });
}

/** Retrieve, replace, change and delete one row by id. */
function registerRowRoutes({ app, spec, rows, output, tags }: Resource): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { table } = spec;
  const security = bearerSecurity;
  api.get(`/${spec.path}:id/`, {
    schema: { tags, security, summary: `One ${spec.name}`, params: idParams, response: { 200: output, ...errorResponses } },
    preHandler: requireUser(),
    handler: async (request) => {
      const row = await rows.load(app.db, request, request.params.id, 'viewer');
      return (await rows.present(app.db, [row]))[0] as never;
    },
  });

  for (const [method, body] of [
    ['put', spec.fields.extend({ scenario_id: ref.optional() })],
    ['patch', spec.fields.partial().extend({ scenario_id: ref.optional() })],
  ] as const) {
    api[method](`/${spec.path}:id/`, {
      schema: {
        tags,
        security,
        summary: `${method === 'put' ? 'Replace' : 'Change'} a ${spec.name}`,
        params: idParams,
        body,
        response: { 200: output, ...errorResponses },
      },
      ...(spec.bodyLimit !== undefined && { bodyLimit: spec.bodyLimit }),
      attachValidation: true,
      preHandler: requireUser(),
      handler: async (request) => {
        const id = (request.params as { id: number }).id;
        if (request.validationError) {
          const [row] = isDbId(Number(id)) ? await app.db.select().from(table as PgTable).where(eq(table.id, Number(id))) : [];
          await rows.rejectInvalidBody(request, row?.scenario_id);
        }
        const row = await app.db.transaction(async (tx) => rows.update(tx, await rows.load(tx, request, id, 'editor'), request.body as Row));
        return (await rows.present(app.db, [row]))[0] as never;
      },
    });
  }

  api.delete(`/${spec.path}:id/`, {
    schema: { tags, security, summary: `Delete a ${spec.name}`, params: idParams, response: { 204: z.undefined(), ...errorResponses } },
    preHandler: requireUser(),
    handler: async (request, reply) => {
      await rows.load(app.db, request, request.params.id, 'editor');
      await app.db.delete(table).where(eq(table.id, request.params.id));
      return reply.code(204).send();
    },
  });
}
