// Schema-driven fuzzing (issue 11): every operation of the OpenAPI document gets malformed
// requests over a real socket: wrong types, nulls, missing and extra fields, 100,000-character
// strings, numbers past the columns and past a double, impossible dates, NUL characters, JSON
// nested 10,000 deep, another user's ids, malformed JSON, wrong content types, broken multipart
// uploads; then random ones from a seeded generator. Every answer must come (no dropped
// connection), be below 500, be a documented status when it accepts, and a JSON object saying
// why when it refuses; refused requests must leave every table as it was (but for the job
// mirror and the count of sign-in attempts, which a refused attempt rightly raises).
// The random requests are drawn from FUZZ_SEED (a fixed default, so CI repeats one run); a
// failure names its seed and request, and `FUZZ_SEED=<n> npx vitest run tests/api/fuzz.test.ts`
// explores other draws.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../support/app';
import { buildScenario } from '../support/scenarioFixture';
import { operations, type Operation } from '../support/fuzz/openapi';
import { fixedRequests, randomRequests, type FuzzIds, type FuzzRequest } from '../support/fuzz/requests';
import { seededRandom, seedFor } from '../support/fuzz/values';
import { APP_CLOSE_MS, APP_SETUP_MS, FUZZ_MS } from '../support/waits';

const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
/**
 * The suite's volume: every operation gets every kind of bad value, each in one in three of its
 * parameters and fields, and 4 random requests (about 6,250 requests). `npm run bench:fuzz`
 * (FUZZ_VOLUME=full) tries every value in every parameter and field, and 12 random requests per
 * operation (about 12,700).
 */
const VOLUME = process.env.FUZZ_VOLUME === 'full' ? { spread: 1, random: 12, least: 12_000 } : { spread: 3, random: 4, least: 6_000 };
/** A request unanswered (or a job unfinished) this long is reported as hanging instead of stalling the run. */
const HANG_MS = 120_000;

let t: TestApp;
let base: string;
let token: string;
let ids: FuzzIds;
let snapshotQuery: SQL;

type Answer = { status: number; json: unknown; contentType: string } | { dropped: string };

async function send(request: FuzzRequest): Promise<Answer> {
  try {
    const res = await fetch(base + request.url, {
      method: request.method,
      headers: { authorization: `Bearer ${token}`, ...(request.contentType !== undefined && { 'content-type': request.contentType }) },
      body: request.body,
      signal: AbortSignal.timeout(HANG_MS),
    });
    const text = await res.text();
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      // Not JSON: reported below when it is a refusal.
    }
    return { status: res.status, json, contentType: res.headers.get('content-type') ?? '' };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return { dropped: `${(error as Error).message} ${cause?.code ?? cause?.message ?? ''}` };
  }
}

const isAccepted = (answer: Answer) => !('dropped' in answer) && answer.status < 400;

const describeRequest = (r: FuzzRequest) => `${r.method} ${r.url.slice(0, 120)} [${r.contentType ?? 'no body'}] ${String(r.body ?? '').slice(0, 120)}`;

/** Why an answer breaks the rules, or null. */
function problem(op: Operation, answer: Answer): string | null {
  if ('dropped' in answer) return `no answer (${answer.dropped})`;
  if (answer.status >= 500) return `${answer.status} ${JSON.stringify(answer.json)?.slice(0, 200)}`;
  if (answer.status < 400) return op.documented.has(answer.status) ? null : `undocumented ${answer.status}`;
  const body = answer.json;
  const reasoned = typeof body === 'object' && body !== null && Object.keys(body).length > 0 && answer.contentType.includes('application/json');
  return reasoned ? null : `${answer.status} without a JSON reason`;
}

/** Waits until no job an accepted request started is still queued or running (they write too). */
async function jobsSettled(): Promise<void> {
  for (let waited = 0; ; waited += 50) {
    const busy = (await t.database.db.execute(sql`select count(*)::int as n from jobs where status in ('queued', 'running')`)) as unknown as {
      rows: Array<{ n: number }>;
    };
    if (busy.rows[0].n === 0) return;
    if (waited > HANG_MS) throw new Error(`${busy.rows[0].n} jobs still unfinished after ${HANG_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Every table's rows, once jobs have settled, as one comparable value, in one statement. */
async function snapshot(): Promise<string> {
  await jobsSettled();
  const result = (await t.database.db.execute(snapshotQuery)) as unknown as { rows: Array<{ t: string; h: string }> };
  return result.rows.map((r) => `${r.t}:${r.h}`).join(',');
}

async function prepareSnapshot(): Promise<void> {
  const tables = (await t.database.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not in ('jobs', 'job_files', 'auth_attempts', '__drizzle_migrations') order by table_name`,
  )) as unknown as { rows: Array<{ table_name: string }> };
  const parts = tables.rows.map(
    ({ table_name: name }) => `select '${name}' as t, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from "${name}" x`,
  );
  snapshotQuery = sql.raw(`select t, h from (${parts.join(' union all ')}) s order by t`);
}

beforeAll(async () => {
  t = await createTestApp({ jobs: true });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  // Another user's scenario with one row of every kind comes first, so small ids are theirs.
  await t.user('other@example.com');
  const foreign = await buildScenario(t, (await t.login('other@example.com', TEST_PASSWORD)).access, 'Theirs');
  await t.user('fuzz@example.com');
  token = (await t.login('fuzz@example.com', TEST_PASSWORD)).access;
  const mine = (await t.as(token, { method: 'POST', url: '/api/projects/', payload: { name: 'Mine' } })).json();
  const scenario = (await t.as(token, { method: 'POST', url: '/api/scenarios/', payload: { project_id: mine.id, name: 'Mine' } })).json();
  ids = { scenarioId: scenario.id, foreignId: foreign.scenario };
  await prepareSnapshot();
  // A job queue and another user's scenario with a row of every kind.
}, APP_SETUP_MS);
afterAll(() => t.close(), APP_CLOSE_MS);

describe('fuzzing every operation of the OpenAPI document', () => {
  it(
    'always answers, never 5xx, says why in JSON when it refuses, and refused requests change nothing',
    async () => {
      const failures: string[] = [];
      let sent = 0;
      // Sign-out and 2FA set-up would end or change the fuzzing session; they get the same bad
      // input, but last.
      const ops = operations().sort((a, b) => Number(a.path.startsWith('/api/auth/')) - Number(b.path.startsWith('/api/auth/')));
      for (const op of ops) {
        const name = `${op.method} ${op.path}`;
        const requests = [...fixedRequests(op, ids, VOLUME.spread), ...randomRequests(seededRandom(seedFor(SEED, name)), op, ids, VOLUME.random)];
        const before = await snapshot();
        const refused: FuzzRequest[] = [];
        for (const request of requests) {
          sent++;
          const answer = await send(request);
          const wrong = problem(op, answer);
          if (wrong) failures.push(`${wrong}: ${describeRequest(request)}`);
          if (!isAccepted(answer)) refused.push(request);
        }
        // Some were accepted (and may rightly have written): the refused ones again, alone.
        const replay = refused.length < requests.length;
        const from = replay ? await snapshot() : before;
        let acceptedNow = false;
        if (replay) for (const request of refused) acceptedNow = isAccepted(await send(request)) || acceptedNow;
        if (!acceptedNow && (await snapshot()) !== from) failures.push(`${name}: refused requests changed the database`);
      }
      expect(sent).toBeGreaterThan(VOLUME.least);
      expect(failures, `FUZZ_SEED=${SEED}`).toEqual([]);
      // About 6,250 requests, each table hashed before and after each operation's.
    },
    FUZZ_MS,
  );
});
