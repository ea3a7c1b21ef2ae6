// A scenario's History (issue 35): GET /api/scenarios/{id}/history/ answers who changed what and
// when, whoever wrote (a route, a bulk write, a job: its starter), filtered by set, person and
// row; a viewer reads it, a stranger is refused as for any scenario; it is kept HISTORY_DAYS days.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, signedIn, viewerAndStranger, type TestApp } from '../support/app';
import { buildScenario, type Fixture } from '../support/scenarioFixture';
import { pruneHistory } from '../../server/history/retention';
import { scenarioHistory } from '../../server/db/schema';
import { APP_CLOSE_MS, APP_SETUP_MS, JOBS_MS } from '../support/waits';

type Person = { id: number; email: string };
type Entry = { id: number; at: string; set: string; op: string; ids: number[]; count: number; user: Person | null; job: { id: number; kind: string } | null };
type Page = { entries: Entry[]; people: Person[]; sets: string[]; kept_days: number };

let t: TestApp;
let f: Fixture;
let owner: string;
let colleague: string;
let viewer: string;
let stranger: string;

beforeAll(async () => {
  t = await createTestApp({ jobs: true });
  owner = await signedIn(t, 'owner@example.com');
  f = await buildScenario(t, owner);
  ({ viewer, stranger } = await viewerAndStranger(t, owner, f.scenario));
  colleague = await signedIn(t, 'ana@example.com');
  const put = await t.as(owner, {
    method: 'PUT',
    url: `/api/projects/${f.project}/members/`,
    payload: { email: 'ana@example.com', role: 'editor' },
  });
  expect(put.statusCode, put.body).toBeLessThan(300);
}, APP_SETUP_MS);
afterAll(() => t.close(), APP_CLOSE_MS);

async function history(token: string, query = ''): Promise<Page> {
  const res = await t.as(token, { method: 'GET', url: `/api/scenarios/${f.scenario}/history/${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe("a scenario's History", () => {
  it('names who changed each row and when, newest first, for routes and bulk writes alike', async () => {
    const before = Date.now();
    expect((await t.as(colleague, { method: 'PATCH', url: `/api/flights/${f.flight}/`, payload: { load_factor: 0.9 } })).statusCode).toBe(200);
    const bulk = await t.as(owner, { method: 'PATCH', url: '/api/flights/bulk/', payload: [{ id: f.flight, seats: 170 }] });
    expect(bulk.statusCode, bulk.body).toBe(200);

    const [latest, earlier] = (await history(viewer, `?set=flights&row=${f.flight}`)).entries;
    expect(latest).toMatchObject({ set: 'flights', op: 'update', ids: [f.flight], count: 1, user: { email: 'owner@example.com' }, job: null });
    expect(earlier).toMatchObject({ set: 'flights', op: 'update', ids: [f.flight], user: { email: 'ana@example.com' } });
    expect(new Date(earlier.at).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(latest.id).toBeGreaterThan(earlier.id);
  });

  it(
    "puts a job's writes under the planner who started it, with the job",
    async () => {
      const queued = await t.as(colleague, { method: 'POST', url: `/api/allocation/generate/segregations/?scenario_id=${f.scenario}` });
      expect(queued.statusCode, queued.body).toBe(202);
      const job = await t.finished(colleague, queued.json().id);
      expect(job.status).toBe('succeeded');
      const { entries } = await history(owner, `?set=segregations`);
      expect(entries[0]).toMatchObject({ op: 'insert', user: { email: 'ana@example.com' }, job: { id: queued.json().id, kind: 'segregations-generate' } });
      // Asking for the job is in the History too; its progress is not.
      const jobRows = (await history(owner, '?set=jobs')).entries;
      expect(jobRows.map((e) => [e.op, e.ids[0], e.user?.email])).toEqual([['insert', queued.json().id, 'ana@example.com']]);
    },
    JOBS_MS,
  );

  it('filters by person and by set, and lists both to choose from', async () => {
    const ana = (await history(owner)).people.find((p) => p.email === 'ana@example.com')!;
    const page = await history(owner, `?user_id=${ana.id}`);
    expect(page.entries.length).toBeGreaterThan(0);
    expect(page.entries.every((e) => e.user?.id === ana.id)).toBe(true);
    expect(page.people.map((p) => p.email).sort()).toEqual(['ana@example.com', 'owner@example.com']);
    expect(page.sets).toEqual(expect.arrayContaining(['flights', 'jobs', 'segregations', 'baggage_allocations']));
    expect(page.kept_days).toBe(365);
    const rules = await history(owner, '?set=bags_per_allocation_rules');
    expect(rules.entries.length).toBeGreaterThan(0);
    expect(rules.entries.every((e) => e.set === 'bags_per_allocation_rules')).toBe(true);
    // Paged by id: the next page starts after the last entry shown.
    const [first] = (await history(owner, '?limit=2')).entries;
    const older = await history(owner, `?limit=1&before=${first.id}`);
    expect(older.entries[0]).toEqual((await history(owner, '?limit=2')).entries[1]);
    // The choices to filter by come with the first page only, as with a row's lookup.
    expect([older.people, older.sets]).toEqual([[], []]);
    expect((await history(owner, `?set=flights&row=${f.flight}`)).people).toEqual([]);
  });

  it('is read by viewers, refused to strangers, and refuses bad filters saying which', async () => {
    expect((await history(viewer)).entries.length).toBeGreaterThan(0);
    expect((await t.as(stranger, { method: 'GET', url: `/api/scenarios/${f.scenario}/history/` })).statusCode).toBe(404);
    const bad = await t.as(owner, { method: 'GET', url: `/api/scenarios/${f.scenario}/history/?limit=0&user_id=x` });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['limit', 'user_id']);
  });

  it('keeps a change for the days configured, then deletes it', async () => {
    const count = () => t.database.db.$count(scenarioHistory);
    const all = await count();
    await t.database.db.execute(sql`update ${scenarioHistory} set at = now() - interval '400 days' where id in (select min(id) from ${scenarioHistory})`);
    expect(await pruneHistory(t.database.db, 365)).toBe(1);
    expect(await count()).toBe(all - 1);
  });

  it('goes with its scenario', async () => {
    expect((await t.as(owner, { method: 'DELETE', url: `/api/scenarios/${f.scenario}/` })).statusCode).toBe(204);
    expect(await t.database.db.$count(scenarioHistory, eq(scenarioHistory.scenario_id, f.scenario))).toBe(0);
  });
});
