// One definition turns a scenario-owned table into its full REST resource set: list (filters,
// ?limit=&offset=, X-Total-Count), create, retrieve, put, patch, delete, and optionally the bulk
// PUT/PATCH. Every route checks the caller's role on the row's scenario, that each reference
// (airline_id, zone_id, ...) points into the same scenario, and the resource's own whole-row
// rules; bad input answers 400 naming each field and writes nothing.
import { z } from 'zod';
import { and, asc, count, eq, getTableColumns, inArray, is, SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Executor } from '../db/database';
import { currentUser, requireUser } from '../auth/authenticate';
import { assertRole, requireScenarioRole, scenarioRole, visibleScenarios, type Role } from '../access/roles';
import { invalid, notFound, validationFieldErrors, type FieldErrors } from '../errors';
import { bearerSecurity, errorResponses } from './schemas';
import { idQuery, INT32_MAX, isDbId, ref } from './fields';
import { wholeListReader } from './listJson';

// Drizzle's table generics do not survive being passed around generically; the factory works
// on rows as plain records and leaves typing to the zod schemas of each resource.
/* eslint-disable @typescript-eslint/no-explicit-any */
export type ScenarioTable = PgTable & { id: AnyPgColumn; scenario_id: AnyPgColumn };
type Row = Record<string, unknown>;

export type Filter = { schema: z.ZodType; where: (value: any) => SQL };

export type ResourceSpec = {
  /** Path under /api, ending with a slash: 'flights/'. */
  path: string;
  table: ScenarioTable;
  /** Component name in the OpenAPI document: 'Flight'. */
  name: string;
  tag: string;
  /** Writable fields except scenario_id; required fields plain, optional ones .optional(). */
  fields: z.ZodObject;
  /** Reference fields that must name a row of the same scenario in the given table. */
  refs?: Record<string, ScenarioTable>;
  filters?: Record<string, Filter>;
  orderBy?: AnyPgColumn[];
  /** Rules across fields of the whole row after a change; answers the bad fields. */
  validate?: (ex: Executor, scenarioId: number, row: Row) => Promise<FieldErrors | undefined> | FieldErrors | undefined;
  bulk?: boolean;
  /** False when rows are created another way (e.g. an upload), not by a JSON POST. */
  creatable?: boolean;
  /** Extra or computed fields of each answered row (e.g. a nested object). */
  present?: (ex: Executor, rows: Row[]) => Promise<Row[]>;
  outputExtra?: z.ZodRawShape;
  /** Largest request body a create or change takes, in bytes, where the server's default is too small. */
  bodyLimit?: number;
};

const idParams = z.object({ id: idQuery });
const scenarioIdField = ref;

/** Dates become ISO strings; everything else is already what the API answers. */
export function toDto(row: Row): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(row)) out[k] = v instanceof Date ? v.toISOString() : v;
  return out;
}

/** Static column defaults, so whole-row rules on a new row see what the database will store. */
function columnDefaults(table: PgTable): Row {
  const out: Row = {};
  for (const [k, c] of Object.entries(getTableColumns(table))) {
    if (c.default !== undefined && !is(c.default, SQL)) out[k] = c.default;
  }
  return out;
}

function timestampKeys(table: PgTable): Set<string> {
  return new Set(
    Object.entries(getTableColumns(table))
      .filter(([, c]) => c.columnType === 'PgTimestamp')
      .map(([k]) => k),
  );
}

