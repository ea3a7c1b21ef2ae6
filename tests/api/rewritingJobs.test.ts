// The jobs that rewrite a planner's rows, on the demo JFK design day: each says beforehand
// exactly what it would replace (its preview's counts are what the run then removes and keeps),
// never removes or changes a locked allocation, and writes nothing when the scenario changed
// under it. The default rule sets never touch rules a scenario has.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, type TestApp } from '../support/app';
import { demoDayApp } from '../support/demoDay';
import { planMakeup, writeMakeup } from '../../server/allocation/makeup';
import { DEFAULT_CHECKIN_SETTINGS, planCheckin } from '../../server/allocation/checkin';
import { writeCheckin } from '../../server/allocation/checkinWrite';
import { APP_CLOSE_MS, APP_SETUP_MS, JOBS_MS } from '../support/waits';

let t: TestApp;
let token: string;
let scenarioId: number;

type Allocation = {
  id: number;
  locked: boolean;
  resource_id: number;
  start: string;
  end: string;
  segregation_id: number;
  flight_id: number | null;
  airline_id: number | null;
  version: number;
};
type Flight = { id: number; direction: string; load_factor: number; zone_id: number | null; updated_at: string; version: number };

beforeAll(async () => {
  ({ t, token, scenarioId } = await demoDayApp());
}, APP_SETUP_MS);
afterAll(() => t.close(), APP_CLOSE_MS);

