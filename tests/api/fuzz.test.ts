// Schema-driven fuzzing (issue 11): every operation of the OpenAPI document gets malformed
// requests (wrong types, nulls, missing and extra fields, 10,000-character strings, numbers past
// the columns, impossible dates, NUL characters, ids that do not exist or are another user's,
// malformed JSON, wrong content types). Every answer must be below 500 and, when refused, a JSON
// object saying why; a batch of refused requests must leave the database as it was (but for
// the job mirror and the count of sign-in attempts, which a refused attempt rightly raises). The values
// are fixed lists, so a failure names the request that made it and reproduces.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import document from '../../openapi/openapi.json' with { type: 'json' };
import { createTestApp, TEST_PASSWORD, type TestApp } from '../support/app';

type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
  format?: string;
};
type Parameter = { in: 'path' | 'query'; name: string; required?: boolean; schema: Schema };
type Operation = { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: Schema }> } };

const schemas = (document as unknown as { components: { schemas: Record<string, Schema> } }).components.schemas;

function resolve(schema: Schema | undefined): Schema {
  let s = schema ?? {};
  while (s.$ref) s = schemas[s.$ref.split('/').pop()!];
  const variant = s.anyOf ?? s.oneOf;
  return variant ? resolve(variant.find((v) => resolve(v).type !== 'null') ?? variant[0]) : s;
}

const BAD_VALUES: unknown[] = [null, 'x'.repeat(10_000), 2147483648, -1, 1.5, 1e308, true, {}, [], '0000-01-01T00:00:00Z', 'a\u0000b'];
const BAD_PARAMS = ['abc', '0', '-1', '1.5', '2147483648', '99999999999999999999', '1e400', '%00', 'x'.repeat(5000)];

let t: TestApp;
let token: string;
let ownScenario: number;
/** Rows of another user's project: valid ids the fuzzing user must not reach. */
let foreignId: number;

/** A body a careless client might send: every required field present with a plausible value. */
function plausible(schema: Schema, key = ''): unknown {
  const s = resolve(schema);
  if (s.enum) return s.enum[0];
  const type = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  if (type === 'object') {
    return Object.fromEntries((s.required ?? []).map((k) => [k, plausible(s.properties![k], k)]));
  }
  if (type === 'array') return s.items ? [plausible(s.items, key)] : [];
  if (type === 'integer') return key === 'scenario_id' ? ownScenario : 1;
  if (type === 'number') return 1;
  if (type === 'boolean') return true;
  if (s.format === 'date-time') return '2017-01-02T10:00:00Z';
  if (s.format === 'date') return '2017-01-02';
  return key === 'email' ? 'someone@example.com' : 'x';
}

/** Malformed variants of a JSON body: whole-body shapes, then one field at a time. */
function bodyVariants(schema: Schema): unknown[] {
  const s = resolve(schema);
  const item = s.type === 'array' ? resolve(s.items) : s;
  const base = plausible(item) as Record<string, unknown>;
  const wrap = (b: unknown) => (s.type === 'array' ? [b] : b);
  const variants: unknown[] = [null, [], 'text', 42, {}, wrap({ ...base, unexpected_field: 1 })];
  for (const key of Object.keys(item.properties ?? {})) {
    for (const value of BAD_VALUES) variants.push(wrap({ ...base, [key]: value }));
    const { [key]: _dropped, ...without } = base;
    variants.push(wrap(without));
  }
  return variants;
}

function operations(): Array<{ method: string; path: string; op: Operation }> {
  const out = [];
  for (const [path, methods] of Object.entries((document as unknown as { paths: Record<string, Record<string, Operation>> }).paths)) {
    for (const [method, op] of Object.entries(methods)) out.push({ method: method.toUpperCase(), path, op });
  }
  return out;
}

function url(path: string, pathValues: Record<string, string>, query: Record<string, string>): string {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(pathValues[name] ?? String(foreignId)).replace('%2500', '%00'));
  const search = Object.entries(query)
    .map(([k, v]) => `${k}=${v === '%00' ? '%00' : encodeURIComponent(v)}`)
    .join('&');
  return search ? `${filled}?${search}` : filled;
}

