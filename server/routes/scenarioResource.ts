// One definition turns a scenario-owned table into its full REST resource set: list (filters,
// ?limit=&offset=, X-Total-Count), create, retrieve, put, patch, delete, and optionally the bulk
// PUT/PATCH (scenarioBulk.ts). Every route checks the caller's role on the row's scenario, that
// each reference (airline_id, zone_id, ...) points into the same scenario, and the resource's own
// whole-row rules (scenarioRows.ts); bad input answers 400 naming each field and writes nothing.
import { z } from 'zod';
import { and, asc, count, eq, SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../auth/authenticate';
import { requireScenarioRole, visibleScenarios } from '../access/roles';
import { bearerSecurity, errorResponses } from './schemas';
import { idQuery, INT32_MAX, isDbId, ref } from './fields';
import { wholeListReader } from './listJson';
import type { Executor } from '../db/database';
import { presentRows, ScenarioRows, type ResourceSpec, type Row } from './scenarioRows';
import { preconditionHeaders, requireFresh, tagReply, versionField } from './preconditions';
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

/** A row as the resource answers it (without its OpenAPI name, which only the routes give it). */
function rowSchema(spec: ResourceSpec) {
  return spec.fields.required().extend({
    id: z.number().int(),
    scenario_id: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
    version: versionField,
    ...spec.outputExtra,
  });
}

const listOrder = (spec: ResourceSpec) => [...(spec.orderBy ?? []), spec.table.id];

/** The rows of a list, in the list's order, as the API answers them; a page when limit is given. */
async function selectRows(ex: Executor, spec: ResourceSpec, where: SQL | undefined, page: { limit?: number; offset?: number } = {}): Promise<Row[]> {
  let select = ex
    .select()
    .from(spec.table as PgTable)
    .where(where)
    .orderBy(...listOrder(spec).map((c) => asc(c)))
    .$dynamic();
  if (page.limit !== undefined) select = select.limit(page.limit);
  if (page.offset !== undefined) select = select.offset(page.offset);
  return presentRows(ex, spec, await select);
}

/**
 * A scenario's whole list of a resource as GET /<path>?scenario_id= answers it to anyone who may
 * see the scenario (the caller checks that): the same rows, order and values, read by the same
 * code, for the server's own use of a scenario (its airport document).
 */
export async function readScenarioList(ex: Executor, spec: ResourceSpec, scenarioId: number): Promise<Row[]> {
  const where = eq(spec.table.scenario_id, scenarioId);
  const readWholeList = spec.present ? null : wholeListReader(spec.table, Object.keys(rowSchema(spec).shape), listOrder(spec));
  if (readWholeList) return JSON.parse((await readWholeList(ex, where)).body) as Row[];
  return z.array(rowSchema(spec)).parse(await selectRows(ex, spec, where)) as Row[];
}

export function registerScenarioResource(app: FastifyInstance, spec: ResourceSpec): void {
  const output = rowSchema(spec).meta({ id: spec.name });
  const resource: Resource = { app, spec, rows: new ScenarioRows(app, spec), output, tags: [spec.tag] };
  registerList(resource);
  if (spec.creatable !== false) registerCreate(resource);
  registerRowRoutes(resource);
  if (spec.bulk) registerBulkRoutes(app, spec, resource.rows, output);
}

function registerList({ app, spec, output, tags }: Resource): void {
  const { table } = spec;
  const filters = spec.filters ?? {};
  const listQuery = z.object({
    scenario_id: idQuery.optional(),
    ...Object.fromEntries(Object.entries(filters).map(([k, f]) => [k, f.schema.optional()])),
    limit: z.coerce.number().int().min(1).max(100_000).optional(),
    offset: z.coerce.number().int().min(0).max(INT32_MAX).optional(),
  });
  // Whole lists come as JSON from the database; pages (and computed fields) take the row path,
  // which answers the same body (tests/api/listJson.test.ts).
  const readWholeList = spec.present ? null : wholeListReader(table, Object.keys(output.shape), listOrder(spec));
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
        ...Object.entries(filters).map(([k, f]) => (query[k] !== undefined ? f.where(query[k], app.db) : undefined)),
      ];
      const where = and(...conditions.filter((c): c is SQL => c !== undefined));
      if (readWholeList && query.limit === undefined && query.offset === undefined) {
        const { n, body } = await readWholeList(app.db, where);
        // Already the response's JSON: a string body with a JSON type is sent as it is.
        return reply
          .header('X-Total-Count', String(n))
          .type('application/json; charset=utf-8')
          .send(body as never);
      }
      const [{ n }] = await app.db
        .select({ n: count() })
        .from(table as PgTable)
        .where(where);
      reply.header('X-Total-Count', String(n));
      return (await selectRows(app.db, spec, where, { limit: query.limit as number | undefined, offset: query.offset as number | undefined })) as never;
    },
  });
}

