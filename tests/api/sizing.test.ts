// Size to target through the API (issue 12): a sizing job sizes a document on the job workers and
// saves its plan with the scenario; the scenario's plans are listed, opened, saved from the
// browser, applied (one at a time) and deleted; a job can be cancelled; the check-in allocation
// takes its counters from the applied plan with sizing=simulation. Strangers get 404, viewers 403,
// bad options 400 naming the field, and a refused request queues nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viewerAndStranger, type TestApp } from '../support/app';
import { demoDayApp } from '../support/demoDay';
import { smallAirport } from '../../workers/sim/sizing/smallAirport.fixture';
import { APP_CLOSE_MS, APP_SETUP_MS, JOBS_MS } from '../support/waits';

let t: TestApp;
let token: string;
let scenarioId: number;
let viewer: string;
let stranger: string;

type Job = { id: number; status: string; result: Record<string, unknown> | null; error: string | null };
type Plan = { id: number; name: string; applied: boolean; plan: { stations: Record<string, { servers: number[]; locally_minimal?: boolean }> } };

beforeAll(async () => {
  ({ t, token, scenarioId } = await demoDayApp());
  ({ viewer, stranger } = await viewerAndStranger(t, token, scenarioId));
}, APP_SETUP_MS);
afterAll(() => t?.close(), APP_CLOSE_MS);