/** Every request of one operation, as inject options. */
function requestsOf(method: string, path: string, op: Operation): InjectOptions[] {
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const baseQuery = Object.fromEntries(queryParams.filter((p) => p.required).map((p) => [p.name, p.name === 'scenario_id' ? String(ownScenario) : '1']));
  const json = op.requestBody?.content['application/json']?.schema;
  const baseBody = json ? plausible(json) : undefined;
  const request = (u: string, payload?: unknown, contentType = 'application/json'): InjectOptions => ({
    method: method as InjectOptions['method'],
    url: u,
    ...(payload !== undefined && { payload: typeof payload === 'string' ? payload : JSON.stringify(payload), headers: { 'content-type': contentType } }),
  });
  const out: InjectOptions[] = [];
  const ownPath = Object.fromEntries(pathParams.map((p) => [p.name, String(foreignId)]));
  for (const p of pathParams) for (const v of BAD_PARAMS) out.push(request(url(path, { ...ownPath, [p.name]: v }, baseQuery), baseBody));
  for (const p of queryParams) for (const v of BAD_PARAMS) out.push(request(url(path, ownPath, { ...baseQuery, [p.name]: v }), baseBody));
  if (pathParams.length) out.push(request(url(path, ownPath, baseQuery), baseBody));
  if (json) {
    const u = url(path, ownPath, baseQuery);
    for (const body of bodyVariants(json)) out.push(request(u, body));
    out.push(request(u, '{"a":'), request(u, 'name=x', 'text/plain'), request(u, JSON.stringify(baseBody), 'application/xml'));
  }
  return out;
}

/** The database's rows, table by table, as one comparable value (the fuzz database is small). */
async function snapshot(): Promise<string> {
  const tables = (await t.database.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not in ('jobs', 'job_files', 'auth_attempts', '__drizzle_migrations') order by table_name`,
  )) as unknown as { rows: Array<{ table_name: string }> };
  const parts = [];
  for (const { table_name } of tables.rows) {
    const r = (await t.database.db.execute(sql.raw(`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from "${table_name}" x`))) as unknown as {
      rows: Array<{ h: string }>;
    };
    parts.push(`${table_name}:${r.rows[0].h}`);
  }
  return parts.join(',');
}

beforeAll(async () => {
  t = await createTestApp({ jobs: true });
  // Another user's project comes first, so small ids are theirs.
  await t.user('other@example.com');
  const other = (await t.login('other@example.com', TEST_PASSWORD)).access;
  const project = (await t.as(other, { method: 'POST', url: '/api/projects/', payload: { name: 'Theirs' } })).json();
  const scenario = (await t.as(other, { method: 'POST', url: '/api/scenarios/', payload: { project_id: project.id, name: 'Theirs' } })).json();
  foreignId = scenario.id;
  await t.user('fuzz@example.com');
  token = (await t.login('fuzz@example.com', TEST_PASSWORD)).access;
  const mine = (await t.as(token, { method: 'POST', url: '/api/projects/', payload: { name: 'Mine' } })).json();
  ownScenario = (await t.as(token, { method: 'POST', url: '/api/scenarios/', payload: { project_id: mine.id, name: 'Mine' } })).json().id;
}, 120_000);
afterAll(() => t.close());

describe('fuzzing every operation of the OpenAPI document', () => {
  it('never answers 5xx, says why in JSON when it refuses, and changes nothing when it refuses', async () => {
    const failures: string[] = [];
    let sent = 0;
    // Sign-out and 2FA set-up would end or change the fuzzing session; they get the same bad
    // input, but last.
    const ops = operations().sort((a, b) => Number(a.path.startsWith('/api/auth/')) - Number(b.path.startsWith('/api/auth/')));
    for (const { method, path, op } of ops) {
      const before = await snapshot();
      let allRefused = true;
      for (const options of requestsOf(method, path, op)) {
        sent++;
        const res = await t.as(token, options);
        const what = `${options.method} ${String(options.url).slice(0, 120)} ${String(options.payload ?? '').slice(0, 120)}`;
        if (res.statusCode >= 500) failures.push(`${res.statusCode} ${what}: ${res.body.slice(0, 200)}`);
        if (res.statusCode < 400) {
          allRefused = false;
          continue;
        }
        let body: unknown;
        try {
          body = res.json();
        } catch {
          body = null;
        }
        if (typeof body !== 'object' || body === null || Object.keys(body).length === 0) failures.push(`${res.statusCode} without a JSON reason: ${what}`);
      }
      if (allRefused && (await snapshot()) !== before) failures.push(`${method} ${path}: refused requests changed the database`);
    }
    expect(sent).toBeGreaterThan(5000);
    expect(failures).toEqual([]);
  }, 600_000);
});
