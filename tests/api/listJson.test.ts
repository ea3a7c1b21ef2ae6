// Whole lists are built as JSON in the database; pages (?limit=) take the row path through the
// response schema's serializer. Both must answer the same body: the same values, numbers and
// times written the same, the keys in the response schema's order. Runs on PGlite and, with
// DATABASE_URL, on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../support/app';
import { buildScenario, type Fixture } from '../support/scenarioFixture';
import { flights, zones } from '../../server/db/schema';
import { APP_CLOSE_MS, APP_SETUP_MS } from '../support/waits';

const RESOURCES = [
  'flights/',
  'segregations/',
  'airports/',
  'terminals/',
  'zones/',
  'airlines/',
  'aircraft/',
  'turnup-profiles/',
  'allocation/resource/',
  'allocation/resource-allocation/',
  'allocation/baggage-allocation/',
  'rules/flight-import/',
  'rules/segregation/',
  'rules/bagsperallocation/',
  'passenger-movement-graphs/',
  'simulation-runs/',
  'flight-schedule-file/',
];
const FLIGHTS = 10_000;

let t: TestApp;
let fixture: Fixture;

async function list(url: string) {
  const res = await t.as(fixture.token, { method: 'GET', url: `/api/${url}` });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  return { body: res.body, total: res.headers['x-total-count'] };
}

/** The whole list (from the database's JSON) and the same rows as one page (the row path). */
async function bothPaths(url: string) {
  const whole = await list(url);
  const page = await list(`${url}&limit=100000`);
  return { whole, page };
}

/** Equal values and equal key order: what a client parsing either body gets. */
function expectSameBody(whole: string, page: string) {
  expect(JSON.stringify(JSON.parse(whole))).toBe(JSON.stringify(JSON.parse(page)));
}

beforeAll(async () => {
  t = await createTestApp();
  const user = await t.user('lists@example.com');
  fixture = await buildScenario(t, (await t.login(user.email, user.password)).access);
  // Values whose text could come out differently: binary fractions, tiny and large doubles,
  // passengers unset, microseconds the API cuts to milliseconds, the last millisecond of a day.
  const loadFactors = [0.85, 0.1 + 0.2, 1 / 3, 1e-7, 0.000123, 1, 0];
  const day = Date.UTC(2017, 0, 2);
  for (let i = 0; i < FLIGHTS; i += 1000) {
    await t.database.db.insert(flights).values(
      Array.from({ length: 1000 }, (_, k) => ({
        scenario_id: fixture.scenario,
        source_id: (i + k) % 2 ? fixture.source : null,
        airline_id: fixture.airline,
        flight_number: String(((i + k) % 9999) + 1),
        suffix: (i + k) % 7 ? '' : 'D',
        destination: 'LHR',
        scheduled: new Date(day + (((i + k) * 8_641) % 86_400_000)),
        seats: (i + k) % 400,
        load_factor: loadFactors[(i + k) % loadFactors.length],
        passengers: (i + k) % 3 ? null : (i + k) % 500,
        zone_id: (i + k) % 5 ? fixture.checkinZone : null,
      })),
    );
  }
  await t.database.db.execute(
    sql`update ${flights} set scheduled = timestamptz '2017-01-02 23:59:59.999999+00', updated_at = timestamptz '2017-01-02 10:00:00.000501+00' where ${flights.id} % 97 = 0`,
  );
  // Ten thousand flights written through the database.
}, APP_SETUP_MS);

afterAll(() => t?.close(), APP_CLOSE_MS);

describe('a list built as JSON in the database', () => {
  it(`answers ${FLIGHTS} flights exactly as the row path does`, async () => {
    const { whole, page } = await bothPaths(`flights/?scenario_id=${fixture.scenario}`);
    expect(whole.total).toBe(String(FLIGHTS + 1));
    expect(page.total).toBe(whole.total);
    const rows = JSON.parse(whole.body) as Array<Record<string, unknown>>;
    expect(rows).toHaveLength(FLIGHTS + 1);
    expectSameBody(whole.body, page.body);
    // Written alike too, but for PostgreSQL's spelling of an exponent.
    expect(whole.body.replaceAll('1e-07', '1e-7')).toBe(page.body);
    expect(rows.find((r) => r.scheduled === '2017-01-02T23:59:59.999Z')?.updated_at).toBe('2017-01-02T10:00:00.000Z');
    expect(new Set(rows.map((r) => r.load_factor))).toEqual(new Set([0.85, 0.1 + 0.2, 1 / 3, 1e-7, 0.000123, 1, 0]));
  });

  it("orders each row's keys as the response schema (the OpenAPI document) lists them", async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const keys = Object.keys(document.components.schemas.Flight.properties);
    const { whole } = await bothPaths(`flights/?scenario_id=${fixture.scenario}`);
    for (const row of JSON.parse(whole.body).slice(0, 100)) expect(Object.keys(row)).toEqual(keys);
  });

  it('answers filtered and empty lists as the row path does', async () => {
    for (const url of [
      `flights/?scenario_id=${fixture.scenario}&source_id=${fixture.source}`,
      `flights/?zone_id=${fixture.checkinZone}`,
      'flights/?scenario_id=2147483647',
    ]) {
      const { whole, page } = await bothPaths(url);
      expect(whole.total).toBe(page.total);
      expectSameBody(whole.body, page.body);
    }
    expect((await list('flights/?scenario_id=2147483647')).body).toBe('[]');
  });

  it("reads the flights' stored JSON, which every kind of write keeps as the row path answers", async () => {
    const url = `flights/?scenario_id=${fixture.scenario}`;
    const stored = async () => {
      const result = await t.database.db.execute(
        sql`select '[' || string_agg(list_json, ',' order by scheduled, id) || ']' as body from ${flights} where scenario_id = ${fixture.scenario}`,
      );
      return (result as unknown as { rows: Array<{ body: string }> }).rows[0].body;
    };
    expect((await list(url)).body).toBe(await stored());
    // Written by SQL outside the API, and by the database itself (a deleted zone's flights lose it).
    const [zone] = await t.database.db
      .insert(zones)
      .values({ scenario_id: fixture.scenario, terminal_id: fixture.terminal, name: 'Short-lived', kind: 'checkin' })
      .returning();
    await t.database.db.execute(sql`update ${flights} set load_factor = 0.5, locked = true, zone_id = ${zone.id} where ${flights.id} % 10 = 3`);
    await t.database.db.delete(zones).where(eq(zones.id, zone.id));
    const { whole, page } = await bothPaths(url);
    expect(whole.body).toBe(await stored());
    expectSameBody(whole.body, page.body);
    const rows = JSON.parse(whole.body) as Array<{ id: number; load_factor: number; locked: boolean; zone_id: number | null }>;
    expect(rows.filter((r) => r.id % 10 === 3).every((r) => r.load_factor === 0.5 && r.locked)).toBe(true);
    expect(rows.filter((r) => r.id % 10 === 3).every((r) => r.zone_id === null)).toBe(true);
  });

  it.each(RESOURCES)('answers %s as the row path does', async (resource) => {
    const { whole, page } = await bothPaths(`${resource}?scenario_id=${fixture.scenario}`);
    expect(JSON.parse(whole.body).length).toBeGreaterThan(0);
    expect(whole.total).toBe(page.total);
    expectSameBody(whole.body, page.body);
  });
});
