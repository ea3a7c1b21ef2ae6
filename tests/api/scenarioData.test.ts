// The calls beyond plain CRUD: list filters, the by-source lists of the flow editor, bulk edits
// (all rows or none), projects and members, scenarios, deep clone and the jobs list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { flights, passengerMovementGraphs } from '../../server/db/schema';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../support/app';
import { buildScenario, type Fixture } from '../support/scenarioFixture';
import { APP_CLOSE_MS, APP_SETUP_MS } from '../support/waits';

let t: TestApp;
let f: Fixture;
let owner: string;
let editor: string;
let viewer: string;

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['owner', 'editor', 'viewer', 'outsider']) await t.user(`${who}@example.com`);
  owner = (await t.login('owner@example.com', TEST_PASSWORD)).access;
  editor = (await t.login('editor@example.com', TEST_PASSWORD)).access;
  viewer = (await t.login('viewer@example.com', TEST_PASSWORD)).access;
  f = await buildScenario(t, owner);
  for (const [email, role] of [
    ['editor@example.com', 'editor'],
    ['viewer@example.com', 'viewer'],
  ]) {
    await t.as(owner, { method: 'PUT', url: `/api/projects/${f.project}/members/`, payload: { email, role } });
  }
}, APP_SETUP_MS);
afterAll(() => t.close(), APP_CLOSE_MS);

const get = (token: string, url: string) => t.as(token, { method: 'GET', url: `/api/${url}` });
const ids = (res: { json(): unknown }) => (res.json() as Array<{ id: number }>).map((r) => r.id);

describe('filters', () => {
  it('filter lists by source, zone, flight, terminal, airport and matched flights', async () => {
    expect(ids(await get(owner, `flights/?source_id=${f.source}`))).toEqual([f.flight]);
    expect(ids(await get(owner, `flights/?source_id=${f.source + 999}`))).toEqual([]);
    expect(ids(await get(owner, `flights/?zone_id=${f.checkinZone}`))).toEqual([f.flight]);
    expect(ids(await get(owner, `flights/?zone_id=${f.makeupZone}`))).toEqual([]);
    expect(ids(await get(owner, `airlines/?flight__source_id=${f.source}`))).toEqual([f.airline]);
    expect(ids(await get(owner, `segregations/?flight__source_id=${f.source}`))).toEqual([f.segregation]);
    expect(ids(await get(owner, `segregations/?flight_id=${f.flight}`))).toEqual([f.segregation]);
    expect(ids(await get(owner, `zones/?flights__source_id=${f.source}`))).toEqual([f.checkinZone]);
    expect(ids(await get(owner, `zones/?terminal_id=${f.terminal}`)).sort()).toEqual([f.checkinZone, f.makeupZone].sort());
    expect(ids(await get(owner, `terminals/?airport_id=${f.airport}`))).toEqual([f.terminal]);
    expect(ids(await get(owner, `allocation/resource/?zone_id=${f.makeupZone}`))).toEqual([f.carousel]);
    expect(ids(await get(owner, `allocation/baggage-allocation/?flight_id=${f.flight}`))).toEqual([f.baggageAllocation]);
    expect(ids(await get(owner, `allocation/baggage-allocation/?flight__zone_id=${f.checkinZone}`))).toEqual([f.baggageAllocation]);
    expect(ids(await get(owner, `rules/flight-import/?matched_flights__id=${f.flight}`))).toEqual([]);
    expect((await get(owner, 'flights/?source_id=abc')).json()).toHaveProperty('source_id');
  });

  it('airlines/by_source/ and segregations/by_airline_source/ answer what the flow editor needs', async () => {
    expect((await get(owner, `airlines/by_source/?source_id=${f.source}`)).json()).toEqual([{ id: f.airline, code: 'B6', name: 'JetBlue' }]);
    const segs = (await get(owner, `segregations/by_airline_source/?source_id=${f.source}&airline_id=${f.airline}`)).json();
    expect(segs).toEqual([
      { id: f.segregation, name: 'Y', share: 100, bags: 200, flight: { id: f.flight, flight_number: '901', airline: { id: f.airline, code: 'B6' } } },
    ]);
    expect((await get(owner, 'airlines/by_source/')).statusCode).toBe(400);
    const outsider = (await t.login('outsider@example.com', TEST_PASSWORD)).access;
    expect((await get(outsider, `airlines/by_source/?source_id=${f.source}`)).json()).toEqual([]);
  });

  it("airlines/zones/ answers each airline's check-in zone by its departures, without the flow editor loading every flight", async () => {
    const day = await buildScenario(t, owner, 'Zones day');
    const s = { scenario_id: day.scenario };
    const post = async (path: string, body: object) => (await t.as(owner, { method: 'POST', url: `/api/${path}`, payload: body })).json().id as number;
    const zoneB = await post('zones/', { ...s, terminal_id: day.terminal, name: 'Checkin Zone B', kind: 'checkin' });
    const departure = (number: string, zone: number | null, direction = 'departure') =>
      post('flights/', {
        ...s,
        source_id: day.source,
        airline_id: day.airline,
        flight_number: number,
        direction,
        destination: 'FLL',
        scheduled: '2017-01-02T12:00:00Z',
        zone_id: zone,
      });
    // Two departures in zone B against one in zone A (the fixture's); arrivals have no say.
    await departure('902', zoneB);
    await departure('903', zoneB);
    await departure('904', day.checkinZone, 'arrival');
    await departure('905', day.checkinZone, 'arrival');
    expect((await get(owner, `airlines/zones/?scenario_id=${day.scenario}`)).json()).toEqual([{ airline_id: day.airline, zone_id: zoneB, zones: 2 }]);
    expect((await get(viewer, `airlines/zones/?scenario_id=${day.scenario}`)).statusCode).toBe(404);
    expect((await get(owner, 'airlines/zones/')).json()).toEqual({ scenario_id: [expect.any(String)] });
  });
});

