// The allocation jobs on the demo JFK design day: make-up positions and check-in counters (per
// airline, common check-in, and per flight) are written as allocations that never overlap,
// containers follow the bags, common check-in covers every departure, and locked rows stay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app';
import { demoDayApp } from '../support/demoDay';
import { APP_CLOSE_MS, APP_SETUP_MS, JOBS_MS } from '../support/waits';

let t: TestApp;
let token: string;
let scenarioId: number;

type Row = {
  id: number;
  resource_id: number;
  position_index: number;
  start: string;
  end: string;
  bags: number;
  containers: number;
  segregation_id: number;
  flight_id: number | null;
  airline_id: number | null;
  locked: boolean;
};

beforeAll(async () => {
  ({ t, token, scenarioId } = await demoDayApp());
}, APP_SETUP_MS);
afterAll(() => t.close(), APP_CLOSE_MS);

const get = async (url: string) => (await t.as(token, { method: 'GET', url: `/api/${url}` })).json();
const run = async (url: string) => {
  const res = await t.as(token, { method: 'POST', url: `/api/${url}` });
  expect(res.statusCode, res.body).toBe(202);
  return t.finished(token, res.json().id);
};

/** Pairs of rows on the same resource (and position, when given) whose windows overlap. */
function overlaps(rows: Row[], key: (r: Row) => string, bufferMs = 0): Array<[Row, Row]> {
  const out: Array<[Row, Row]> = [];
  const groups = new Map<string, Row[]>();
  for (const r of rows) groups.set(key(r), [...(groups.get(key(r)) ?? []), r]);
  for (const list of groups.values()) {
    list.sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
    for (let i = 1; i < list.length; i++) {
      if (Date.parse(list[i].start) < Date.parse(list[i - 1].end) + bufferMs) out.push([list[i - 1], list[i]]);
    }
  }
  return out;
}

