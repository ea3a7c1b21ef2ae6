// The row operations behind a scenario resource's routes (scenarioResource.ts): reading a row
// with the caller's role checked, the checks of a row to write (references into the same
// scenario, the resource's whole-row rules), updating, and the 400 that names every bad field
// when a body fails its schema.
import { and, eq, getTableColumns, inArray, is, SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Database, Executor } from '../db/database';
import { currentUser } from '../auth/authenticate';
import { assertRole, scenarioRole, type Role } from '../access/roles';
import { invalid, notFound, validationFieldErrors, type FieldErrors } from '../errors';
import { isDbId } from './fields';

// Drizzle's table generics do not survive being passed around generically; the rows are plain
// records and typing is left to the zod schemas of each resource.
/* eslint-disable @typescript-eslint/no-explicit-any */
export type ScenarioTable = PgTable & { id: AnyPgColumn; scenario_id: AnyPgColumn };
export type Row = Record<string, unknown>;

/** A list filter: its query value's schema and the condition it puts on the rows (db: for subqueries). */
type Filter = { schema: z.ZodType; where: (value: any, db: Database) => SQL };

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

/** Dates become ISO strings; everything else is already what the API answers. */
export function toDto(row: Row): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(row)) out[k] = v instanceof Date ? v.toISOString() : v;
  return out;
}

/** Rows as the API answers them. */
export async function presentRows(ex: Executor, spec: ResourceSpec, rows: Row[]): Promise<Row[]> {
  return (spec.present ? await spec.present(ex, rows) : rows).map(toDto);
}

type ValidationFailure = { validation?: Array<{ instancePath?: string; message?: string }> };

export class ScenarioRows {
  private readonly table: ScenarioTable;
  private readonly stamps: Set<string>;
  /** Static column defaults, so whole-row rules on a new row see what the database will store. */
  readonly defaults: Row = {};

  constructor(
    private readonly app: FastifyInstance,
    private readonly spec: ResourceSpec,
  ) {
    this.table = spec.table;
    const columns = Object.entries(getTableColumns(spec.table));
    this.stamps = new Set(columns.filter(([, c]) => c.columnType === 'PgTimestamp').map(([k]) => k));
    for (const [k, c] of columns) if (c.default !== undefined && !is(c.default, SQL)) this.defaults[k] = c.default;
  }

  /** Body values as the database takes them: absent fields dropped, timestamps as dates. */
  toDb(values: Row): Row {
    const out: Row = {};
    for (const [k, v] of Object.entries(values)) {
      if (v === undefined) continue;
      out[k] = this.stamps.has(k) && typeof v === 'string' ? new Date(v) : v;
    }
    return out;
  }

  /** Rows as the API answers them. */
  present(ex: Executor, rows: Row[]): Promise<Row[]> {
    return presentRows(ex, this.spec, rows);
  }

  /** Field errors of one row to write: foreign scenarios' references and the resource's rules. */
  async check(ex: Executor, scenarioId: number, merged: Row, changed: Row, wholeRow = true): Promise<FieldErrors> {
    const errors: FieldErrors = {};
    for (const [field, refTable] of Object.entries(this.spec.refs ?? {})) {
      const value = changed[field];
      if (value === undefined || value === null) continue;
      const [hit] = await ex
        .select({ id: refTable.id })
        .from(refTable as PgTable)
        .where(and(eq(refTable.id, value), eq(refTable.scenario_id, scenarioId)));
      if (!hit) errors[field] = [`No such ${field.replace(/_id$/, '').replace(/_/g, ' ')} ${value} in this scenario.`];
    }
    return wholeRow ? { ...errors, ...(await this.spec.validate?.(ex, scenarioId, merged)) } : errors;
  }

  /**
   * The row, once the caller is known to hold `needed` on its scenario; 404 when there is none.
   * `forWrite` (in a transaction) locks it until the transaction ends, so that no other write
   * comes between its preconditions' check and the write.
   */
  async load(ex: Executor, request: FastifyRequest, id: number, needed: Role, forWrite = false): Promise<Row> {
    const select = ex
      .select()
      .from(this.table as PgTable)
      .where(eq(this.table.id, id));
    const [row] = forWrite ? await select.for('update') : await select;
    if (!row) throw notFound();
    assertRole(await scenarioRole(ex, currentUser(request), row.scenario_id as number), needed);
    return row;
  }

  /** Inserts a new row of the scenario after its checks. */
  async insert(ex: Executor, scenarioId: number, body: Row): Promise<Row> {
    const values = this.toDb(body);
    const errors = await this.check(ex, scenarioId, { ...this.defaults, ...values }, values);
    if (Object.keys(errors).length) throw invalid(errors);
    const [row] = await ex
      .insert(this.table)
      .values(values as never)
      .returning();
    return row as Row;
  }

  /** Applies `body` to an existing row after its checks; a row never moves to another scenario. */
  async update(ex: Executor, existing: Row, body: Row): Promise<Row> {
    if (body.scenario_id !== undefined && body.scenario_id !== existing.scenario_id) {
      throw invalid({ scenario_id: ['A row cannot move to another scenario.'] });
    }
    const changes = this.toDb({ ...body, scenario_id: undefined });
    const errors = await this.check(ex, existing.scenario_id as number, { ...existing, ...changes }, changes);
    if (Object.keys(errors).length) throw invalid(errors);
    if (!Object.keys(changes).length) return existing;
    const [row] = await ex
      .update(this.table)
      .set(changes as never)
      .where(eq(this.table.id, existing.id))
      .returning();
    return row as Row;
  }

  /**
   * Routes that write validate their body themselves (attachValidation) so that one 400 names
   * every bad field: the schema's findings plus the references that are well formed but point
   * outside the scenario.
   */
  async rejectInvalidBody(request: FastifyRequest, scenarioId: unknown): Promise<void> {
    const failure = request.validationError as ValidationFailure | undefined;
    if (!failure) return;
    if (!failure.validation || request.body == null) throw failure;
    const errors = validationFieldErrors(failure.validation);
    const body = request.body as Row;
    if (isDbId(scenarioId) && (await scenarioRole(this.app.db, currentUser(request), scenarioId))) {
      const wellFormed = Object.fromEntries(
        Object.keys(this.spec.refs ?? {})
          .filter((k) => !errors[k] && isDbId(body[k]))
          .map((k) => [k, body[k]]),
      );
      for (const [k, v] of Object.entries(await this.check(this.app.db, scenarioId, {}, wellFormed, false))) errors[k] ??= v;
    }
    throw invalid(errors);
  }

  /** A bulk body that fails its schema: those errors plus every id that names no row. */
  async rejectInvalidItems(request: FastifyRequest, items: unknown): Promise<never> {
    const failure = request.validationError as ValidationFailure;
    if (!failure.validation || !Array.isArray(items)) throw failure;
    const errors = validationFieldErrors(failure.validation);
    const ids = items.map((i) => (i as Row)?.id).filter(isDbId);
    const found = ids.length
      ? new Set(
          (
            await this.app.db
              .select({ id: this.table.id })
              .from(this.table as PgTable)
              .where(inArray(this.table.id, ids))
          ).map((r) => r.id),
        )
      : new Set();
    items.forEach((item, index) => {
      const id = (item as Row)?.id;
      if (isDbId(id) && !found.has(id)) errors[`${index}.id`] ??= ['Not found.'];
    });
    throw invalid(errors);
  }
}