export function registerScenarioResource(app: FastifyInstance, spec: ResourceSpec): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { table, path, fields } = spec;
  const tags = [spec.tag];
  const security = bearerSecurity;
  const stamps = timestampKeys(table);
  const defaults = columnDefaults(table);
  const output = fields
    .required()
    .extend({
      id: z.number().int(),
      scenario_id: z.number().int(),
      created_at: z.string(),
      updated_at: z.string(),
      ...spec.outputExtra,
    })
    .meta({ id: spec.name });
  const createBody = fields.extend({ scenario_id: scenarioIdField });
  const putBody = fields.extend({ scenario_id: scenarioIdField.optional() });
  const patchBody = fields.partial().extend({ scenario_id: scenarioIdField.optional() });

  const toDb = (values: Row): Row => {
    const out: Row = {};
    for (const [k, v] of Object.entries(values)) {
      if (v === undefined) continue;
      out[k] = stamps.has(k) && typeof v === 'string' ? new Date(v) : v;
    }
    return out;
  };

  const present = async (ex: Executor, rows: Row[]) =>
    (spec.present ? await spec.present(ex, rows) : rows).map(toDto);

  /** Field errors of one row to write: foreign scenarios' references and the resource's rules. */
  async function check(ex: Executor, scenarioId: number, merged: Row, changed: Row, wholeRow = true): Promise<FieldErrors> {
    const errors: FieldErrors = {};
    for (const [field, refTable] of Object.entries(spec.refs ?? {})) {
      const value = changed[field];
      if (value === undefined || value === null) continue;
      const [hit] = await ex
        .select({ id: refTable.id })
        .from(refTable as PgTable)
        .where(and(eq(refTable.id, value), eq(refTable.scenario_id, scenarioId)));
      if (!hit) errors[field] = [`No such ${field.replace(/_id$/, '').replace(/_/g, ' ')} ${value} in this scenario.`];
    }
    return wholeRow ? { ...errors, ...(await spec.validate?.(ex, scenarioId, merged)) } : errors;
  }

  /**
   * Routes that write validate their body themselves (attachValidation) so that one 400 names
   * every bad field: the schema's findings plus the references that are well formed but point
   * outside the scenario.
   */
  async function rejectInvalidBody(request: FastifyRequest, scenarioId: unknown): Promise<void> {
    const failure = request.validationError as { validation?: Array<{ instancePath?: string; message?: string }> } | undefined;
    if (!failure) return;
    if (!failure.validation || request.body == null) throw failure;
    const errors = validationFieldErrors(failure.validation);
    const body = request.body as Row;
    if (isDbId(scenarioId) && (await scenarioRole(app.db, currentUser(request), scenarioId))) {
      const wellFormed = Object.fromEntries(
        Object.keys(spec.refs ?? {})
          .filter((k) => !errors[k] && isDbId(body[k]))
          .map((k) => [k, body[k]]),
      );
      for (const [k, v] of Object.entries(await check(app.db, scenarioId, {}, wellFormed, false))) errors[k] ??= v;
    }
    throw invalid(errors);
  }

  async function load(ex: Executor, request: FastifyRequest, id: number, needed: Role): Promise<Row> {
    const [row] = await ex.select().from(table as PgTable).where(eq(table.id, id));
    if (!row) throw notFound();
    assertRole(await scenarioRole(ex, currentUser(request), row.scenario_id as number), needed);
    return row;
  }

  async function update(ex: Executor, request: FastifyRequest, existing: Row, body: Row): Promise<Row> {
    if (body.scenario_id !== undefined && body.scenario_id !== existing.scenario_id) {
      throw invalid({ scenario_id: ['A row cannot move to another scenario.'] });
    }
    const changes = toDb({ ...body, scenario_id: undefined });
    const errors = await check(ex, existing.scenario_id as number, { ...existing, ...changes }, changes);
    if (Object.keys(errors).length) throw invalid(errors);
    if (!Object.keys(changes).length) return existing;
    const [row] = await ex.update(table).set(changes as never).where(eq(table.id, existing.id)).returning();
    return row as Row;
  }

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
  api.get(`/${path}`, {
    schema: {
      tags,
      security,
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
      return present(app.db, await select) as never;
    },
  });

  if (spec.creatable !== false) api.post(`/${path}`, {
    schema: { tags, security, summary: `Create a ${spec.name}`, body: createBody, response: { 201: output, ...errorResponses } },
    ...(spec.bodyLimit !== undefined && { bodyLimit: spec.bodyLimit }),
    attachValidation: true,
    preHandler: requireUser(),
    handler: async (request, reply) => {
      const body = request.body as Row;
      await rejectInvalidBody(request, body?.scenario_id);
      const scenarioId = body.scenario_id as number;
      await requireScenarioRole(app.db, currentUser(request), scenarioId, 'editor');
      const values = toDb(body);
      const errors = await check(app.db, scenarioId, { ...defaults, ...values }, values);
      if (Object.keys(errors).length) throw invalid(errors);
      const [row] = await app.db.insert(table).values(values as never).returning();
      return reply.code(201).send((await present(app.db, [row as Row]))[0] as never);
    },
  });

  api.get(`/${path}:id/`, {
    schema: { tags, security, summary: `One ${spec.name}`, params: idParams, response: { 200: output, ...errorResponses } },
    preHandler: requireUser(),
    handler: async (request) => {
      const row = await load(app.db, request, request.params.id, 'viewer');
      return (await present(app.db, [row]))[0] as never;
    },
  });

  for (const [method, body] of [
    ['put', putBody],
    ['patch', patchBody],
  ] as const) {
    api[method](`/${path}:id/`, {
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
          await rejectInvalidBody(request, row?.scenario_id);
        }
        const row = await app.db.transaction(async (tx) =>
          update(tx, request, await load(tx, request, id, 'editor'), request.body as Row),
        );
        return (await present(app.db, [row]))[0] as never;
      },
    });
  }

  api.delete(`/${path}:id/`, {
    schema: { tags, security, summary: `Delete a ${spec.name}`, params: idParams, response: { 204: z.undefined(), ...errorResponses } },
    preHandler: requireUser(),
    handler: async (request, reply) => {
      await load(app.db, request, request.params.id, 'editor');
      await app.db.delete(table).where(eq(table.id, request.params.id));
      return reply.code(204).send();
    },
  });

  if (!spec.bulk) return;

  /** A bulk body that fails its schema: those errors plus every id that names no row. */
  async function rejectInvalidItems(request: FastifyRequest, items: unknown): Promise<never> {
    const failure = request.validationError as { validation?: Array<{ instancePath?: string; message?: string }> };
    if (!failure.validation || !Array.isArray(items)) throw failure;
    const errors = validationFieldErrors(failure.validation);
    const ids = items.map((i) => (i as Row)?.id).filter(isDbId);
    const found = ids.length
      ? new Set((await app.db.select({ id: table.id }).from(table as PgTable).where(inArray(table.id, ids))).map((r) => r.id))
      : new Set();
    items.forEach((item, index) => {
      const id = (item as Row)?.id;
      if (isDbId(id) && !found.has(id)) errors[`${index}.id`] ??= ['Not found.'];
    });
    throw invalid(errors);
  }

  // Bulk: every row or none. PATCH changes rows by id; PUT also creates the items without an id.
  const bulkItems = {
    patch: z.array(fields.partial().extend({ id: ref, scenario_id: scenarioIdField.optional() })).min(1),
    put: z.array(fields.extend({ id: ref.optional(), scenario_id: scenarioIdField.optional() })).min(1),
  };
  for (const method of ['put', 'patch'] as const) {
    api[method](`/${path}bulk/`, {
      schema: {
        tags,
        security,
        summary: `${method === 'put' ? 'Create or replace' : 'Change'} many ${spec.tag} in one transaction`,
        body: bulkItems[method],
        response: { 200: z.array(output), ...errorResponses },
      },
      attachValidation: true,
      preHandler: requireUser(),
      handler: async (request) => {
        const items = request.body as Row[];
        const user = currentUser(request);
        if (request.validationError) await rejectInvalidItems(request, items);
        const rows = await app.db.transaction(async (tx) => {
          const ids = items.map((i) => i.id).filter((id): id is number => typeof id === 'number');
          const existing = new Map<number, Row>();
          if (ids.length) {
            // Locked in id order, so two bulk edits of the same rows queue instead of deadlocking.
            const found = await tx.select().from(table as PgTable).where(inArray(table.id, ids)).orderBy(asc(table.id)).for('update');
            for (const r of found) existing.set(r.id as number, r);
          }
          const roles = new Map<number, Role | null>();
          const errors: FieldErrors = {};
          const out: Row[] = [];
          for (const [index, item] of items.entries()) {
            const prefix = (field: string) => `${index}.${field}`;
            const current = typeof item.id === 'number' ? existing.get(item.id) : undefined;
            const scenarioId = (current?.scenario_id ?? item.scenario_id) as number | undefined;
            if (typeof item.id === 'number' && !current) {
              errors[prefix('id')] = ['Not found.'];
              continue;
            }
            if (scenarioId === undefined) {
              errors[prefix('scenario_id')] = ['Required for a new row.'];
              continue;
            }
            if (!roles.has(scenarioId)) roles.set(scenarioId, await scenarioRole(tx, user, scenarioId));
            assertRole(roles.get(scenarioId) ?? null, 'editor');
            try {
              if (current) {
                out.push(await update(tx, request, current, { ...item, id: undefined }));
              } else {
                const values = toDb({ ...item, id: undefined });
                const rowErrors = await check(tx, scenarioId, { ...defaults, ...values }, values);
                if (Object.keys(rowErrors).length) throw invalid(rowErrors);
                const [row] = await tx.insert(table).values(values as never).returning();
                out.push(row as Row);
              }
            } catch (error) {
              const fieldErrors = (error as { fields?: FieldErrors }).fields;
              if (!fieldErrors) throw error;
              for (const [k, v] of Object.entries(fieldErrors)) errors[prefix(k)] = v;
            }
          }
          if (Object.keys(errors).length) throw invalid(errors);
          return out;
        });
        return present(app.db, rows) as never;
      },
    });
  }
}