describe('bulk', () => {
  it('PATCH flights/bulk/ changes every row in one transaction, or none when one is bad', async () => {
    const second = await t.as(owner, {
      method: 'POST',
      url: '/api/flights/',
      payload: { scenario_id: f.scenario, airline_id: f.airline, flight_number: '1983', scheduled: '2017-01-02T10:05:00Z' },
    });
    const secondId = second.json().id;
    const bad = await t.as(editor, {
      method: 'PATCH',
      url: '/api/flights/bulk/',
      payload: [
        { id: f.flight, load_factor: 0.5 },
        { id: secondId, load_factor: 7 },
        { id: 999999, seats: 1 },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['1.load_factor', '2.id']);
    const [unchanged] = await t.database.db.select().from(flights).where(eq(flights.id, f.flight));
    expect(unchanged.load_factor).toBe(0.85);

    const ok = await t.as(editor, {
      method: 'PATCH',
      url: '/api/flights/bulk/',
      payload: [
        { id: f.flight, load_factor: 0.5 },
        { id: secondId, seats: 150, zone_id: f.checkinZone },
      ],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().map((r: { load_factor: number; seats: number }) => [r.load_factor, r.seats])).toEqual([
      [0.5, 200],
      [0.85, 150],
    ]);
    // A bulk write raises each row's version, as a single one does.
    expect(ok.json().map((r: { version: number }) => r.version)).toEqual([unchanged.version + 1, 2]);
    // An item made against an older version of its row: nothing is written, and the rows that changed are answered.
    const [flightNow, secondNow] = ok.json();
    const stale = await t.as(editor, {
      method: 'PATCH',
      url: '/api/flights/bulk/',
      payload: [
        { id: f.flight, load_factor: 0.6, version: flightNow.version },
        { id: secondId, seats: 160, version: secondNow.version - 1 },
      ],
    });
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toEqual([secondNow]);
    const [kept] = await t.database.db.select().from(flights).where(eq(flights.id, f.flight));
    expect([kept.load_factor, kept.version]).toEqual([0.5, flightNow.version]);
    expect((await t.as(viewer, { method: 'PATCH', url: '/api/flights/bulk/', payload: [{ id: f.flight, seats: 1 }] })).statusCode).toBe(403);
  });

  it('PUT segregations/bulk/ creates items without an id and replaces those with one', async () => {
    const res = await t.as(owner, {
      method: 'PUT',
      url: '/api/segregations/bulk/',
      payload: [
        { id: f.segregation, flight_id: f.flight, name: 'Y', share: 90, bags: 180 },
        { scenario_id: f.scenario, flight_id: f.flight, name: 'J', share: 10, bags: 20 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().map((s: { name: string; share: number }) => [s.name, s.share])).toEqual([
      ['Y', 90],
      ['J', 10],
    ]);
    const missingScenario = await t.as(owner, { method: 'PUT', url: '/api/segregations/bulk/', payload: [{ flight_id: f.flight, name: 'X' }] });
    expect(missingScenario.json()).toEqual({ '0.scenario_id': ['Required for a new row.'] });
    const resourcesBulk = await t.as(owner, { method: 'PATCH', url: '/api/allocation/resource/bulk/', payload: [{ id: f.counter, display_order: 7 }] });
    expect(resourcesBulk.json()[0].display_order).toBe(7);
    const allocationsBulk = await t.as(owner, {
      method: 'PATCH',
      url: '/api/allocation/resource-allocation/bulk/',
      payload: [{ id: f.resourceAllocation, locked: true }],
    });
    expect(allocationsBulk.json()[0].locked).toBe(true);
  });
});

describe('projects and scenarios', () => {
  it('lists only member projects with the caller role; owners manage members', async () => {
    expect((await get(viewer, 'projects/')).json().map((p: { id: number; role: string }) => [p.id, p.role])).toEqual([[f.project, 'viewer']]);
    const members = (await get(viewer, `projects/${f.project}/members/`)).json();
    expect(members.map((m: { email: string; role: string }) => `${m.email}:${m.role}`)).toEqual([
      'editor@example.com:editor',
      'owner@example.com:owner',
      'viewer@example.com:viewer',
    ]);
    const byEditor = await t.as(editor, {
      method: 'PUT',
      url: `/api/projects/${f.project}/members/`,
      payload: { email: 'outsider@example.com', role: 'viewer' },
    });
    expect(byEditor.statusCode).toBe(403);
    const unknown = await t.as(owner, { method: 'PUT', url: `/api/projects/${f.project}/members/`, payload: { email: 'nobody@example.com', role: 'viewer' } });
    expect(unknown.json()).toEqual({ email: ['No user has this e-mail address.'] });
    const ownerId = members.find((m: { email: string }) => m.email === 'owner@example.com').user_id;
    const lastOwner = await t.as(owner, { method: 'DELETE', url: `/api/projects/${f.project}/members/${ownerId}/` });
    expect(lastOwner.json()).toEqual({ role: ['A project keeps at least one owner.'] });
    expect((await t.as(editor, { method: 'PATCH', url: `/api/projects/${f.project}/`, payload: { description: 'JFK 2017' } })).json().description).toBe(
      'JFK 2017',
    );
    expect((await t.as(editor, { method: 'DELETE', url: `/api/projects/${f.project}/` })).statusCode).toBe(403);
  });

  it('scenarios: list by project, select a schedule of the same scenario only, owners delete', async () => {
    const list = (await get(viewer, `scenarios/?project_id=${f.project}`)).json();
    expect(list).toEqual([expect.objectContaining({ id: f.scenario, project: { id: f.project, name: 'Design day project' }, design_date: '2017-01-02' })]);
    const select = await t.as(editor, { method: 'PATCH', url: `/api/scenarios/${f.scenario}/`, payload: { selected_schedule: f.source } });
    expect(select.json().selected_schedule).toBe(f.source);
    const foreign = await t.as(editor, { method: 'PATCH', url: `/api/scenarios/${f.scenario}/`, payload: { selected_schedule: f.source + 999 } });
    expect(foreign.json()).toEqual({ selected_schedule: [`No such schedule file ${f.source + 999} in this scenario.`] });
    const extra = await t.as(editor, { method: 'POST', url: '/api/scenarios/', payload: { project_id: f.project, name: 'Scratch' } });
    expect(extra.statusCode).toBe(201);
    expect((await t.as(editor, { method: 'DELETE', url: `/api/scenarios/${extra.json().id}/` })).statusCode).toBe(403);
    expect((await t.as(owner, { method: 'DELETE', url: `/api/scenarios/${extra.json().id}/` })).statusCode).toBe(204);
    expect((await t.as(viewer, { method: 'POST', url: '/api/scenarios/', payload: { project_id: f.project, name: 'No' } })).statusCode).toBe(403);
  });

  it.each([
    { kind: 'projects', body: () => ({ name: 'Versioned project' }) },
    { kind: 'scenarios', body: () => ({ project_id: f.project, name: 'Versioned scenario' }) },
  ])('$kind: a write against an older version answers 412 with the item as it is and changes nothing', async ({ kind, body }) => {
    const made = (await t.as(owner, { method: 'POST', url: `/api/${kind}/`, payload: body() })).json();
    const url = `/api/${kind}/${made.id}/`;
    const read = await t.as(owner, { method: 'GET', url });
    expect([read.json().version, read.headers.etag]).toEqual([1, '"1"']);
    // The same planner in another tab, or a script: its change is made against version 1.
    const theirs = await t.as(owner, { method: 'PATCH', url, headers: { 'if-match': '"1"' }, payload: { description: 'Theirs' } });
    expect([theirs.statusCode, theirs.json().version, theirs.headers.etag]).toEqual([200, 2, '"2"']);
    for (const write of [
      { method: 'PATCH', payload: { description: 'Mine' } },
      { method: 'PUT', payload: { name: 'Mine', description: 'Mine' } },
      { method: 'DELETE' },
    ] as const) {
      const refused = await t.as(owner, { url, headers: { 'if-match': '"1"' }, ...write });
      expect(refused.statusCode, write.method).toBe(412);
      expect(refused.json()).toEqual(theirs.json());
    }
    expect((await t.as(owner, { method: 'GET', url })).json()).toEqual(theirs.json());
    expect((await t.as(owner, { method: 'DELETE', url, headers: { 'if-match': '"2"' } })).statusCode).toBe(204);
  });

  it("members: a role change or removal against a member's older version answers 412 with the member as they are and changes nothing", async () => {
    const project = (await t.as(owner, { method: 'POST', url: '/api/projects/', payload: { name: 'Members versioned' } })).json();
    const members = `/api/projects/${project.id}/members/`;
    const added = await t.as(owner, { method: 'PUT', url: members, payload: { email: 'editor@example.com', role: 'viewer' } });
    expect([added.statusCode, added.json().version, added.headers.etag]).toEqual([200, 1, '"1"']);
    const editorId = added.json().user_id;
    // Another owner makes them an editor, against the version both read.
    const theirs = await t.as(owner, { method: 'PUT', url: members, headers: { 'if-match': '"1"' }, payload: { email: 'editor@example.com', role: 'editor' } });
    expect([theirs.json().role, theirs.json().version, theirs.headers.etag]).toEqual(['editor', 2, '"2"']);
    for (const write of [
      { method: 'PUT', url: members, payload: { email: 'editor@example.com', role: 'owner' } },
      { method: 'DELETE', url: `${members}${editorId}/` },
    ] as const) {
      const refused = await t.as(owner, { headers: { 'if-match': '"1"' }, ...write });
      expect([refused.statusCode, refused.headers.etag], write.method).toEqual([412, '"2"']);
      expect(refused.json()).toEqual(theirs.json());
    }
    expect((await get(owner, `projects/${project.id}/members/`)).json()).toContainEqual(theirs.json());
    expect((await t.as(owner, { method: 'DELETE', url: `${members}${editorId}/`, headers: { 'if-match': '"2"' } })).statusCode).toBe(204);
    // A change made against a member removed meanwhile does not add them back.
    const gone = await t.as(owner, { method: 'PUT', url: members, headers: { 'if-match': '"2"' }, payload: { email: 'editor@example.com', role: 'editor' } });
    expect([gone.statusCode, gone.json().detail]).toEqual([404, 'This user is no longer a member.']);
    expect((await get(owner, `projects/${project.id}/members/`)).json().map((m: { email: string }) => m.email)).toEqual(['owner@example.com']);
  });

  it('members: two owners stepping down at once leave the project one owner', async () => {
    // Ten projects of two owners each, both stepping down at once, so that the two writes overlap in some.
    const projects = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const project = (await t.as(owner, { method: 'POST', url: '/api/projects/', payload: { name: `Two owners ${i}` } })).json();
        await t.as(owner, { method: 'PUT', url: `/api/projects/${project.id}/members/`, payload: { email: 'editor@example.com', role: 'owner' } });
        return `/api/projects/${project.id}/members/`;
      }),
    );
    const answers = await Promise.all(
      projects.flatMap((members) => [
        t.as(owner, { method: 'PUT', url: members, payload: { email: 'owner@example.com', role: 'editor' } }),
        t.as(editor, { method: 'PUT', url: members, payload: { email: 'editor@example.com', role: 'editor' } }),
      ]),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([...Array(10).fill(200), ...Array(10).fill(400)]);
    for (const members of projects) {
      const roles = (await t.as(owner, { method: 'GET', url: members })).json().map((m: { role: string }) => m.role);
      expect(roles.sort(), members).toEqual(['editor', 'owner']);
    }
  });

  it('scenarios: passengers at counters (counter_share) defaults to 100, is set on create, put and patch, is cloned, and a bad value answers 400 naming it', async () => {
    expect((await get(viewer, `scenarios/${f.scenario}/`)).json().counter_share).toBe(100);
    const created = await t.as(editor, { method: 'POST', url: '/api/scenarios/', payload: { project_id: f.project, name: 'Online', counter_share: 35 } });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().counter_share).toBe(35);
    const put = await t.as(editor, { method: 'PUT', url: `/api/scenarios/${created.json().id}/`, payload: { name: 'Online', counter_share: 100 } });
    expect(put.json().counter_share).toBe(100);
    const patched = await t.as(editor, { method: 'PATCH', url: `/api/scenarios/${f.scenario}/`, payload: { counter_share: 45 } });
    expect(patched.json()).toMatchObject({ counter_share: 45, name: 'Design day' });
    const message = ['Must be a whole percentage from 1 to 100.'];
    for (const [method, url, payload] of [
      ['PATCH', `/api/scenarios/${f.scenario}/`, { counter_share: 0 }],
      ['PATCH', `/api/scenarios/${f.scenario}/`, { counter_share: 101 }],
      ['PATCH', `/api/scenarios/${f.scenario}/`, { counter_share: 45.5 }],
      ['PATCH', `/api/scenarios/${f.scenario}/`, { counter_share: null }],
      ['PUT', `/api/scenarios/${f.scenario}/`, { name: 'Design day', counter_share: -5 }],
      ['POST', '/api/scenarios/', { project_id: f.project, name: 'Bad', counter_share: 200 }],
    ] as const) {
      const res = await t.as(editor, { method, url, payload });
      expect(res.statusCode, `${method} ${JSON.stringify(payload)}`).toBe(400);
      expect(res.json()).toEqual({ counter_share: message });
    }
    expect((await get(viewer, `scenarios/${f.scenario}/`)).json().counter_share).toBe(45);
    const copy = await t.as(editor, { method: 'POST', url: `/api/scenarios/${f.scenario}/clone/`, payload: { name: 'Online copy' } });
    expect(copy.json().counter_share).toBe(45);
    await t.as(editor, { method: 'PATCH', url: `/api/scenarios/${f.scenario}/`, payload: { counter_share: 100 } });
    for (const id of [created.json().id, copy.json().id]) await t.as(owner, { method: 'DELETE', url: `/api/scenarios/${id}/` });
  });

  it('clones a scenario deeply: same data, every id new, references inside the copy', async () => {
    const res = await t.as(editor, { method: 'POST', url: `/api/scenarios/${f.scenario}/clone/`, payload: { name: 'Design day +20%' } });
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json();
    expect(copy).toMatchObject({ name: 'Design day +20%', project_id: f.project, design_date: '2017-01-02' });
    for (const path of [
      'airports',
      'terminals',
      'zones',
      'airlines',
      'aircraft',
      'turnup-profiles',
      'flights',
      'segregations',
      'allocation/resource',
      'allocation/resource-allocation',
      'allocation/baggage-allocation',
      'rules/flight-import',
      'rules/segregation',
      'rules/bagsperallocation',
      'passenger-movement-graphs',
    ]) {
      const original = (await get(owner, `${path}/?scenario_id=${f.scenario}`)).json() as Array<Record<string, unknown>>;
      const copied = (await get(owner, `${path}/?scenario_id=${copy.id}`)).json() as Array<Record<string, unknown>>;
      expect(copied.length, path).toBe(original.length);
      const originalIds = new Set(original.map((r) => r.id));
      expect(
        copied.some((r) => originalIds.has(r.id)),
        path,
      ).toBe(false);
    }
    const [flight] = (await get(owner, `flights/?scenario_id=${copy.id}`)).json().filter((x: { flight_number: string }) => x.flight_number === '901');
    const zones = ids(await get(owner, `zones/?scenario_id=${copy.id}`));
    const airlines = ids(await get(owner, `airlines/?scenario_id=${copy.id}`));
    expect(zones).toContain(flight.zone_id);
    expect(airlines).toContain(flight.airline_id);
    expect(flight.source_id).toBe(copy.selected_schedule);
    const [rule] = (await get(owner, `rules/flight-import/?scenario_id=${copy.id}`)).json();
    expect(zones).toContain(rule.actions.zone_id);
    const [graph] = (await get(owner, `passenger-movement-graphs/?scenario_id=${copy.id}`)).json();
    expect(zones).toContain(graph.graph.nodes[0].data.zone_id);
    // Changing the copy leaves the original alone.
    await t.as(owner, { method: 'PATCH', url: `/api/flights/${flight.id}/`, payload: { seats: 1 } });
    expect((await get(owner, `flights/${f.flight}/`)).json().seats).toBe(200);
  });

  it('clones a project with its scenarios; the caller owns the copy', async () => {
    const res = await t.as(viewer, { method: 'POST', url: `/api/projects/${f.project}/clone/`, payload: { name: 'What-if' } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().role).toBe('owner');
    const scenarios = (await get(viewer, `scenarios/?project_id=${res.json().id}`)).json();
    expect(scenarios.length).toBeGreaterThanOrEqual(2);
    expect((await get(viewer, `flights/?scenario_id=${scenarios[0].id}`)).json().length).toBeGreaterThan(0);
  });

  it('clones a scenario whose flow graph was stored 3,000 levels deep, before requests were limited to 64', async () => {
    // Built and read back without recursion, so the test itself does not overflow.
    let deep: Record<string, unknown> = { zone_id: f.checkinZone, constructor: 'a label, not an id' };
    for (let i = 0; i < 3000; i++) deep = { next: deep };
    const [stored] = await t.database.db.insert(passengerMovementGraphs).values({ scenario_id: f.scenario, name: 'Deep', graph: deep }).returning();
    const res = await t.as(editor, { method: 'POST', url: `/api/scenarios/${f.scenario}/clone/`, payload: { name: 'Deep copy' } });
    await t.database.db.delete(passengerMovementGraphs).where(eq(passengerMovementGraphs.id, stored.id));
    expect(res.statusCode, res.body).toBe(201);
    const [copied] = await t.database.db
      .select()
      .from(passengerMovementGraphs)
      .where(and(eq(passengerMovementGraphs.scenario_id, res.json().id), eq(passengerMovementGraphs.name, 'Deep')));
    let bottom = copied.graph;
    let levels = 0;
    for (; bottom.next; levels++) bottom = bottom.next as Record<string, unknown>;
    expect(levels).toBe(3000);
    const copiedZones = ids(await get(owner, `zones/?scenario_id=${res.json().id}`));
    expect(copiedZones).toContain(bottom.zone_id);
    expect(bottom.constructor).toBe('a label, not an id');
  });
});

describe('jobs', () => {
  it('needs scenario_id and hides other projects', async () => {
    expect((await get(owner, 'jobs/')).json()).toHaveProperty('scenario_id');
    expect((await get(owner, `jobs/?scenario_id=${f.scenario}`)).json()).toEqual([]);
    const outsider = (await t.login('outsider@example.com', TEST_PASSWORD)).access;
    expect((await get(outsider, `jobs/?scenario_id=${f.scenario}`)).statusCode).toBe(404);
  });
});

describe('airline-colours/', () => {
  it('answers the colour table with primary colours as hex', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/airline-colours/' });
    expect(res.headers['cache-control']).toContain('max-age');
    const b6 = res.json().find((c: { code: string }) => c.code === 'B6');
    expect(b6.primary).toMatch(/^#[0-9A-F]{6}$/i);
    expect(res.json().length).toBeGreaterThan(100);
  });
});
