// Default rule sets, applying flight import rules and generating segregations, as a planner
// runs them on an imported design day.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../support/app';
import { readSharedData } from '../support/sharedData';
import { APP_CLOSE_MS, APP_SETUP_MS } from '../support/waits';

let t: TestApp;
let token: string;
let scenarioId: number;
let checkinZone: number;
let makeupZone: number;

const jfkCsv = readSharedData('schedules', 'jfk_2017-01-02_departures.csv');

beforeAll(async () => {
  t = await createTestApp({ jobs: true });
  await t.user('planner@example.com');
  token = (await t.login('planner@example.com', TEST_PASSWORD)).access;
  const post = async (url: string, payload: object) => (await t.as(token, { method: 'POST', url: `/api/${url}`, payload })).json();
  const project = await post('projects/', { name: 'Rules' });
  scenarioId = (await post('scenarios/', { project_id: project.id, name: 'JFK day', design_date: '2017-01-02' })).id;
  const airport = await post('airports/', { scenario_id: scenarioId, iata: 'JFK', time_zone: 'America/New_York' });
  const terminal = await post('terminals/', { scenario_id: scenarioId, airport_id: airport.id, name: 'T5' });
  checkinZone = (await post('zones/', { scenario_id: scenarioId, terminal_id: terminal.id, name: 'Checkin Zone A', kind: 'checkin' })).id;
  makeupZone = (await post('zones/', { scenario_id: scenarioId, terminal_id: terminal.id, name: 'Make-up hall', kind: 'makeup' })).id;
  const boundary = 'b';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="scenario_id"\r\n\r\n${scenarioId}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="jfk.csv"\r\n\r\n`,
    ),
    jfkCsv,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const imported = await t.as(token, {
    method: 'POST',
    url: '/api/flight-schedule-file/',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
  expect(imported.statusCode, imported.body).toBe(201);
}, APP_SETUP_MS);
afterAll(() => t.close(), APP_CLOSE_MS);

const call = (url: string) => t.as(token, { method: 'POST', url: `/api/${url}?scenario_id=${scenarioId}` });
const list = async (url: string) => (await t.as(token, { method: 'GET', url: `/api/${url}` })).json();

describe('default rule sets', () => {
  it('creates each default set once, and refuses a second time', async () => {
    const seg = await call('rules/segregation-rules/default/');
    expect(seg.statusCode).toBe(201);
    for (const rule of seg.json()) {
      expect(rule.segregations.reduce((n: number, s: { share: number }) => n + s.share, 0)).toBe(100);
    }
    expect((await call('rules/bagsperallocation-rules/default/')).statusCode).toBe(201);
    const imp = await call('rules/flight-import/default/');
    expect(imp.statusCode).toBe(201);
    expect(imp.json().at(-1).actions).toMatchObject({ zone_id: checkinZone, makeup_zone_id: makeupZone, load_factor: 0.85 });
    // The import defaults needed turn-up profiles, and created the two standard ones.
    expect((await list(`turnup-profiles/?scenario_id=${scenarioId}`)).map((p: { name: string }) => p.name)).toEqual(['Long haul', 'Short haul']);
    const again = await call('rules/segregation-rules/default/');
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toMatch(/already has 3 segregation rules/);
  });
});

describe('jobs on rules', () => {
  it('applies the import rules to every flight and records what each rule matched', async () => {
    const queued = await call('rules/flight-import/apply/');
    expect(queued.statusCode).toBe(202);
    const job = await t.finished(token, queued.json().id);
    expect(job).toMatchObject({ status: 'succeeded', progress: 100 });
    expect(job.result).toMatchObject({ flights: 292, updated: 292 });
    const flights = await list(`flights/?scenario_id=${scenarioId}`);
    expect(flights.every((f: { zone_id: number; makeup_zone_id: number }) => f.zone_id === checkinZone && f.makeup_zone_id === makeupZone)).toBe(true);
    // Wide bodies get the long-haul turn-up and their load factor, every other flight the
    // catch-all rule's short-haul profile.
    const profiles = new Map<string, number>(
      (await list(`turnup-profiles/?scenario_id=${scenarioId}`)).map((p: { id: number; name: string }) => [p.name, p.id]),
    );
    const wide = new Set(
      (await list(`aircraft/?scenario_id=${scenarioId}`)).filter((a: { body: string }) => a.body === 'wide').map((a: { id: number }) => a.id),
    );
    type Placed = { aircraft_id: number | null; turnup_profile_id: number; load_factor: number };
    const isWide = (f: Placed) => f.aircraft_id !== null && wide.has(f.aircraft_id);
    expect(flights.filter(isWide).length).toBeGreaterThan(0);
    expect(flights.map((f: Placed) => [f.turnup_profile_id, f.load_factor])).toEqual(
      flights.map((f: Placed) => (isWide(f) ? [profiles.get('Long haul'), 0.82] : [profiles.get('Short haul'), 0.85])),
    );
    const [everyFlight] = (await list(`rules/flight-import/?scenario_id=${scenarioId}&matched_flights__id=${flights[0].id}`)).filter(
      (r: { priority: number }) => r.priority === 100,
    );
    expect(everyFlight).toBeDefined();
  });

  it('generates segregations whose shares total 100 per flight, with bags from the rules', async () => {
    const job = await t.finished(token, (await call('allocation/generate/segregations/')).json().id);
    expect(job.status).toBe('succeeded');
    expect(job.result).toMatchObject({ departures: 292 });
    const segs = await list(`segregations/?scenario_id=${scenarioId}`);
    expect(segs).toHaveLength(job.result!.segregations as number);
    const byFlight = new Map<number, number>();
    for (const s of segs) byFlight.set(s.flight_id, (byFlight.get(s.flight_id) ?? 0) + s.share);
    expect(byFlight.size).toBe(292);
    expect([...byFlight.values()].every((total) => Math.abs(total - 100) < 1e-9)).toBe(true);
    // The CSV gives no aircraft types, so no wide-body rule applies: 1.2 bags per passenger.
    const flights = await list(`flights/?scenario_id=${scenarioId}`);
    for (const flight of flights.slice(0, 20)) {
      const pax = flight.passengers ?? Math.round(flight.seats * flight.load_factor);
      for (const s of segs.filter((x: { flight_id: number }) => x.flight_id === flight.id)) {
        expect(s.bags).toBe(Math.round((pax * s.share * 1.2) / 100));
      }
    }
    // Running it again replaces rather than duplicates.
    await t.finished(token, (await call('allocation/generate/segregations/')).json().id);
    expect(await list(`segregations/?scenario_id=${scenarioId}`)).toHaveLength(segs.length);
  });
});

describe('regenerating segregations keeps the make-up plan', () => {
  type Seg = { id: number; flight_id: number; name: string; share: number };
  const send = (method: 'POST' | 'PATCH' | 'GET', url: string, payload?: object) => t.as(token, { method, url: `/api/${url}`, payload });

  it('says what it will change, then keeps locked and unchanged allocations and removes only what it said', async () => {
    const segs: Seg[] = await list(`segregations/?scenario_id=${scenarioId}`);
    const carousel = (
      await send('POST', 'allocation/resource/', {
        scenario_id: scenarioId,
        zone_id: makeupZone,
        name: 'Carousel 1',
        resource_type: 'makeup_carousel',
        positions: 8,
      })
    ).json();
    // Three single-segregation flights whose numbers no other flight has, so a rule on the
    // numbers of two of them changes exactly those two.
    const flights: Array<{ id: number; flight_number: string; scheduled: string }> = await list(`flights/?scenario_id=${scenarioId}`);
    const numberOf = (flightId: number) => Number(flights.find((f) => f.id === flightId)!.flight_number);
    const uses = new Map<number, number>();
    for (const f of flights) uses.set(Number(f.flight_number), (uses.get(Number(f.flight_number)) ?? 0) + 1);
    // International ones (the file's flights to Puerto Rico and the Virgin Islands, whose country
    // the reference data does not know), with the default rules' international split, J and Y.
    const split = (flightId: number) => segs.filter((s) => s.flight_id === flightId).length === 2;
    const [kept, changedLocked, changedFree] = segs.filter((s) => s.name === 'Y' && uses.get(numberOf(s.flight_id)) === 1 && split(s.flight_id));
    expect(changedFree).toBeDefined();
    for (const seg of [kept, changedLocked, changedFree]) {
      expect(
        segs
          .filter((s) => s.flight_id === seg.flight_id)
          .map((s) => s.name)
          .sort(),
      ).toEqual(['J', 'Y']);
    }
    // Within the default make-up rule: from 150 to 40 minutes before STD.
    const beforeStd = (seg: Seg, minutes: number) =>
      new Date(Date.parse(flights.find((f) => f.id === seg.flight_id)!.scheduled) - minutes * 60_000).toISOString();
    const allocate = async (seg: Seg, position: number, locked: boolean) => {
      const res = await send('POST', 'allocation/baggage-allocation/', {
        scenario_id: scenarioId,
        flight_id: seg.flight_id,
        segregation_id: seg.id,
        resource_id: carousel.id,
        position_index: position,
        start: beforeStd(seg, 150),
        end: beforeStd(seg, 40),
        locked,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as number;
    };
    const keptId = await allocate(kept, 0, false);
    const lockedId = await allocate(changedLocked, 1, true);
    await allocate(changedFree, 2, false);

    const rule = await send('POST', 'rules/segregation/', {
      scenario_id: scenarioId,
      name: 'Two flights split',
      priority: 1,
      match: { flight_number_ranges: [changedLocked, changedFree].map((seg) => [numberOf(seg.flight_id), numberOf(seg.flight_id)]) },
      segregations: [
        { name: 'J', share: 10 },
        { name: 'ECONOMY', share: 90 },
      ],
    });
    expect(rule.statusCode, rule.body).toBe(201);

    const preview = await send('GET', `allocation/generate/segregations/preview/?scenario_id=${scenarioId}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({
      segregations_added: 2,
      segregations_removed: 1,
      segregations_updated: 2,
      allocations_removed: 1,
      allocations_kept: 2,
      locked_allocations_kept: 1,
      locked_segregations_kept: 1,
    });

    const job = await t.finished(token, (await call('allocation/generate/segregations/')).json().id);
    expect(job.status).toBe('succeeded');
    expect(job.result).toMatchObject({ segregations_added: 2, segregations_removed: 1, allocations_removed: 1, locked_allocations_kept: 1 });
    const after: Seg[] = await list(`segregations/?scenario_id=${scenarioId}`);
    const allocations = await list(`allocation/baggage-allocation/?scenario_id=${scenarioId}`);
    expect(allocations.map((a: { id: number }) => a.id).sort()).toEqual([keptId, lockedId].sort());
    // The unchanged segregation kept its row; the locked one's segregation stays beside the new split.
    expect(after.some((s) => s.id === kept.id)).toBe(true);
    expect(
      after
        .filter((s) => s.flight_id === changedLocked.flight_id)
        .map((s) => s.name)
        .sort(),
    ).toEqual(['ECONOMY', 'J', 'Y']);
    expect(
      after
        .filter((s) => s.flight_id === changedFree.flight_id)
        .map((s) => s.name)
        .sort(),
    ).toEqual(['ECONOMY', 'J']);

    // Nothing left to change: the preview says so.
    expect((await send('GET', `allocation/generate/segregations/preview/?scenario_id=${scenarioId}`)).json()).toMatchObject({
      segregations_added: 0,
      segregations_removed: 0,
      allocations_removed: 0,
      locked_segregations_kept: 1,
    });
  });
});
