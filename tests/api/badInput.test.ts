// Malformed input seen from outside (issue 11): each case answers 4xx with JSON naming what is
// wrong, and writes nothing; none reaches the database as a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../support/app';
import { readSharedText } from '../support/sharedData';
import { flightScheduleFiles } from '../../server/db/schema';
import { APP_CLOSE_MS, APP_SETUP_MS } from '../support/waits';

const threeFlights = readSharedText('schedules', 'jfk_2017-01-02_departures.csv').split('\n').slice(0, 4).join('\n');

let t: TestApp;
let token: string;
let projectId: number;
let scenarioId: number;
let airlineId: number;

const send = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.as(token, { method, url: `/api/${url}`, headers, ...(payload !== undefined && { payload: payload as object }) });

beforeAll(async () => {
  t = await createTestApp();
  await t.user('fuzz@example.com');
  token = (await t.login('fuzz@example.com', TEST_PASSWORD)).access;
  projectId = (await send('POST', 'projects/', { name: 'Bad input' })).json().id;
  scenarioId = (await send('POST', 'scenarios/', { project_id: projectId, name: 'S', design_date: '2017-01-02' })).json().id;
  airlineId = (await send('POST', 'airlines/', { scenario_id: scenarioId, code: 'B6', name: 'JetBlue' })).json().id;
}, APP_SETUP_MS);
afterAll(() => t.close(), APP_CLOSE_MS);

async function flightCount() {
  return (await send('GET', `flights/?scenario_id=${scenarioId}`)).json().length as number;
}

const flight = (extra: Record<string, unknown>) => ({
  scenario_id: scenarioId,
  airline_id: airlineId,
  flight_number: '1',
  scheduled: '2017-01-02T10:00:00Z',
  ...extra,
});