describe('make-up allocation job', { timeout: JOBS_MS }, () => {
  it('places segregations on make-up positions without overlap, with containers from bags', async () => {
    const job = await run(`allocation/run/makeup/?scenario_id=${scenarioId}&time_limit_s=2`);
    expect(job.status, job.error ?? '').toBe('succeeded');
    type Terms = Record<'unassigned' | 'split_flights' | 'peak', number>;
    const result = job.result as {
      segregations: number;
      assigned: number;
      unassigned: number;
      rows_written: number;
      objective: Terms;
      bound: Terms;
      term_gaps: Terms;
    };
    expect(result.assigned + result.unassigned).toBe(result.segregations);
    // Each term of the objective with its own bound and gap.
    expect(result.objective.unassigned).toBe(result.unassigned);
    for (const term of ['unassigned', 'split_flights', 'peak'] as const) {
      expect(result.bound[term]).toBeLessThanOrEqual(result.objective[term]);
      const value = result.objective[term];
      expect(result.term_gaps[term]).toBeCloseTo(value > 0 ? (value - result.bound[term]) / value : 0, 12);
    }
    expect(result.assigned).toBeGreaterThan(0);
    const rows: Row[] = await get(`allocation/baggage-allocation/?scenario_id=${scenarioId}`);
    expect(rows).toHaveLength(result.rows_written);
    expect(overlaps(rows, (r) => `${r.resource_id}|${r.position_index}`, 5 * 60_000)).toEqual([]);
    for (const r of rows) expect(r.containers).toBe(Math.ceil(r.bags / 40));
    const makeup = (await get(`allocation/resource/?scenario_id=${scenarioId}`)).filter((r: { resource_type: string }) => r.resource_type.startsWith('makeup'));
    const positions = new Map(makeup.map((r: { id: number; positions: number }) => [r.id, r.positions]));
    for (const r of rows) expect(r.position_index).toBeLessThan(positions.get(r.resource_id) as number);
  });

  it('lists a segregation without a position with the window its rule gives it, until it is placed by hand', async () => {
    const rows = (await get(`allocation/baggage-allocation/?scenario_id=${scenarioId}`)) as Row[];
    const before = (await get(`allocation/baggage-allocation/unplaced/?scenario_id=${scenarioId}`)) as Array<{ segregation_id: number }>;
    // A segregation on one position, taken off it: it is now among those not placed.
    const single = rows.find((r) => !r.locked && rows.filter((o) => o.segregation_id === r.segregation_id).length === 1)!;
    expect((await t.as(token, { method: 'DELETE', url: `/api/allocation/baggage-allocation/${single.id}/` })).statusCode).toBe(204);
    const unplaced = (await get(`allocation/baggage-allocation/unplaced/?scenario_id=${scenarioId}`)) as Array<Record<string, unknown>>;
    expect(unplaced).toHaveLength(before.length + 1);
    // The job had given it its rule's whole window.
    expect(unplaced.find((u) => u.segregation_id === single.segregation_id)).toEqual({
      segregation_id: single.segregation_id,
      flight_id: single.flight_id,
      bags: single.bags,
      containers: single.containers,
      start: new Date(single.start).toISOString(),
      end: new Date(single.end).toISOString(),
    });
    // Placed again by hand (as a drop from the Gantt's lane saves it), it leaves the list.
    const { id: _id, ...row } = single;
    const created = await t.as(token, {
      method: 'POST',
      url: '/api/allocation/baggage-allocation/',
      payload: { ...row, scenario_id: scenarioId, locked: true },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(await get(`allocation/baggage-allocation/unplaced/?scenario_id=${scenarioId}`)).toEqual(before);
  });

  it('keeps a locked row exactly and fills around it', async () => {
    const [first] = (await get(`allocation/baggage-allocation/?scenario_id=${scenarioId}`)) as Row[];
    // Opened 30 minutes later (within its rule's window, which it filled), as a planner might.
    const moved = { start: new Date(Date.parse(first.start) + 30 * 60_000).toISOString(), locked: true };
    const patched = await t.as(token, { method: 'PATCH', url: `/api/allocation/baggage-allocation/${first.id}/`, payload: moved });
    expect(patched.statusCode, patched.body).toBe(200);
    const job = await run(`allocation/run/makeup/?scenario_id=${scenarioId}&time_limit_s=2`);
    expect(job.status, job.error ?? '').toBe('succeeded');
    const rows: Row[] = await get(`allocation/baggage-allocation/?scenario_id=${scenarioId}`);
    const kept = rows.find((r) => r.id === first.id);
    expect(kept).toMatchObject({ resource_id: first.resource_id, position_index: first.position_index, start: moved.start, locked: true });
    expect(rows.filter((r) => r.segregation_id === first.segregation_id && r.id !== first.id)).toEqual([]);
    expect(overlaps(rows, (r) => `${r.resource_id}|${r.position_index}`, 5 * 60_000)).toEqual([]);
  });
});

describe('check-in counter allocation job', { timeout: JOBS_MS }, () => {
  type Counter = { id: number; zone_id: number; resource_type: string; display_order: number; name: string };
  type Flight = { id: number; airline_id: number; direction: string; scheduled: string; zone_id: number | null; turnup_profile_id: number | null };
  const minute = 60_000;
  const counterRows = async () => {
    const all = (await get(`allocation/resource/?scenario_id=${scenarioId}`)) as Counter[];
    return all.filter((c) => c.resource_type === 'fullservice' || c.resource_type === 'bagdrop');
  };

  /** Every block (rows of one owner and window in one zone) sits on adjacent counters of its zone's row. */
  async function expectAdjacentBlocks(rows: Row[], owner: (r: Row) => number) {
    const counters = await counterRows();
    const blocks = new Map<string, Counter[]>();
    for (const r of rows) {
      const c = counters.find((x) => x.id === r.resource_id)!;
      expect(c, `row ${r.id} is on a counter`).toBeDefined();
      const key = `${owner(r)}|${r.start}|${r.end}|${c.zone_id}`;
      blocks.set(key, [...(blocks.get(key) ?? []), c]);
    }
    for (const used of blocks.values()) {
      const row = counters.filter((c) => c.zone_id === used[0].zone_id).sort((a, b) => a.display_order - b.display_order || a.name.localeCompare(b.name));
      const indices = used.map((c) => row.indexOf(c)).sort((a, b) => a - b);
      expect(indices.at(-1)! - indices[0]).toBe(indices.length - 1);
    }
    return counters;
  }

  it('per airline (the default): common check-in blocks that cover every departure of the airline, in its zone, never two owners on a counter at once', async () => {
    const job = await run(`allocation/run/checkin/?scenario_id=${scenarioId}&time_limit_s=2`);
    expect(job.status, job.error ?? '').toBe('succeeded');
    const result = job.result as {
      counters_per: string;
      counter_share: number;
      departures: number;
      entries: number;
      placed: number;
      unplaced: number;
      rows_written: number;
    };
    expect(result).toMatchObject({ counters_per: 'airline', counter_share: 45, departures: 292, unplaced: 0 });
    expect(result.placed).toBe(result.entries);
    // Six airlines; one of them flies twice a day with hours between.
    expect(result.entries).toBeGreaterThanOrEqual(6);
    expect(result.entries).toBeLessThan(20);
    const rows: Row[] = await get(`allocation/resource-allocation/?scenario_id=${scenarioId}`);
    expect(rows).toHaveLength(result.rows_written);
    expect(rows.every((r) => r.flight_id === null && r.airline_id !== null)).toBe(true);
    expect(overlaps(rows, (r) => String(r.resource_id))).toEqual([]);
    const counters = await expectAdjacentBlocks(rows, (r) => r.airline_id!);

    // The blocks follow demand in phases, and an airline keeps its counters from one phase to
    // the next: a phase starts at the same counter as the phase before it and grows or shrinks
    // at its other end (so consecutive phases always share a counter).
    const order = new Map(counters.map((c) => [c.id, c.display_order]));
    const phases = new Map<string, number[]>();
    for (const r of rows) {
      const key = `${r.airline_id}|${Date.parse(r.start)}|${Date.parse(r.end)}`;
      phases.set(key, [...(phases.get(key) ?? []), r.resource_id]);
    }
    expect(phases.size).toBeGreaterThan(result.entries);
    const lowest = (ids: number[]) => Math.min(...ids.map((id) => order.get(id)!));
    let followed = 0;
    for (const [key, used] of phases) {
      const [airline, , end] = key.split('|');
      const next = [...phases].find(([k]) => k.startsWith(`${airline}|${end}|`));
      if (!next) continue;
      followed++;
      expect(
        used.some((c) => next[1].includes(c)),
        `airline ${airline} keeps a counter at ${new Date(Number(end)).toISOString()}`,
      ).toBe(true);
      expect(lowest(next[1]), `airline ${airline} at ${new Date(Number(end)).toISOString()}`).toBe(lowest(used));
    }
    expect(followed).toBeGreaterThan(0);

    // Independently: at every 5 minutes of each departure's counter window, its airline has a
    // counter open in the flight's zone.
    const flights = ((await get(`flights/?scenario_id=${scenarioId}`)) as Flight[]).filter((f) => f.direction === 'departure');
    const profiles = new Map(
      ((await get(`turnup-profiles/?scenario_id=${scenarioId}`)) as Array<{ id: number; earliest_minutes: number; bin_minutes: number; shares: number[] }>).map(
        (p) => [p.id, p],
      ),
    );
    const zoneOf = new Map(counters.map((c) => [c.id, c.zone_id]));
    for (const f of flights) {
      const p = profiles.get(f.turnup_profile_id!)!;
      const std = Date.parse(f.scheduled);
      const open = std - p.earliest_minutes * minute;
      const close = std - (p.earliest_minutes - p.shares.length * p.bin_minutes) * minute;
      for (let t = open; t < close; t += 5 * minute) {
        const covered = rows.some(
          (r) => r.airline_id === f.airline_id && zoneOf.get(r.resource_id) === f.zone_id && Date.parse(r.start) <= t && t < Date.parse(r.end),
        );
        expect(covered, `flight ${f.id} at ${new Date(t).toISOString()}`).toBe(true);
      }
    }
  });

  it('per flight: one block per departure, adjacent counters of one zone', async () => {
    const job = await run(`allocation/run/checkin/?scenario_id=${scenarioId}&time_limit_s=2&counters_per=flight`);
    expect(job.status, job.error ?? '').toBe('succeeded');
    const result = job.result as {
      counters_per: string;
      departures: number;
      entries: number;
      placed: number;
      unplaced: number;
      unplaced_entries: Array<{ flight_id: number; reason: string }>;
    };
    expect(result).toMatchObject({ counters_per: 'flight', departures: 292, entries: 292 });
    expect(result.placed + result.unplaced).toBe(292);
    expect(result.placed).toBeGreaterThan(0);
    expect(result.unplaced_entries).toHaveLength(result.unplaced);
    const rows: Row[] = await get(`allocation/resource-allocation/?scenario_id=${scenarioId}`);
    expect(rows.every((r) => r.flight_id !== null && r.airline_id === null)).toBe(true);
    expect(new Set(rows.map((r) => r.flight_id)).size).toBe(result.placed);
    for (const u of result.unplaced_entries) expect(rows.some((r) => r.flight_id === u.flight_id)).toBe(false);
    expect(overlaps(rows, (r) => String(r.resource_id))).toEqual([]);
    await expectAdjacentBlocks(rows, (r) => r.flight_id!);
  });

  it('keeps a locked airline block and the rest of its cluster; per flight, places around it', async () => {
    const job = await run(`allocation/run/checkin/?scenario_id=${scenarioId}&time_limit_s=2`);
    expect(job.status, job.error ?? '').toBe('succeeded');
    const before: Row[] = await get(`allocation/resource-allocation/?scenario_id=${scenarioId}`);
    // Lock one phase block of the busiest airline, as a drag on the Gantt saves it.
    const counts = new Map<number, number>();
    for (const r of before) counts.set(r.airline_id!, (counts.get(r.airline_id!) ?? 0) + 1);
    const busiest = [...counts].sort((a, b) => b[1] - a[1])[0][0];
    const own = before.filter((r) => r.airline_id === busiest);
    const block = own.filter((r) => r.start === own[own.length >> 1].start && r.end === own[own.length >> 1].end);
    const locked = await t.as(token, {
      method: 'PATCH',
      url: '/api/allocation/resource-allocation/bulk/',
      payload: block.map((r) => ({ id: r.id, locked: true })),
    });
    expect(locked.statusCode, locked.body).toBe(200);

    const again = await run(`allocation/run/checkin/?scenario_id=${scenarioId}&time_limit_s=2`);
    expect(again.status, again.error ?? '').toBe('succeeded');
    const result = again.result as { entries: number; unplaced: number; kept_blocks: number };
    expect(result.kept_blocks).toBeGreaterThan(0);
    expect(result.unplaced).toBe(0);
    // The busiest airline (JetBlue) flies one cluster all day: it is not placed again.
    expect(result.entries).toBe((job.result as { entries: number }).entries - 1);
    const after: Row[] = await get(`allocation/resource-allocation/?scenario_id=${scenarioId}`);
    // The airline's whole cluster stays as it was, row for row; the lock is kept exactly.
    const pick = (r: Row) => ({ id: r.id, resource_id: r.resource_id, start: r.start, end: r.end, airline_id: r.airline_id });
    const sortById = (rows: Row[]) => [...rows].sort((a, b) => a.id - b.id).map(pick);
    expect(sortById(after.filter((r) => r.airline_id === busiest))).toEqual(sortById(own));
    expect(
      after
        .filter((r) => r.locked)
        .map((r) => r.id)
        .sort(),
    ).toEqual(block.map((r) => r.id).sort());
    // The other airlines were placed again (new rows), around the kept ones.
    const kept = new Set(own.map((r) => r.id));
    expect(after.filter((r) => !kept.has(r.id)).every((r) => !before.some((b) => b.id === r.id))).toBe(true);
    expect(overlaps(after, (r) => String(r.resource_id))).toEqual([]);

    const perFlight = await run(`allocation/run/checkin/?scenario_id=${scenarioId}&time_limit_s=2&counters_per=flight`);
    expect(perFlight.status, perFlight.error ?? '').toBe('succeeded');
    const rows: Row[] = await get(`allocation/resource-allocation/?scenario_id=${scenarioId}`);
    expect(
      rows
        .filter((r) => r.airline_id !== null)
        .map(pick)
        .sort((a, b) => a.id - b.id),
    ).toEqual(sortById(block));
    expect(overlaps(rows, (r) => String(r.resource_id))).toEqual([]);
    // Unlock again for the tests after this one.
    await t.as(token, { method: 'PATCH', url: '/api/allocation/resource-allocation/bulk/', payload: block.map((r) => ({ id: r.id, locked: false })) });
  });

  it('answers 400 naming a bad counters_per', async () => {
    const res = await t.as(token, { method: 'POST', url: `/api/allocation/run/checkin/?scenario_id=${scenarioId}&counters_per=desk` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ counters_per: ["Must be 'airline' or 'flight'."] });
  });

  it('renders the Gantt charts and occupancy as SVG files to download', async () => {
    const job = await run(`allocation/generate/graphics/?scenario_id=${scenarioId}`);
    expect(job.status, job.error ?? '').toBe('succeeded');
    const files = (job.result as { files: Array<{ name: string; bytes: number }> }).files;
    expect(files.map((f) => f.name)).toEqual(['makeup-gantt.svg', 'checkin-gantt.svg', 'makeup-occupancy.svg']);
    const jobs = await get(`jobs/?scenario_id=${scenarioId}`);
    const jobId = jobs.find((j: { kind: string }) => j.kind === 'allocation-graphics').id;
    const svg = await t.as(token, { method: 'GET', url: `/api/jobs/${jobId}/files/makeup-gantt.svg/` });
    expect(svg.headers['content-type']).toContain('image/svg+xml');
    expect(svg.headers['content-disposition']).toContain('makeup-gantt.svg');
    expect(svg.body).toMatch(/^<\?xml[^>]*>\s*<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(Buffer.byteLength(svg.body)).toBe(files[0].bytes);
    const rows: Row[] = await get(`allocation/baggage-allocation/?scenario_id=${scenarioId}`);
    expect((svg.body.match(/<rect/g) ?? []).length).toBeGreaterThanOrEqual(rows.length);
    expect((await t.as(token, { method: 'GET', url: `/api/jobs/${jobId}/files/other.svg/` })).statusCode).toBe(404);
  });

  it('answers 400 naming a bad time limit', async () => {
    const res = await t.as(token, { method: 'POST', url: `/api/allocation/run/checkin/?scenario_id=${scenarioId}&time_limit_s=0` });
    expect(res.json()).toEqual({ time_limit_s: ['At least 1 second.'] });
  });
});
