// Every scenario resource set through the API: create, retrieve, list (with X-Total-Count and
// paging), put, patch, delete; its filters; invalid input answering 400 per field and writing
// nothing; and who may do what (a stranger gets 404, a viewer's write 403).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../support/app';
import { buildScenario, type Fixture } from '../support/scenarioFixture';
import { APP_CLOSE_MS, APP_SETUP_MS, REQUEST_BURST_MS } from '../support/waits';

let t: TestApp;
let f: Fixture;
let viewer: string;
let stranger: string;
let other: Fixture;

beforeAll(async () => {
  t = await createTestApp();
  await t.user('owner@example.com');
  await t.user('viewer@example.com');
  await t.user('stranger@example.com');
  const owner = (await t.login('owner@example.com', TEST_PASSWORD)).access;
  viewer = (await t.login('viewer@example.com', TEST_PASSWORD)).access;
  stranger = (await t.login('stranger@example.com', TEST_PASSWORD)).access;
  f = await buildScenario(t, owner);
  other = await buildScenario(t, stranger, 'Stranger day');
  const add = await t.as(owner, { method: 'PUT', url: `/api/projects/${f.project}/members/`, payload: { email: 'viewer@example.com', role: 'viewer' } });
  expect(add.statusCode).toBe(200);
}, APP_SETUP_MS);
afterAll(() => t.close(), APP_CLOSE_MS);

type Case = {
  path: string;
  id: (f: Fixture) => number;
  /** A valid change and the field it shows in. */
  patch: Record<string, unknown>;
  /** An invalid create body (beyond scenario_id) and the fields it must name. */
  bad: (f: Fixture) => [Record<string, unknown>, string[]];
  create: (f: Fixture) => Record<string, unknown>;
};

