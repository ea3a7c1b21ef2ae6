// A scenario resource's bulk routes: PATCH changes rows by id, PUT also creates the items
// without an id; every row or none, in one transaction, and one 400 names each bad item's fields
// by its index ('3.airline_id').
import { z } from 'zod';
import { asc, inArray } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Executor } from '../db/database';
import type { UserRow } from '../db/schema';
import { currentUser, requireUser } from '../auth/authenticate';
import { assertRole, scenarioRole, type Role } from '../access/roles';
import { invalid, PreconditionFailed, type FieldErrors } from '../errors';
import { bearerSecurity, errorResponses } from './schemas';
import { ref } from './fields';
import type { ResourceSpec, Row, ScenarioRows } from './scenarioRows';

export function registerBulkRoutes(app: FastifyInstance, spec: ResourceSpec, rows: ScenarioRows, output: z.ZodType): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const version = z.number().int().optional().describe('The version the change was made against: if the row has another, nothing is written (412)');
  const bulkItems = {
    patch: z.array(spec.fields.partial().extend({ id: ref, scenario_id: ref.optional(), version })).min(1),
    put: z.array(spec.fields.extend({ id: ref.optional(), scenario_id: ref.optional(), version })).min(1),
  };
  for (const method of ['put', 'patch'] as const) {
    api[method](`/${spec.path}bulk/`, {
      schema: {
        tags: [spec.tag],
        security: bearerSecurity,
        summary: `${method === 'put' ? 'Create or replace' : 'Change'} many ${spec.tag} in one transaction`,
        body: bulkItems[method],
        response: { 200: z.array(output), ...errorResponses, 412: z.array(output).describe('The rows that changed since the items were read') },
      },
      attachValidation: true,
      preHandler: requireUser(),
      handler: async (request) => {
        const items = request.body as Row[];
        if (request.validationError) await rows.rejectInvalidItems(request, items);
        const written = await app.db.transaction((tx) => writeItems(tx, spec, rows, currentUser(request), items));
        return rows.present(app.db, written) as never;
      },
    });
  }
}

/**
 * Writes every item or, when any is bad, throws one 400 with all items' errors; when any item
 * was made against another version than its row's, writes none and answers those rows (412).
 */
async function writeItems(tx: Executor, spec: ResourceSpec, rows: ScenarioRows, user: UserRow, items: Row[]): Promise<Row[]> {
  const existing = await lockExisting(tx, spec, items);
  const changed = items.flatMap((item) => {
    const current = typeof item.id === 'number' ? existing.get(item.id) : undefined;
    return current && typeof item.version === 'number' && current.version !== item.version ? [current] : [];
  });
  if (changed.length) {
    // Only rows the caller may see are answered.
    for (const scenarioId of new Set(changed.map((r) => r.scenario_id as number))) assertRole(await scenarioRole(tx, user, scenarioId), 'editor');
    throw new PreconditionFailed(await rows.present(tx, changed));
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
      const values = { ...item, id: undefined, version: undefined };
      out.push(current ? await rows.update(tx, current, values) : await rows.insert(tx, scenarioId, values));
    } catch (error) {
      const fieldErrors = (error as { fields?: FieldErrors }).fields;
      if (!fieldErrors) throw error;
      for (const [k, v] of Object.entries(fieldErrors)) errors[prefix(k)] = v;
    }
  }
  if (Object.keys(errors).length) throw invalid(errors);
  return out;
}

/** The rows the items name, locked in id order so two bulk edits of the same rows queue instead of deadlocking. */
async function lockExisting(tx: Executor, spec: ResourceSpec, items: Row[]): Promise<Map<number, Row>> {
  const ids = items.map((i) => i.id).filter((id): id is number => typeof id === 'number');
  const existing = new Map<number, Row>();
  if (!ids.length) return existing;
  const { table } = spec;
  const found = await tx
    .select()
    .from(table as PgTable)
    .where(inArray(table.id, ids))
    .orderBy(asc(table.id))
    .for('update');
  for (const r of found) existing.set(r.id as number, r);
  return existing;
}
