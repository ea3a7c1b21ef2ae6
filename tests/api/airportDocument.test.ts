// A stored scenario simulated without a browser (issue 33): the server builds the airport document
// itself, the very document the browser builds from the API's answers (the Simulation screen's own
// loader, fetching through a client of the browser's kind, and the shared builder), on the demo day
// as seeded and with counters allocated and a sizing plan applied; sizes it without a document
// from the browser; and runs it as a job whose run is saved as the screen saves one. Strangers get
// 404, viewers 403 where a change is saved, bad values 400 naming the field, a scenario the engine
// cannot run 409; a refused request queues nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viewerAndStranger, type TestApp } from '../support/app';
import { demoDayApp } from '../support/demoDay';
import { injectClient } from '../support/injectClient';
import { buildScenario } from '../support/scenarioFixture';
import { loadSimulationData } from '../../src/features/simulation/loadScenario';
import { DEFAULT_SETTINGS } from '../../src/features/simulation/model/settings';
import { buildAirportDocument } from '../../common/scenario/airportDocument';
import type { AirportInput } from '../../common/scenario/documentInput';
import { prepare } from '../../workers/sim/run';
import { prepareSizing } from '../../workers/sim/sizing/problem';
import { APP_CLOSE_MS, APP_SETUP_MS, JOBS_MS } from '../support/waits';

let t: TestApp;
let token: string;
let demo: number;
let small: number;
let viewer: string;
let stranger: string;

type Job = { id: number; status: string; result: Record<string, unknown> | null; error: string | null };

beforeAll(async () => {
  ({ t, token, scenarioId: demo } = await demoDayApp());
  ({ viewer, stranger } = await viewerAndStranger(t, token, demo));
  small = (await buildScenario(t, token, 'Small day')).scenario;
}, APP_SETUP_MS);
afterAll(() => t?.close(), APP_CLOSE_MS);

