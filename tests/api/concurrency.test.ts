// Many planners at once, over a real socket (issue 11): parallel creates all land, concurrent
// edits of one row leave one of the values sent, and bulk edits stay all-or-nothing while others
// write the same rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../support/app';
import { APP_CLOSE_MS, APP_SETUP_MS, REQUEST_BURST_MS } from '../support/waits';

let t: TestApp;
let base: string;
let token: string;
let scenarioId: number;
let airlineId: number;

async function call(method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  const res = await fetch(`${base}/api/${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: await res.json() };
}

/** Runs `count` tasks with at most `clients` in flight, like that many planners' browsers. */
async function inParallel<T>(count: number, clients: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < count) {
        const i = next++;
        results[i] = await task(i);
      }
    }),
  );
  return results;
}

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  await t.user('many@example.com');
  token = (await t.login('many@example.com', TEST_PASSWORD)).access;
  const project = (await call('POST', 'projects/', { name: 'Busy' })).json as { id: number };
  scenarioId = ((await call('POST', 'scenarios/', { project_id: project.id, name: 'Busy day' })).json as { id: number }).id;
  airlineId = ((await call('POST', 'airlines/', { scenario_id: scenarioId, code: 'B6', name: 'JetBlue' })).json as { id: number }).id;
}, APP_SETUP_MS);
afterAll(() => t.close(), APP_CLOSE_MS);

/** A well-formed id no row has. */
const NO_SUCH_ROW = 2_147_483_647;

const flight = (i: number) => ({
  scenario_id: scenarioId,
  airline_id: airlineId,
  flight_number: String(i % 10_000),
  scheduled: '2017-01-02T10:00:00Z',
  seats: i,
});

// Each test sends hundreds of requests at once to the one app, on a machine with two cores.
describe('concurrent planners', { timeout: REQUEST_BURST_MS }, () => {
  it('answers 500 creates from 20 parallel clients with 2xx, and every one is there', async () => {
    const answers = await inParallel(500, 20, (i) => call('POST', 'flights/', flight(i)));
    expect(answers.filter((a) => a.status !== 201)).toEqual([]);
    const listed = (await call('GET', `flights/?scenario_id=${scenarioId}`)).json as Array<{ id: number; seats: number }>;
    expect(listed.map((f) => f.seats).sort((a, b) => a - b)).toEqual(Array.from({ length: 500 }, (_, i) => i));
    expect(new Set(answers.map((a) => (a.json as { id: number }).id))).toEqual(new Set(listed.map((f) => f.id)));
  });

  it('leaves one of the values sent by 50 concurrent PATCHes of one row', async () => {
    const [target] = (await call('GET', `flights/?scenario_id=${scenarioId}&limit=1`)).json as Array<{ id: number }>;
    const sent = Array.from({ length: 50 }, (_, i) => 1000 + i);
    const answers = await inParallel(50, 50, (i) => call('PATCH', `flights/${target.id}/`, { seats: sent[i] }));
    expect(answers.map((a) => a.status)).toEqual(sent.map(() => 200));
    const after = (await call('GET', `flights/${target.id}/`)).json as { seats: number };
    expect(sent).toContain(after.seats);
  });

  // The bad row is last and well-formed (it passes the schema), so it is refused inside the
  // transaction after every other row of the request was written: the rollback is what is tested.
  it('keeps bulk edits all-or-nothing while others edit the same rows', async () => {
    const rows = ((await call('GET', `flights/?scenario_id=${scenarioId}&limit=100`)).json as Array<{ id: number }>).map((r) => r.id);
    const answers = await inParallel(40, 20, (i) =>
      call('PATCH', 'flights/bulk/', [
        ...rows.map((id) => ({ id, load_factor: i % 2 ? 0.5 : 0.25 })),
        ...(i % 2 ? [{ id: rows[0], airline_id: NO_SUCH_ROW }] : []),
      ]),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map((_, i) => (i % 2 ? 400 : 200)));
    expect(answers[1].json).toEqual({ '100.airline_id': expect.any(Array) });
    const after = (await call('GET', `flights/?scenario_id=${scenarioId}&limit=100`)).json as Array<{ load_factor: number }>;
    expect(new Set(after.map((f) => f.load_factor))).toEqual(new Set([0.25]));
  });

  it('creates every row of a good bulk PUT and none of a bad one while others create alongside', async () => {
    const [{ id: flightId }] = (await call('GET', `flights/?scenario_id=${scenarioId}&limit=1`)).json as Array<{ id: number }>;
    const segregation = (i: number, k: number) => ({ scenario_id: scenarioId, flight_id: flightId, name: `R${i}X${k}`, share: 5, bags: k });
    const answers = await inParallel(20, 10, (i) =>
      call('PUT', 'segregations/bulk/', [
        ...Array.from({ length: 10 }, (_, k) => segregation(i, k)),
        ...(i % 2 ? [{ ...segregation(i, 10), flight_id: NO_SUCH_ROW }] : []),
      ]),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map((_, i) => (i % 2 ? 400 : 200)));
    const names = ((await call('GET', `segregations/?flight_id=${flightId}`)).json as Array<{ name: string }>).map((s) => s.name);
    const good = Array.from({ length: 20 }, (_, i) => i).filter((i) => i % 2 === 0);
    expect(names.sort()).toEqual(good.flatMap((i) => Array.from({ length: 10 }, (_, k) => `R${i}X${k}`)).sort());
  });
});
