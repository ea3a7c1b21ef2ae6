// The allocation jobs on the demo JFK design day: make-up positions and check-in counters are
// written as allocations that never overlap, containers follow the bags, and locked rows stay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../support/app';
import { seedJfkDesignDay } from '../../server/seed/jfkDesignDay';

let t: TestApp;
let token: string;
let scenarioId: number;

type Row = { id: number; resource_id: number; position_index: number; start: string; end: string; bags: number; containers: number; segregation_id: number; flight_id: number | null; locked: boolean };

beforeAll(async () => {
  t = await createTestApp({ jobs: true });
  const user = await t.user('planner@example.com');
  token = (await t.login('planner@example.com', TEST_PASSWORD)).access;
  scenarioId = await seedJfkDesignDay(t.database.db, user.id, pino({ level: 'silent' }));
});
afterAll(() => t.close());

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

describe('make-up allocation job', () => {
  it('places segregations on make-up positions without overlap, with containers from bags', async () => {
    const job = await run(`allocation/run/makeup/?scenario_id=${scenarioId}&time_limit_s=10`);
    expect(job.status, job.error ?? '').toBe('succeeded');
    const result = job.result as { segregations: number; assigned: number; unassigned: number; rows_written: number };
    expect(result.assigned + result.unassigned).toBe(result.segregations);
    expect(result.assigned).toBeGreaterThan(0);
    const rows: Row[] = await get(`allocation/baggage-allocation/?scenario_id=${scenarioId}`);
    expect(rows).toHaveLength(result.rows_written);
    expect(overlaps(rows, (r) => `${r.resource_id}|${r.position_index}`, 5 * 60_000)).toEqual([]);
    for (const r of rows) expect(r.containers).toBe(Math.ceil(r.bags / 40));
    const makeup = (await get(`allocation/resource/?scenario_id=${scenarioId}`)).filter((r: { resource_type: string }) => r.resource_type.startsWith('makeup'));
    const positions = new Map(makeup.map((r: { id: number; positions: number }) => [r.id, r.positions]));
    for (const r of rows) expect(r.position_index).toBeLessThan(positions.get(r.resource_id) as number);
  });

  it('keeps a locked row exactly and fills around it', async () => {
    const [first] = (await get(`allocation/baggage-allocation/?scenario_id=${scenarioId}`)) as Row[];
    const moved = { start: new Date(Date.parse(first.start) - 30 * 60_000).toISOString(), locked: true };
    const patched = await t.as(token, { method: 'PATCH', url: `/api/allocation/baggage-allocation/${first.id}/`, payload: moved });
    expect(patched.statusCode, patched.body).toBe(200);
    const job = await run(`allocation/run/makeup/?scenario_id=${scenarioId}&time_limit_s=10`);
    expect(job.status, job.error ?? '').toBe('succeeded');
    const rows: Row[] = await get(`allocation/baggage-allocation/?scenario_id=${scenarioId}`);
    const kept = rows.find((r) => r.id === first.id);
    expect(kept).toMatchObject({ resource_id: first.resource_id, position_index: first.position_index, start: moved.start, locked: true });
    expect(rows.filter((r) => r.segregation_id === first.segregation_id && r.id !== first.id)).toEqual([]);
    expect(overlaps(rows, (r) => `${r.resource_id}|${r.position_index}`, 5 * 60_000)).toEqual([]);
  });
});

describe('check-in counter allocation job', () => {
  it('gives placed flights adjacent counters of one zone, never two flights on a counter at once', async () => {
    const job = await run(`allocation/run/checkin/?scenario_id=${scenarioId}&time_limit_s=10`);
    expect(job.status, job.error ?? '').toBe('succeeded');
    const result = job.result as { flights: number; placed: number; unplaced: number };
    expect(result.placed + result.unplaced).toBe(result.flights);
    expect(result.placed).toBeGreaterThan(0);
    const rows: Row[] = await get(`allocation/resource-allocation/?scenario_id=${scenarioId}`);
    expect(overlaps(rows, (r) => String(r.resource_id))).toEqual([]);
    const counters = (await get(`allocation/resource/?scenario_id=${scenarioId}`)) as Array<{ id: number; zone_id: number; resource_type: string; display_order: number; name: string }>;
    const byFlight = new Map<number, Row[]>();
    for (const r of rows) byFlight.set(r.flight_id!, [...(byFlight.get(r.flight_id!) ?? []), r]);
    for (const [, blocks] of byFlight) {
      const used = blocks.map((b) => counters.find((c) => c.id === b.resource_id)!);
      expect(new Set(used.map((c) => c.zone_id)).size).toBe(1);
      expect(used.every((c) => c.resource_type === 'fullservice' || c.resource_type === 'bagdrop')).toBe(true);
      const row = counters
        .filter((c) => c.zone_id === used[0].zone_id && (c.resource_type === 'fullservice' || c.resource_type === 'bagdrop'))
        .sort((a, b) => a.display_order - b.display_order || a.name.localeCompare(b.name));
      const indices = used.map((c) => row.indexOf(c)).sort((a, b) => a - b);
      expect(indices.at(-1)! - indices[0]).toBe(indices.length - 1);
    }
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