function send(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, as = token) {
  return t.as(as, { method, url: `/api/${url}`, payload: payload as object });
}
const jobs = async (scenarioId: number): Promise<Job[]> => (await send('GET', `jobs/?scenario_id=${scenarioId}`)).json();
const serverDocument = async (scenarioId: number, query = ''): Promise<AirportInput> => {
  const res = await send('GET', `scenarios/${scenarioId}/airport-document/${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
/** What the Simulation screen builds: its loader's answers through the browser's client, and the shared builder. */
const browserDocument = async (scenarioId: number, settings = DEFAULT_SETTINGS) =>
  buildAirportDocument(await loadSimulationData(injectClient(t, token), scenarioId), settings).document;

describe("the server's airport document", { timeout: JOBS_MS }, () => {
  it('is the document the browser builds for the demo day, and one the engine and the sizing accept', async () => {
    const server = await serverDocument(demo);
    expect(server.flights.length).toBeGreaterThan(100);
    expect(server).toEqual(await browserDocument(demo));
    expect(() => prepare(server)).not.toThrow();
    expect(() => prepareSizing(server)).not.toThrow();
    const asked = await serverDocument(demo, '?replications=3&seed=42&playback=false');
    expect(asked).toEqual(await browserDocument(demo, { ...DEFAULT_SETTINGS, replications: 3, seed: 42, playback: false }));
    expect(asked).toMatchObject({ replications: 3, seed: 42, settings: { playback: false } });
  });

  it("is the browser's with counters allocated and a sizing plan applied, the plan opening the security lanes", async () => {
    const allocated = await send('POST', `allocation/run/checkin/?scenario_id=${demo}&time_limit_s=2`);
    expect(allocated.statusCode, allocated.body).toBe(202);
    const job = await t.finished(token, allocated.json().id);
    expect(job.status, job.error ?? '').toBe('succeeded');
    const [checkpoint] = (await serverDocument(demo)).flow.outputs;
    const plan = await send('POST', 'sizing-plans/', {
      scenario_id: demo,
      name: 'Lanes',
      plan: { origin_minute: 300, stations: { [`${checkpoint.id} / common`]: { kind: 'security', servers: [1, 2, 2, 1], period_minutes: 60 } } },
    });
    expect(plan.statusCode, plan.body).toBe(201);
    expect((await send('POST', `sizing-plans/${plan.json().id}/apply/`)).statusCode).toBe(200);

    const server = await serverDocument(demo);
    expect(server.resource_allocations.length).toBeGreaterThan(0);
    expect(server.resources.some((r) => 'lane_schedule' in r)).toBe(true);
    expect(server).toEqual(await browserDocument(demo));
    expect(() => prepare(server)).not.toThrow();
  });

  it("is the browser's for a scenario with a make-up allocation, bag rule and an unreadable saved graph", async () => {
    const server = await serverDocument(small);
    expect(server.makeup_allocations).toHaveLength(1);
    expect(server).toEqual(await browserDocument(small));
  });

  it('takes another design date', async () => {
    const other = await serverDocument(small, '?design_date=2017-01-03');
    expect(other.design_date).toBe('2017-01-03');
    // The flight of 2 January is the evening before: minutes before the design day's midnight.
    expect(other.flights[0].std_minutes).toBeLessThan(0);
  });

  it('answers 404 for a missing scenario or a stranger, and 400 naming each bad value', async () => {
    expect((await send('GET', 'scenarios/999999/airport-document/')).statusCode).toBe(404);
    expect((await send('GET', `scenarios/${demo}/airport-document/`, undefined, stranger)).statusCode).toBe(404);
    expect((await send('GET', `scenarios/${demo}/airport-document/?replications=2`, undefined, viewer)).statusCode).toBe(200);
    const bad = await send('GET', `scenarios/${demo}/airport-document/?replications=0&seed=x&playback=yes&design_date=2017-13-01`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      replications: ['Must be at least 1.'],
      seed: ['Must be a whole number.'],
      playback: ["Must be 'true' or 'false'."],
      design_date: ['Must be an ISO date, e.g. 2017-01-02.'],
    });
    expect((await send('GET', `scenarios/${demo}/airport-document/?replications=101`)).json()).toEqual({ replications: ['Must be at most 100.'] });
  });
});

describe('sizing a stored scenario without a document', { timeout: JOBS_MS }, () => {
  it("sizes the scenario's own document with the targets given and saves the plan", async () => {
    const res = await send('POST', `simulation/size/?scenario_id=${small}`, { name: 'Server sized', share: 0.9, period_minutes: 30, targets: { economy: 15 } });
    expect(res.statusCode, res.body).toBe(202);
    const job = await t.finished(token, res.json().id);
    expect(job.status, job.error ?? '').toBe('succeeded');
    const saved = (await send('GET', `sizing-plans/${(job.result as { plan_id: number }).plan_id}/`)).json();
    expect(saved).toMatchObject({ name: 'Server sized', settings: { share: 0.9, period_minutes: 30, targets: { economy: 15, business: 5, security: 10 } } });
    expect(Object.keys(saved.plan.stations).length).toBeGreaterThan(0);
  });

  it('refuses a viewer (403), a stranger (404) and a target of no process (400 naming it), queueing nothing', async () => {
    const before = (await jobs(demo)).length;
    const body = { name: 'Refused', share: 0.9, period_minutes: 30 };
    expect((await send('POST', `simulation/size/?scenario_id=${demo}`, body, viewer)).statusCode).toBe(403);
    expect((await send('POST', `simulation/size/?scenario_id=${demo}`, body, stranger)).statusCode).toBe(404);
    const target = await send('POST', `simulation/size/?scenario_id=${demo}`, { ...body, targets: { checkin: 5 } });
    expect(target.statusCode).toBe(400);
    expect(target.json()).toEqual({ 'targets.checkin': ['Not a process: targets are given for economy, business, bagdrop, kiosk, security.'] });
    expect((await jobs(demo)).length).toBe(before);
  });
});

describe('a simulation run on the server', { timeout: JOBS_MS }, () => {
  it("runs the scenario's document as a job and saves the run as the Simulation screen saves one", async () => {
    const res = await send('POST', `simulation/run/?scenario_id=${small}`, { replications: 2, seed: 7, name: 'Server run' });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().kind).toBe('simulation-run');
    const job = await t.finished(token, res.json().id);
    expect(job.status, job.error ?? '').toBe('succeeded');
    const run = (await send('GET', `simulation-runs/${(job.result as { run_id: number }).run_id}/`)).json();
    expect(run).toMatchObject({ scenario_id: small, name: 'Server run', settings: { settings: { replications: 2, seed: 7 } } });
    expect(run.document).toEqual(await serverDocument(small, '?replications=2&seed=7'));
    expect(Object.values(run.settings.processes)).toContain('economy');
    expect(run.results.output).toMatchObject({ kind: 'airport', replications: 2, seed: 7 });
    expect((await send('GET', `simulation-runs/?scenario_id=${small}`)).json().map((r: { name: string }) => r.name)).toContain('Server run');
  });

  it('refuses a viewer (403), a stranger (404) and bad settings (400 naming each), queueing nothing', async () => {
    const before = (await jobs(demo)).length;
    expect((await send('POST', `simulation/run/?scenario_id=${demo}`, {}, viewer)).statusCode).toBe(403);
    expect((await send('POST', `simulation/run/?scenario_id=${demo}`, {}, stranger)).statusCode).toBe(404);
    expect((await send('POST', 'simulation/run/?scenario_id=999999', {})).statusCode).toBe(404);
    const bad = await send('POST', `simulation/run/?scenario_id=${demo}`, { replications: 0, seed: 1.5, name: ' ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ replications: ['Must be at least 1.'], seed: ['Must be a whole number.'], name: ['This field may not be blank.'] });
    expect((await jobs(demo)).length).toBe(before);
  });

  it('answers 409 saying why for a scenario the engine cannot run or size (no departures), queueing nothing', async () => {
    const { project_id } = (await send('GET', `scenarios/${small}/`)).json();
    const empty = (await send('POST', 'scenarios/', { project_id, name: 'Empty day' })).json().id;
    const run = await send('POST', `simulation/run/?scenario_id=${empty}`, {});
    expect(run.statusCode, run.body).toBe(409);
    expect(run.json().detail).toMatch(/^This scenario cannot be simulated: /);
    const size = await send('POST', `simulation/size/?scenario_id=${empty}`, { name: 'Empty', share: 0.9, period_minutes: 30 });
    expect(size.statusCode, size.body).toBe(409);
    expect(size.json().detail).toMatch(/^This scenario cannot be sized: /);
    expect(await jobs(empty)).toEqual([]);
  });
});