const cases: Case[] = [
  {
    path: 'airports/',
    id: (f) => f.airport,
    patch: { city: 'New York' },
    create: () => ({ iata: 'LGA' }),
    bad: () => [{ iata: 'LONDON', time_zone: 'Mars/Base' }, ['iata', 'time_zone']],
  },
  {
    path: 'terminals/',
    id: (f) => f.terminal,
    patch: { code: 'T4' },
    create: (f) => ({ airport_id: f.airport, name: 'T4' }),
    bad: (f) => [{ airport_id: f.airport + 9999, name: '' }, ['airport_id', 'name']],
  },
  {
    path: 'zones/',
    id: (f) => f.checkinZone,
    patch: { queue_area_m2: 320 },
    create: (f) => ({ terminal_id: f.terminal, name: 'Security South', kind: 'security' }),
    bad: (f) => [{ terminal_id: f.terminal, name: 'X', kind: 'lounge', queue_area_m2: 0 }, ['kind', 'queue_area_m2']],
  },
  {
    path: 'airlines/',
    id: (f) => f.airline,
    patch: { name: 'JetBlue Airways' },
    create: () => ({ code: 'AA', name: 'American' }),
    bad: () => [{ code: 'AAAA' }, ['code']],
  },
  {
    path: 'aircraft/',
    id: (f) => f.aircraft,
    patch: { seats: 150 },
    create: () => ({ iata: '77W', body: 'wide', seats: 350 }),
    bad: () => [{ iata: '7', seats: -1 }, ['iata', 'seats']],
  },
  {
    path: 'turnup-profiles/',
    id: (f) => f.profile,
    patch: { name: 'Short haul 2' },
    create: () => ({ name: 'Long haul', earliest_minutes: 240, bin_minutes: 60, shares: [25, 25, 25, 25] }),
    bad: () => [{ name: 'Bad', earliest_minutes: 60, bin_minutes: 30, shares: [50, 40] }, ['shares']],
  },
  {
    path: 'flights/',
    id: (f) => f.flight,
    patch: { load_factor: 0.9 },
    create: (f) => ({ airline_id: f.airline, flight_number: '1983', scheduled: '2017-01-02T10:05:00Z' }),
    bad: (f) => [{ airline_id: f.airline + 9999, flight_number: '12345', scheduled: '25:61' }, ['airline_id', 'flight_number', 'scheduled']],
  },
  {
    path: 'segregations/',
    id: (f) => f.segregation,
    patch: { bags: 150 },
    create: (f) => ({ flight_id: f.flight, name: 'J', share: 10 }),
    bad: (f) => [{ flight_id: f.flight, name: 'J', share: 120 }, ['share']],
  },
  {
    path: 'allocation/resource/',
    id: (f) => f.counter,
    patch: { queue_area_m2: 24.5 },
    create: (f) => ({ zone_id: f.checkinZone, name: 'Kiosk 1', resource_type: 'kiosk' }),
    bad: (f) => [{ zone_id: f.checkinZone, name: 'K', resource_type: 'teleporter', queue_area_m2: -3 }, ['resource_type', 'queue_area_m2']],
  },
  {
    path: 'allocation/resource-allocation/',
    id: (f) => f.resourceAllocation,
    patch: { locked: true },
    create: (f) => ({ resource_id: f.counter, airline_id: f.airline, start: '2017-01-02T06:00:00Z', end: '2017-01-02T08:00:00Z' }),
    bad: (f) => [{ resource_id: f.counter, start: '2017-01-02T08:00:00Z', end: '2017-01-02T06:00:00Z' }, ['end', 'flight_id']],
  },
  {
    path: 'allocation/baggage-allocation/',
    id: (f) => f.baggageAllocation,
    patch: { containers: 6 },
    create: (f) => ({
      flight_id: f.flight,
      segregation_id: f.segregation,
      resource_id: f.carousel,
      position_index: 2,
      start: '2017-01-02T12:50:00Z',
      end: '2017-01-02T14:40:00Z',
    }),
    bad: (f) => [
      { flight_id: f.flight, segregation_id: f.segregation, resource_id: f.counter, start: '2017-01-02T12:50:00Z', end: '2017-01-02T14:40:00Z' },
      ['resource_id'],
    ],
  },
  {
    path: 'rules/flight-import/',
    id: (f) => f.importRule,
    patch: { priority: 5 },
    create: () => ({ match: { sector: 'domestic' }, actions: { load_factor: 0.8 } }),
    bad: (f) => [{ match: { colour: 'red' }, actions: { zone_id: f.checkinZone + 9999 } }, ['match']],
  },
  {
    path: 'rules/segregation/',
    id: (f) => f.segregationRule,
    patch: { name: 'Two classes' },
    create: () => ({ segregations: [{ name: 'Y', share: 100 }] }),
    bad: () => [
      {
        segregations: [
          { name: 'J', share: 30 },
          { name: 'Y', share: 30 },
        ],
      },
      ['segregations'],
    ],
  },
  {
    path: 'rules/bagsperallocation/',
    id: (f) => f.bagsRule,
    patch: { bags_per_container: 45 },
    create: () => ({ bags_per_passenger: 1.0 }),
    bad: () => [{ open_minutes: 30, close_minutes: 40 }, ['open_minutes']],
  },
  {
    path: 'simulation-runs/',
    id: (f) => f.run,
    patch: { name: 'Busy day, 3 replications' },
    create: () => ({ name: 'Second run', settings: { replications: 2 }, results: { stations: {} } }),
    bad: () => [{ name: '', results: 'none' }, ['name', 'results']],
  },
  {
    path: 'passenger-movement-graphs/',
    id: (f) => f.graph,
    patch: { name: 'Renamed flow' },
    create: () => ({ name: 'Second', graph: { version: 1, nodes: [], edges: [] } }),
    bad: () => [{ name: 'No graph' }, ['graph']],
  },
  {
    path: 'sizing-plans/',
    id: (f) => f.plan,
    patch: { name: 'Evening plan' },
    create: () => ({ name: 'Second plan', plan: { stations: { Security: { servers: [2, 3, 2], period_minutes: 15 } } } }),
    bad: () => [{ name: '' }, ['name', 'plan']],
  },
];