function send(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, as = token) {
  return t.as(as, { method, url: `/api/${url}`, payload: payload as object });
}
const jobs = async (): Promise<Job[]> => (await send('GET', `jobs/?scenario_id=${scenarioId}`)).json();
const plans = async (): Promise<Plan[]> => (await send('GET', `sizing-plans/?scenario_id=${scenarioId}`)).json();
/** A sizing job's final state: its simulations wait on the queue's polls, so it may take minutes on a busy machine. */
async function sized(id: number): Promise<Job> {
  const deadline = Date.now() + 240_000;
  for (;;) {
    const job: Job = (await send('GET', `jobs/${id}/`)).json();
    if (['succeeded', 'failed', 'cancelled'].includes(job.status)) return job;
    if (Date.now() > deadline) throw new Error(`sizing job ${id} still ${job.status} after 240 s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
const sizeBody = (over: Record<string, unknown> = {}) => ({ document: smallAirport(), name: 'Small day', share: 0.9, period_minutes: 30, ...over });

describe('a sizing job', { timeout: JOBS_MS }, () => {
  it('sizes the document on the workers and saves its plan with the scenario', async () => {
    const res = await send('POST', `simulation/size/?scenario_id=${scenarioId}`, sizeBody({ targets: { checkin_economy: 15 } }));
    expect(res.statusCode, res.body).toBe(202);
    const job = await sized(res.json().id);
    expect(job.status, job.error ?? '').toBe('succeeded');
    const result = job.result as { plan_id: number; replications: number; workers: Record<string, number> };
    expect(Object.keys(result.workers)).toHaveLength(1);
    const saved: Plan & { settings: Record<string, unknown> } = (await send('GET', `sizing-plans/${result.plan_id}/`)).json();
    expect(saved).toMatchObject({ name: 'Small day', applied: false, settings: { share: 0.9, period_minutes: 30, targets: { checkin_economy: 15 } } });
    expect(Object.keys(saved.plan.stations).sort()).toEqual(['desks / airline BA', 'desks / flight U21', 'sec / common']);
    expect(Object.values(saved.plan.stations).every((s) => s.locally_minimal === true)).toBe(true);
    expect((await plans()).map((p) => p.id)).toContain(result.plan_id);
  });

  it('refuses a stranger (404), a viewer (403) and bad options (400 naming the field), queueing nothing', async () => {
    const before = (await jobs()).length;
    expect((await send('POST', `simulation/size/?scenario_id=${scenarioId}`, sizeBody(), stranger)).statusCode).toBe(404);
    expect((await send('POST', `simulation/size/?scenario_id=${scenarioId}`, sizeBody(), viewer)).statusCode).toBe(403);
    const share = await send('POST', `simulation/size/?scenario_id=${scenarioId}`, sizeBody({ share: 1.5 }));
    expect(share.statusCode).toBe(400);
    expect(share.json().share).toEqual(['Must be at most 0.999 (99.9 %).']);
    const period = await send('POST', `simulation/size/?scenario_id=${scenarioId}`, sizeBody({ period_minutes: 2 }));
    expect(period.json().period_minutes).toEqual(['Must be at least 5 minutes.']);
    const document = await send('POST', `simulation/size/?scenario_id=${scenarioId}`, sizeBody({ document: { ...smallAirport(), flights: 'none' } }));
    expect(document.statusCode).toBe(400);
    expect(document.json().document[0]).toMatch(/flights/);
    expect((await jobs()).length).toBe(before);
  });

  it('stops when cancelled and saves no plan; a job that has ended cannot be cancelled', async () => {
    const before = (await plans()).length;
    const started = await send('POST', `simulation/size/?scenario_id=${scenarioId}`, sizeBody({ name: 'Cancelled' }));
    expect((await send('POST', `jobs/${started.json().id}/cancel/`, undefined, viewer)).statusCode).toBe(403);
    const cancelled = await send('POST', `jobs/${started.json().id}/cancel/`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().status).toBe('cancelled');
    // Long enough for a run that ignored the cancel to have saved its plan.
    await new Promise((r) => setTimeout(r, 3_000));
    expect((await send('GET', `jobs/${started.json().id}/`)).json().status).toBe('cancelled');
    expect((await plans()).length).toBe(before);
    const again = await send('POST', `jobs/${started.json().id}/cancel/`);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('This job has already ended (cancelled); there is nothing to cancel.');
  });
});

/** A plan as the browser saves it: B6 at the check-in islands 06:00-08:00, and a common group. */
const browserPlan = {
  origin_minute: 300,
  stations: {
    'island / airline B6': { kind: 'checkin', servers: [0, 4, 6, 0], period_minutes: 60 },
    'island / common': { kind: 'checkin', servers: [1, 1, 1, 1], period_minutes: 60 },
    'south / common': { kind: 'security', servers: [2, 3, 3, 2], period_minutes: 60 },
  },
};

describe("a scenario's sizing plans", () => {
  it('are saved, refused when unreadable, applied one at a time and deleted', async () => {
    const bad = await send('POST', 'sizing-plans/', { scenario_id: scenarioId, name: 'Bad', plan: { stations: { x: { servers: [-1], period_minutes: 30 } } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().plan[0]).toMatch(/^plan\.stations\.x\.servers\.0: /);
    expect((await send('POST', 'sizing-plans/', { scenario_id: scenarioId, name: 'Viewer', plan: browserPlan }, viewer)).statusCode).toBe(403);
    const first = await send('POST', 'sizing-plans/', { scenario_id: scenarioId, name: 'First', plan: browserPlan });
    const second = await send('POST', 'sizing-plans/', { scenario_id: scenarioId, name: 'Second', plan: browserPlan });
    expect(first.statusCode, first.body).toBe(201);
    expect((await send('POST', `sizing-plans/${first.json().id}/apply/`, undefined, viewer)).statusCode).toBe(403);
    expect((await send('POST', `sizing-plans/${first.json().id}/apply/`, undefined, stranger)).statusCode).toBe(404);
    expect((await send('POST', `sizing-plans/${first.json().id}/apply/`)).json().applied).toBe(true);
    expect((await send('POST', `sizing-plans/${second.json().id}/apply/`)).json().applied).toBe(true);
    const applied = (await plans()).filter((p) => p.applied);
    expect(applied.map((p) => p.name)).toEqual(['Second']);
    expect((await send('DELETE', `sizing-plans/${first.json().id}/`)).statusCode).toBe(204);
    expect((await send('GET', `sizing-plans/${first.json().id}/`)).statusCode).toBe(404);
  });
});

describe('the check-in allocation sized by simulation', { timeout: JOBS_MS }, () => {
  it("opens each airline's counters as the applied plan says, and refuses without one", async () => {
    for (const p of await plans()) await send('DELETE', `sizing-plans/${p.id}/`);
    const refused = await send('POST', `allocation/run/checkin/?scenario_id=${scenarioId}&sizing=simulation`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toMatch(/^No sizing plan is applied to this scenario/);
    expect((await send('POST', `allocation/run/checkin/?scenario_id=${scenarioId}&sizing=plan`)).json().sizing).toEqual(["Must be 'rule' or 'simulation'."]);

    const plan = await send('POST', 'sizing-plans/', { scenario_id: scenarioId, name: 'Applied', plan: browserPlan });
    await send('POST', `sizing-plans/${plan.json().id}/apply/`);
    const res = await send('POST', `allocation/run/checkin/?scenario_id=${scenarioId}&sizing=simulation&time_limit_s=2`);
    expect(res.statusCode, res.body).toBe(202);
    const job = await t.finished(token, res.json().id);
    expect(job.status, job.error ?? '').toBe('succeeded');
    expect(job.result).toMatchObject({ sizing: 'simulation', placed: 2, unplaced: 0, plan_groups_skipped: ['island / common'] });

    const airlines: Array<{ id: number; code: string }> = (await send('GET', `airlines/?scenario_id=${scenarioId}`)).json();
    const jetBlue = airlines.find((a) => a.code === 'B6')!.id;
    const rows: Array<{ airline_id: number | null; start: string; end: string }> = (
      await send('GET', `allocation/resource-allocation/?scenario_id=${scenarioId}`)
    ).json();
    const windows = new Map<string, number>();
    for (const r of rows) {
      expect(r.airline_id).toBe(jetBlue);
      windows.set(`${r.start}-${r.end}`, (windows.get(`${r.start}-${r.end}`) ?? 0) + 1);
    }
    // 06:00-07:00 and 07:00-08:00 in New York on the design day (UTC-5).
    expect(Object.fromEntries(windows)).toEqual({
      '2017-01-02T11:00:00.000Z-2017-01-02T12:00:00.000Z': 4,
      '2017-01-02T12:00:00.000Z-2017-01-02T13:00:00.000Z': 6,
    });
  });
});