describe('bad input', () => {
  it.each([
    ['GET', 'zones/2147483648/', undefined, 'id'],
    ['GET', 'zones/99999999999999999999/', undefined, 'id'],
    ['PATCH', 'zones/99999999999999999999/', { name: 'x' }, 'id'],
    ['DELETE', 'projects/1/members/2147483648/', undefined, 'user_id'],
    ['GET', 'flights/?scenario_id=2147483648', undefined, 'scenario_id'],
    ['GET', 'flights/?scenario_id=1.5', undefined, 'scenario_id'],
    ['GET', 'flights/?scenario_id=1e400', undefined, 'scenario_id'],
  ] as const)('%s %s answers 400 naming %s', async (method, url, payload, field) => {
    const res = await send(method, url, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json())).toContain(field);
  });

  it.each([
    [{ seats: 2147483648 }, 'seats'],
    [{ scenario_id: 1.5 }, 'scenario_id'],
    // Beyond Number.MAX_SAFE_INTEGER (the fuzz sends 2^53 + 1 as raw JSON).
    [{ scenario_id: 2 ** 53 }, 'scenario_id'],
    [{ airline_id: 2147483648 }, 'airline_id'],
    [{ scheduled: '0000-01-01T00:00:00Z' }, 'scheduled'],
    [{ scheduled: '9999-01-01T00:00:00Z' }, 'scheduled'],
    [{ flight_number: '1\u0000' }, 'flight_number'],
  ])('a flight with %j is refused naming %s and nothing is written', async (extra, field) => {
    const before = await flightCount();
    const res = await send('POST', 'flights/', flight(extra));
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json())).toEqual([field]);
    expect(await flightCount()).toBe(before);
  });

  it('refuses NUL characters in names, sign-in e-mails and rule lists', async () => {
    const named = await send('POST', 'projects/', { name: 'A\u0000B' });
    expect(named.statusCode).toBe(400);
    expect(named.json()).toEqual({ name: ['Must not contain NUL (\\u0000) characters.'] });
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login/', payload: { email: 'fuzz@example.com\u0000', password: 'x' } });
    expect(login.statusCode).toBe(400);
    expect(Object.keys(login.json())).toEqual(['email']);
    const rule = await send('POST', 'rules/segregation/', {
      scenario_id: scenarioId,
      name: 'r',
      match: { destinations: ['JF\u0000'] },
      segregations: [{ name: 'Y', share: 100 }],
    });
    expect(rule.statusCode).toBe(400);
    expect(Object.keys(rule.json())).toEqual(['match.destinations.0']);
  });

  it('refuses JSON nested deeper than any document, before storing it', async () => {
    const deep = `${'{"a":'.repeat(10_000)}{}${'}'.repeat(10_000)}`;
    const body = `{"scenario_id":${scenarioId},"name":"deep","graph":${deep}}`;
    const res = await send('POST', 'passenger-movement-graphs/', body, { 'content-type': 'application/json' });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('Nested more than 64 levels deep.');
    expect((await send('GET', `passenger-movement-graphs/?scenario_id=${scenarioId}`)).json()).toEqual([]);
  });

  it('refuses an import rule whose zone id no column can hold', async () => {
    const res = await send('POST', 'rules/flight-import/', { scenario_id: scenarioId, name: 'r', match: {}, actions: { zone_id: 2147483648 } });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['actions.zone_id']);
  });

  it('answers a multipart upload without a boundary with 4xx', async () => {
    const res = await send('POST', 'flight-schedule-file/', 'x', { 'content-type': 'multipart/form-data' });
    expect([400, 415]).toContain(res.statusCode);
    expect(res.json()).toBeTypeOf('object');
  });

  it('answers an upload that ends in the middle of its file with 400 naming the file, and keeps nothing', async () => {
    const body = `--b\r\nContent-Disposition: form-data; name="scenario_id"\r\n\r\n${scenarioId}\r\n--b\r\nContent-Disposition: form-data; name="file"; filename="cut.csv"\r\n\r\n${threeFlights}`;
    const res = await send('POST', 'flight-schedule-file/', Buffer.from(body), { 'content-type': 'multipart/form-data; boundary=b' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ file: ['Not a valid multipart/form-data upload: it ends in the middle of a part.'] });
    expect((await send('GET', `flight-schedule-file/?scenario_id=${scenarioId}`)).json()).toEqual([]);
  });

  it('refuses a file name of over 200 characters and downloads a non-Latin-1 one by its RFC 6266 name', async () => {
    const upload = (filename: string) => {
      const boundary = 'b';
      const body = `--${boundary}\r\nContent-Disposition: form-data; name="scenario_id"\r\n\r\n${scenarioId}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n\r\n${threeFlights}\r\n--${boundary}--\r\n`;
      return send('POST', 'flight-schedule-file/', Buffer.from(body), { 'content-type': `multipart/form-data; boundary=${boundary}` });
    };
    const long = await upload(`${'x'.repeat(250)}.csv`);
    expect(long.statusCode).toBe(400);
    expect(Object.keys(long.json())).toEqual(['file']);
    const tokyo = await upload('東京 schedule.csv');
    expect(tokyo.statusCode, tokyo.body).toBe(201);
    const files = await send('GET', `flight-schedule-file/?scenario_id=${scenarioId}`);
    expect(files.statusCode).toBe(200);
    expect(files.json().map((f: { name: string }) => f.name)).toEqual(['東京 schedule.csv']);
    const download = await send('GET', `flight-schedule-file/${files.json()[0].id}/download/`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe(`attachment; filename="__ schedule.csv"; filename*=UTF-8''${encodeURIComponent('東京 schedule.csv')}`);
  });

  it('lists and downloads a file whose name was stored over 200 characters long, before uploads were checked', async () => {
    const long = `${'x'.repeat(300)}.csv`;
    const [file] = await t.database.db
      .insert(flightScheduleFiles)
      .values({ scenario_id: scenarioId, name: long, format: 'csv', content: Buffer.from(threeFlights) })
      .returning();
    const list = await send('GET', `flight-schedule-file/?scenario_id=${scenarioId}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().find((f: { id: number }) => f.id === file.id).name).toBe(long.slice(0, 200));
    expect((await send('GET', `flight-schedule-file/${file.id}/`)).statusCode).toBe(200);
    const download = await send('GET', `flight-schedule-file/${file.id}/download/`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${long}"; filename*=UTF-8''${long}`);
  });

  it('answers a race to create one user with one 201 and 400s, never a 500', async () => {
    await t.user('staff@example.com', TEST_PASSWORD, { staff: true });
    const staff = (await t.login('staff@example.com', TEST_PASSWORD)).access;
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.as(staff, { method: 'POST', url: '/api/users/', payload: { email: 'race@example.com', password: 'long enough pass' } }),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([201, 400, 400, 400, 400, 400, 400, 400]);
    for (const a of answers.filter((x) => x.statusCode === 400)) expect(Object.keys(a.json())).toEqual(['email']);
  });
});