const send = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) => t.as(token, { method, url: `/api/${url}`, payload: payload as object });
const get = async (url: string) => {
  const res = await send('GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const run = async (url: string) => {
  const res = await send('POST', url);
  expect(res.statusCode, res.body).toBe(202);
  const job = await t.finished(token, res.json().id);
  expect(job.status, job.error ?? '').toBe('succeeded');
  return job.result!;
};
const byId = <T extends { id: number }>(rows: T[]) => [...rows].sort((a, b) => a.id - b.id);

describe('make-up allocation', { timeout: JOBS_MS }, () => {
  const rows = (): Promise<Allocation[]> => get(`allocation/baggage-allocation/?scenario_id=${scenarioId}`);

  it('says what a run replaces, replaces exactly that, and keeps every locked allocation as it was', async () => {
    const first = await run(`allocation/run/makeup/?scenario_id=${scenarioId}&time_limit_s=2`);
    const placed = await rows();
    // Two bars dragged on the Gantt: saved and locked.
    for (const row of [placed[0], placed[placed.length >> 1]]) {
      // Opened 20 minutes later: inside its make-up rule's window, which the run filled.
      const moved = await send('PATCH', `allocation/baggage-allocation/${row.id}/`, {
        start: new Date(Date.parse(row.start) + 20 * 60_000).toISOString(),
        locked: true,
      });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const before = await rows();
    const locked = before.filter((r) => r.locked);
    expect(locked).toHaveLength(2);

    expect(await get(`allocation/run/makeup/preview/?scenario_id=${scenarioId}`)).toEqual({
      segregations: first.segregations,
      segregations_placed: new Set(before.map((r) => r.segregation_id)).size,
      allocations: before.length,
      allocations_removed: before.length - 2,
      locked_allocations_kept: 2,
    });

    const again = await run(`allocation/run/makeup/?scenario_id=${scenarioId}&time_limit_s=2`);
    const after = await rows();
    expect(byId(after.filter((r) => r.locked))).toEqual(byId(locked));
    const old = new Set(before.map((r) => r.id));
    expect(
      after
        .filter((r) => old.has(r.id))
        .map((r) => r.id)
        .sort(),
    ).toEqual(locked.map((r) => r.id).sort());
    expect(after).toHaveLength((again.rows_written as number) + 2);
    expect(await get(`allocation/run/makeup/preview/?scenario_id=${scenarioId}`)).toMatchObject({
      allocations: after.length,
      allocations_removed: after.length - 2,
      locked_allocations_kept: 2,
    });
  });

  it('writes nothing when a bar was locked while it solved', async () => {
    const plan = await planMakeup(t.database.db, scenarioId, 5);
    const before = await rows();
    const free = before.find((r) => !r.locked)!;
    expect((await send('PATCH', `allocation/baggage-allocation/${free.id}/`, { locked: true })).statusCode).toBe(200);
    const answer = {
      assignments: [],
      unassigned: [],
      objective: { unassigned: 0, split_flights: 0, peak: 0 },
      bound: { unassigned: 0, split_flights: 0, peak: 0 },
      gap: 0,
      optimal: true,
      wall_ms: 1,
    };
    await expect(writeMakeup(t.database.db, scenarioId, plan, answer)).rejects.toMatchObject({
      statusCode: 409,
      code: 'inputs_changed',
      message: expect.stringMatching(/^The scenario changed while the make-up allocation ran .* nothing was written\. Run it again\.$/),
    });
    expect(byId(await rows())).toEqual(
      byId(before.map((r) => (r.id === free.id ? { ...r, locked: true, updated_at: expect.any(String), version: r.version + 1 } : r))),
    );
    await send('PATCH', `allocation/baggage-allocation/${free.id}/`, { locked: false });
  });
});

describe('check-in counter allocation', { timeout: JOBS_MS }, () => {
  const rows = (): Promise<Allocation[]> => get(`allocation/resource-allocation/?scenario_id=${scenarioId}`);

  it('says what a run replaces and keeps, per airline and per flight, and does exactly that', async () => {
    await run(`allocation/run/checkin/?scenario_id=${scenarioId}&time_limit_s=2`);
    const placed = await rows();
    // One phase block of the busiest airline locked, as a drag on the Gantt saves it.
    const counts = new Map<number, number>();
    for (const r of placed) counts.set(r.airline_id!, (counts.get(r.airline_id!) ?? 0) + 1);
    const busiest = [...counts].sort((a, b) => b[1] - a[1])[0][0];
    const own = placed.filter((r) => r.airline_id === busiest);
    const block = own.filter((r) => r.start === own[own.length >> 1].start && r.end === own[own.length >> 1].end);
    expect(
      (
        await send(
          'PATCH',
          'allocation/resource-allocation/bulk/',
          block.map((r) => ({ id: r.id, locked: true })),
        )
      ).statusCode,
    ).toBe(200);
    const before = await rows();
    const locked = before.filter((r) => r.locked);

    const perFlight = await get(`allocation/run/checkin/preview/?scenario_id=${scenarioId}&counters_per=flight`);
    expect(perFlight).toEqual({
      counters_per: 'flight',
      allocations: before.length,
      allocations_removed: before.length - block.length,
      locked_allocations_kept: block.length,
      unlocked_allocations_kept: 0,
    });
    const preview = await get(`allocation/run/checkin/preview/?scenario_id=${scenarioId}`);
    expect(preview).toMatchObject({ counters_per: 'airline', allocations: before.length, locked_allocations_kept: block.length });
    // The lock freezes the rest of its airline's cluster: those rows are kept too.
    expect(preview.unlocked_allocations_kept).toBeGreaterThan(0);
    expect(preview.allocations_removed + preview.locked_allocations_kept + preview.unlocked_allocations_kept).toBe(before.length);

    await run(`allocation/run/checkin/?scenario_id=${scenarioId}&time_limit_s=2`);
    const after = await rows();
    const now = new Set(after.map((r) => r.id));
    expect(before.filter((r) => !now.has(r.id))).toHaveLength(preview.allocations_removed);
    expect(before.filter((r) => now.has(r.id) && !r.locked)).toHaveLength(preview.unlocked_allocations_kept);
    expect(byId(after.filter((r) => r.locked))).toEqual(byId(locked));
  });

  it('writes nothing when a block was unlocked while it solved', async () => {
    const plan = await planCheckin(t.database.db, scenarioId, DEFAULT_CHECKIN_SETTINGS);
    const before = await rows();
    const held = before.filter((r) => r.locked);
    expect(
      (
        await send(
          'PATCH',
          'allocation/resource-allocation/bulk/',
          held.map((r) => ({ id: r.id, locked: false })),
        )
      ).statusCode,
    ).toBe(200);
    const answer = { placements: [], unplaced: [], sizing: [], objective: {}, bound: {}, gap: 0, optimal: true, wall_ms: 1 } as unknown as Parameters<
      typeof writeCheckin
    >[3];
    await expect(writeCheckin(t.database.db, scenarioId, plan, answer)).rejects.toMatchObject({
      statusCode: 409,
      code: 'inputs_changed',
      message: expect.stringContaining('check-in allocation'),
    });
    expect((await rows()).map((r) => r.id).sort()).toEqual(before.map((r) => r.id).sort());
  });
});

describe('applying the import rules', () => {
  it('says which flights and values it would overwrite, writes only those, and leaves allocations alone', async () => {
    const unchanged = { terminal_id: 0, zone_id: 0, makeup_zone_id: 0, load_factor: 0, turnup_profile_id: 0, sector: 0 };
    const applied = await get(`rules/flight-import/apply/preview/?scenario_id=${scenarioId}`);
    expect(applied).toMatchObject({ flights: 292, flights_matched: 292, flights_changed: 0, fields_changed: unchanged });

    const flights: Flight[] = (await get(`flights/?scenario_id=${scenarioId}`)).filter((f: Flight) => f.direction === 'departure');
    const [a, b, c] = flights;
    const otherZone = (await get(`zones/?scenario_id=${scenarioId}`)).find((z: { id: number; kind: string }) => z.kind === 'checkin' && z.id !== b.zone_id).id;
    // Typed by hand in the flights grid.
    const edited = await send('PATCH', 'flights/bulk/', [
      { id: a.id, load_factor: 0.5 },
      { id: b.id, load_factor: 0.6, zone_id: otherZone },
      // Locked, as the grid locks a flight whose rule-set value is typed: the rules keep it.
      { id: c.id, load_factor: 0.4, locked: true },
    ]);
    expect(edited.statusCode, edited.body).toBe(200);
    const allocations: Allocation[] = await get(`allocation/baggage-allocation/?scenario_id=${scenarioId}`);
    const before: Flight[] = await get(`flights/?scenario_id=${scenarioId}`);

    expect(await get(`rules/flight-import/apply/preview/?scenario_id=${scenarioId}`)).toMatchObject({
      flights_changed: 2,
      locked_flights_kept: 1,
      fields_changed: { ...unchanged, load_factor: 2, zone_id: 1 },
    });
    const result = await run(`rules/flight-import/apply/?scenario_id=${scenarioId}`);
    expect(result).toMatchObject({ flights: 292, updated: 2, fields_changed: { ...unchanged, load_factor: 2, zone_id: 1 } });

    const after: Flight[] = await get(`flights/?scenario_id=${scenarioId}`);
    const find = (id: number) => after.find((f) => f.id === id)!;
    expect(find(a.id)).toMatchObject({ load_factor: a.load_factor, zone_id: a.zone_id });
    expect(find(b.id)).toMatchObject({ load_factor: b.load_factor, zone_id: b.zone_id });
    expect(find(c.id)).toMatchObject({ load_factor: 0.4, locked: true });
    // The job's writes raise the versions of the rows it changed (a browser holding the older one is refused).
    const versionBefore = (id: number) => before.find((f) => f.id === id)!.version;
    expect([find(a.id).version, find(b.id).version]).toEqual([versionBefore(a.id) + 1, versionBefore(b.id) + 1]);
    // Every other flight (the locked one too) is as it was, not even rewritten with its own values.
    const others = (rows: Flight[]) => byId(rows.filter((f) => f.id !== a.id && f.id !== b.id));
    expect(others(after)).toEqual(others(before));
    expect(byId(await get(`allocation/baggage-allocation/?scenario_id=${scenarioId}`))).toEqual(byId(allocations));
    expect((await get(`rules/flight-import/apply/preview/?scenario_id=${scenarioId}`)).flights_changed).toBe(0);
  });
});

describe('the default rule sets', () => {
  it('never touch the rules a scenario has', async () => {
    const lists = ['rules/segregation/', 'rules/bagsperallocation/', 'rules/flight-import/', 'turnup-profiles/'];
    const [segregationRule] = await get(`rules/segregation/?scenario_id=${scenarioId}`);
    expect((await send('PATCH', `rules/segregation/${segregationRule.id}/`, { name: 'Wide body, as the planner named it' })).statusCode).toBe(200);
    const before = await Promise.all(lists.map((l) => get(`${l}?scenario_id=${scenarioId}`)));
    for (const path of ['rules/segregation-rules/default/', 'rules/bagsperallocation-rules/default/', 'rules/flight-import/default/']) {
      const res = await send('POST', `${path}?scenario_id=${scenarioId}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toMatch(/^The scenario already has \d+ .*; delete them first to load the defaults\.$/);
    }
    expect(await Promise.all(lists.map((l) => get(`${l}?scenario_id=${scenarioId}`)))).toEqual(before);
  });
});

describe('the previews', () => {
  const paths = [
    'allocation/generate/segregations/preview/',
    'rules/flight-import/apply/preview/',
    'allocation/run/makeup/preview/',
    'allocation/run/checkin/preview/',
    'allocation/baggage-allocation/unplaced/',
  ];

  it("answer 404 for another planner's scenario and 400 naming a bad parameter", async () => {
    await t.user('other@example.com');
    const other = (await t.login('other@example.com', TEST_PASSWORD)).access;
    for (const path of paths) {
      const res = await t.as(other, { method: 'GET', url: `/api/${path}?scenario_id=${scenarioId}` });
      expect(res.statusCode, path).toBe(404);
      expect((await t.as(token, { method: 'GET', url: `/api/${path}` })).json()).toEqual({ scenario_id: [expect.any(String)] });
    }
    const bad = await send('GET', `allocation/run/checkin/preview/?scenario_id=${scenarioId}&counters_per=desk`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ counters_per: ["Must be 'airline' or 'flight'."] });
  });
});