describe('the cases', () => {
  it('cover every item the API lets a planner change (its OpenAPI document), but uploads', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/schema/?format=json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const conditional = Object.entries(document.paths)
      .filter(([, operations]) => JSON.stringify(operations.patch ?? {}).includes('"if-match"'))
      .map(([path]) => path.replace(/^\/api\//, '').replace(/\{id\}\/$/, ''));
    // Schedule files are made by an upload (scheduleImport.test.ts), their rows versioned by the
    // same routes; projects and scenarios have routes of their own (scenarioData.test.ts), as do
    // users (users.test.ts).
    expect(conditional.sort()).toEqual([...cases.map((c) => c.path), 'flight-schedule-file/', 'projects/', 'scenarios/', 'users/'].sort());
  });
});

describe.each(cases)('$path', (c) => {
  const url = (id?: number) => `/api/${c.path}${id ? `${id}/` : ''}`;

  it('creates, retrieves, lists, changes and deletes', async () => {
    const listed = () => t.as(f.token, { method: 'GET', url: `${url()}?scenario_id=${f.scenario}` });
    const before = Number((await listed()).headers['x-total-count']);
    const created = await t.as(f.token, { method: 'POST', url: url(), payload: { scenario_id: f.scenario, ...c.create(f) } });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    expect((await t.as(f.token, { method: 'GET', url: url(id) })).json()).toEqual(created.json());

    const list = await listed();
    expect(Number(list.headers['x-total-count'])).toBe(before + 1);
    expect(list.json().map((r: { id: number }) => r.id)).toEqual(expect.arrayContaining([c.id(f), id]));
    const page = await t.as(f.token, { method: 'GET', url: `${url()}?scenario_id=${f.scenario}&limit=1&offset=1` });
    expect(page.json()).toEqual([list.json()[1]]);
    expect(Number(page.headers['x-total-count'])).toBe(before + 1);

    const patched = await t.as(f.token, { method: 'PATCH', url: url(id), payload: c.patch });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject(c.patch);
    const put = await t.as(f.token, { method: 'PUT', url: url(id), payload: { ...c.create(f), ...c.patch } });
    expect(put.statusCode, put.body).toBe(200);

    expect((await t.as(f.token, { method: 'DELETE', url: url(id) })).statusCode).toBe(204);
    expect((await t.as(f.token, { method: 'GET', url: url(id) })).statusCode).toBe(404);
  });

  it('refuses a write made against an older version with 412 and the row as it is, and takes one made against the current', async () => {
    const created = await t.as(f.token, { method: 'POST', url: url(), payload: { scenario_id: f.scenario, ...c.create(f) } });
    const made = created.json();
    expect([made.version, created.headers.etag]).toEqual([1, '"1"']);
    expect(made).not.toMatchObject(c.patch);
    const changed = await t.as(f.token, { method: 'PATCH', url: url(made.id), headers: { 'if-match': '"1"' }, payload: c.patch });
    expect(changed.statusCode, changed.body).toBe(200);
    expect([changed.json().version, changed.headers.etag]).toEqual([2, '"2"']);
    const current = (await t.as(f.token, { method: 'GET', url: url(made.id) })).json();
    expect(current).toEqual(changed.json());

    const stale = [
      { method: 'PATCH', headers: { 'if-match': '"1"' }, payload: c.create(f) },
      { method: 'PUT', headers: { 'if-match': 'W/"2", "1"' }, payload: c.create(f) },
      { method: 'DELETE', headers: { 'if-match': '"1"' } },
      { method: 'PATCH', headers: { 'if-unmodified-since': 'Mon, 01 Jan 2001 00:00:00 GMT' }, payload: c.create(f) },
    ] as const;
    for (const write of stale) {
      const refused = await t.as(f.token, { url: url(made.id), ...write });
      expect(refused.statusCode, `${write.method} ${JSON.stringify(write.headers)}`).toBe(412);
      expect(refused.json()).toEqual(current);
      expect(refused.headers.etag).toBe('"2"');
    }
    expect((await t.as(f.token, { method: 'GET', url: url(made.id) })).json()).toEqual(current);

    // A write that changes nothing leaves the version; a delete on the current one goes ahead.
    const same = await t.as(f.token, { method: 'PATCH', url: url(made.id), headers: { 'if-match': '*' }, payload: c.patch });
    expect(same.json()).toEqual(current);
    expect((await t.as(f.token, { method: 'DELETE', url: url(made.id), headers: { 'if-match': '"2"' } })).statusCode).toBe(204);
  });

  it('answers 400 naming each bad field, and writes nothing', async () => {
    const before = (await t.as(f.token, { method: 'GET', url: `${url()}?scenario_id=${f.scenario}` })).json();
    const [body, fields] = c.bad(f);
    const res = await t.as(f.token, { method: 'POST', url: url(), payload: { scenario_id: f.scenario, ...body } });
    expect(res.statusCode).toBe(400);
    for (const field of fields) expect(Object.keys(res.json()).join(' '), res.body).toContain(field);
    const after = (await t.as(f.token, { method: 'GET', url: `${url()}?scenario_id=${f.scenario}` })).json();
    expect(after).toEqual(before);
  });

  it("hides another project's rows (404) and refuses a viewer's writes (403)", async () => {
    const theirs = c.id(other);
    expect((await t.as(f.token, { method: 'GET', url: url(theirs) })).statusCode).toBe(404);
    expect((await t.as(f.token, { method: 'PATCH', url: url(theirs), payload: c.patch })).statusCode).toBe(404);
    expect((await t.as(f.token, { method: 'DELETE', url: url(theirs) })).statusCode).toBe(404);
    const mine = (await t.as(f.token, { method: 'GET', url: url() })).json() as Array<{ scenario_id: number }>;
    expect(mine.every((r) => r.scenario_id === f.scenario)).toBe(true);
    const intoTheirs = await t.as(f.token, { method: 'POST', url: url(), payload: { ...c.create(other), scenario_id: other.scenario } });
    expect(intoTheirs.statusCode).toBe(404);

    expect((await t.as(viewer, { method: 'GET', url: url(c.id(f)) })).statusCode).toBe(200);
    const write = await t.as(viewer, { method: 'PATCH', url: url(c.id(f)), payload: c.patch });
    expect(write.statusCode).toBe(403);
    expect((await t.as(viewer, { method: 'DELETE', url: url(c.id(f)) })).statusCode).toBe(403);
    expect((await t.as(viewer, { method: 'POST', url: url(), payload: { scenario_id: f.scenario, ...c.create(f) } })).statusCode).toBe(403);
  });
});

describe('references', () => {
  it("refuses a reference into another scenario's rows, naming the field", async () => {
    const res = await t.as(f.token, {
      method: 'POST',
      url: '/api/flights/',
      payload: { scenario_id: f.scenario, airline_id: other.airline, flight_number: '1', scheduled: '2017-01-02T10:00:00Z' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ airline_id: [`No such airline ${other.airline} in this scenario.`] });
  });

  it('refuses moving a row to another scenario', async () => {
    const res = await t.as(f.token, { method: 'PATCH', url: `/api/airlines/${f.airline}/`, payload: { scenario_id: other.scenario } });
    expect(res.json()).toEqual({ scenario_id: ['A row cannot move to another scenario.'] });
  });
});

describe("a make-up allocation's window", () => {
  // The fixture's flight leaves at 15:20 UTC; the default rule opens make-up 150 minutes before
  // STD at the earliest and closes it at least 40 minutes before.
  const patch = (payload: object) => t.as(f.token, { method: 'PATCH', url: `/api/allocation/baggage-allocation/${f.baggageAllocation}/`, payload });

  it('refuses a move past what the make-up rule allows, saying which offset and by how much', async () => {
    const late = await patch({ start: '2017-01-02T13:30:00Z', end: '2017-01-02T15:15:00Z' });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ end: ['Closes 5 minutes before STD; its make-up rule closes it at least 40 minutes before STD.'] });
    const early = await patch({ start: '2017-01-02T12:00:00Z', end: '2017-01-02T13:50:00Z' });
    expect(early.json()).toEqual({ start: ['Opens 200 minutes before STD; its make-up rule opens it 150 minutes before STD at the earliest.'] });
    // Inside the rule's window: shorter is fine.
    expect((await patch({ start: '2017-01-02T13:00:00Z', end: '2017-01-02T14:30:00Z' })).statusCode).toBe(200);
  });
});

// A run of a few megabytes sent, stored and read back.
describe('a saved simulation run', { timeout: REQUEST_BURST_MS }, () => {
  it("takes a run of a few megabytes (its output's minute-by-minute playback) and gives it back whole", async () => {
    const minutes = Array.from({ length: 1440 }, (_, m) => Math.round(Math.sin(m / 50) * 1e4) / 100);
    const resources = Object.fromEntries(Array.from({ length: 400 }, (_, k) => [`C${k}`, { start_minutes: 180, busy: minutes, open: minutes }]));
    const results = { output: { playback: { start_minutes: 180, minutes: 1440, resources } } };
    const created = await t.as(f.token, { method: 'POST', url: '/api/simulation-runs/', payload: { scenario_id: f.scenario, name: 'Big day', results } });
    expect(JSON.stringify(results).length).toBeGreaterThan(4 * 1024 * 1024);
    expect(created.statusCode).toBe(201);
    const back = await t.as(f.token, { method: 'GET', url: `/api/simulation-runs/${created.json().id}/` });
    expect(back.json().results).toEqual(results);
  });
});
