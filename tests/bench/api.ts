// `npm run bench:api`: the API's heavy reads and writes on the embedded database: listing
// 10,000 flights of a scenario, a bulk edit of 500 of them, and cloning the scenario. Each call
// goes over a real socket to the listening server (fetch), its status checked and its whole body
// read, as a browser would.
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { createTestApp, TEST_PASSWORD } from '../support/app';
import { airlines, flights, projectMembers, projects, scenarios } from '../../server/db/schema';
import { loadAverage, machine } from './machine';

const FLIGHTS = 10_000;
const t = await createTestApp();
const user = await t.user('bench@example.com', TEST_PASSWORD);
const { access } = await t.login('bench@example.com', TEST_PASSWORD);
const db = t.database.db;
const [project] = await db.insert(projects).values({ name: 'Bench', owner_id: user.id }).returning();
await db.insert(projectMembers).values({ project_id: project.id, user_id: user.id, role: 'owner' });
const [scenario] = await db.insert(scenarios).values({ project_id: project.id, name: 'Big day' }).returning();
const [airline] = await db.insert(airlines).values({ scenario_id: scenario.id, code: 'BA' }).returning();
const day = Date.UTC(2017, 0, 2);
for (let i = 0; i < FLIGHTS; i += 1000) {
  await db.insert(flights).values(
    Array.from({ length: 1000 }, (_, k) => ({
      scenario_id: scenario.id,
      airline_id: airline.id,
      flight_number: String(((i + k) % 9999) + 1),
      destination: 'LHR',
      scheduled: new Date(day + (((i + k) * 8_640) % 86_400_000)),
      seats: 180,
    })),
  );
}

await t.app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/`;

/** One call; throws unless it answers `status`. Answers the body's text. */
async function call(method: string, path: string, status: number, body?: unknown): Promise<string> {
  const res = await fetch(base + path, {
    method,
    headers: { authorization: `Bearer ${access}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== status) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return text;
}

async function time(label: string, runs: number, fn: () => Promise<unknown>) {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  console.log(`${label.padEnd(52)} median ${samples[Math.floor(runs / 2)].toFixed(0).padStart(5)} ms   best ${samples[0].toFixed(0).padStart(5)} ms`);
}

console.log(`embedded database (PGlite), ${FLIGHTS} flights, over HTTP on 127.0.0.1; ${machine()}`);
const whole = `flights/?scenario_id=${scenario.id}`;
const body = await call('GET', whole, 200);
if (JSON.parse(body).length !== FLIGHTS) throw new Error(`GET ${whole} did not answer ${FLIGHTS} flights`);
await time(`GET /api/flights/?scenario_id= (all rows, ${(Buffer.byteLength(body) / 1e6).toFixed(1)} MB)`, 15, () => call('GET', whole, 200));
// The same rows through the row path (pages take it), for comparison.
await time('GET /api/flights/?limit=10000 (all, row path)', 7, () => call('GET', `${whole}&limit=${FLIGHTS}`, 200));
await time('GET /api/flights/?limit=100 (a page)', 11, () => call('GET', `flights/?scenario_id=${scenario.id}&limit=100&offset=5000`, 200));
const ids = (await db.select({ id: flights.id }).from(flights)).slice(0, 500).map((r) => r.id);
await time('PATCH /api/flights/bulk/ (500 rows)', 3, () =>
  call(
    'PATCH',
    'flights/bulk/',
    200,
    ids.map((id) => ({ id, load_factor: Math.random() })),
  ),
);
await time('POST /api/scenarios/{id}/clone/ (10,000 flights)', 3, () => call('POST', `scenarios/${scenario.id}/clone/`, 201, { name: 'Copy' }));
console.log(`load average at the end ${loadAverage()}`);
await t.close();