function registerCreate({ app, spec, rows, output, tags }: Resource): void {
  app.withTypeProvider<ZodTypeProvider>().post(`/${spec.path}`, {
    schema: {
      tags,
      security: bearerSecurity,
      summary: `Create a ${spec.name}`,
      body: spec.fields.extend({ scenario_id: ref }),
      response: { 201: output, ...errorResponses },
    },
    ...(spec.bodyLimit !== undefined && { bodyLimit: spec.bodyLimit }),
    attachValidation: true,
    preHandler: requireUser(),
    handler: async (request, reply) => {
      const body = request.body as Row;
      await rows.rejectInvalidBody(request, body?.scenario_id);
      const scenarioId = body.scenario_id as number;
      await requireScenarioRole(app.db, currentUser(request), scenarioId, 'editor');
      const row = await rows.insert(app.db, scenarioId, body);
      tagReply(reply, row as { version: number });
      return reply.code(201).send((await rows.present(app.db, [row]))[0] as never);
    },
  });
}

/** Retrieve, replace, change and delete one row by id; a write's If-Match must name the row's version. */
function registerRowRoutes({ app, spec, rows, output, tags }: Resource): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { table } = spec;
  const security = bearerSecurity;
  /** The row to write over, locked, once the caller may edit it and its preconditions hold. */
  async function loadFresh(tx: Executor, request: FastifyRequest, id: number): Promise<Row> {
    const row = await rows.load(tx, request, id, 'editor', true);
    await requireFresh(request, row as { version: number }, async () => (await rows.present(tx, [row]))[0]);
    return row;
  }
  api.get(`/${spec.path}:id/`, {
    schema: { tags, security, summary: `One ${spec.name}`, params: idParams, response: { 200: output, ...errorResponses } },
    preHandler: requireUser(),
    handler: async (request, reply) => {
      const row = await rows.load(app.db, request, request.params.id, 'viewer');
      tagReply(reply, row as { version: number });
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
        headers: preconditionHeaders,
        response: { 200: output, ...errorResponses, 412: output },
      },
      ...(spec.bodyLimit !== undefined && { bodyLimit: spec.bodyLimit }),
      attachValidation: true,
      preHandler: requireUser(),
      handler: async (request, reply) => {
        const id = (request.params as { id: number }).id;
        if (request.validationError) {
          const [row] = isDbId(Number(id))
            ? await app.db
                .select()
                .from(table as PgTable)
                .where(eq(table.id, Number(id)))
            : [];
          await rows.rejectInvalidBody(request, row?.scenario_id);
        }
        const row = await app.db.transaction(async (tx) => rows.update(tx, await loadFresh(tx, request, id), request.body as Row));
        tagReply(reply, row as { version: number });
        return (await rows.present(app.db, [row]))[0] as never;
      },
    });
  }

  api.delete(`/${spec.path}:id/`, {
    schema: {
      tags,
      security,
      summary: `Delete a ${spec.name}`,
      params: idParams,
      headers: preconditionHeaders,
      response: { 204: z.undefined(), ...errorResponses, 412: output },
    },
    preHandler: requireUser(),
    handler: async (request, reply) => {
      await app.db.transaction(async (tx) => {
        await loadFresh(tx, request, request.params.id);
        await tx.delete(table).where(eq(table.id, request.params.id));
      });
      return reply.code(204).send();
    },
  });
}
