// Cancelling a long job (issue 13, job feedback): a running make-up allocation cancelled before
// it saves writes nothing and stays cancelled; a queued one never starts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app';
import { demoDayApp } from '../support/demoDay';
import { eq } from 'drizzle-orm';
import { baggageAllocations, jobs } from '../../server/db/schema';
import { APP_CLOSE_MS, APP_SETUP_MS, JOBS_MS } from '../support/waits';

let t: TestApp;
let token: string;
let scenarioId: number;

beforeAll(async () => {
  ({ t, token, scenarioId } = await demoDayApp());
}, APP_SETUP_MS);
afterAll(() => t?.close(), APP_CLOSE_MS);

const send = (method: 'GET' | 'POST', url: string) => t.as(token, { method, url: `/api/${url}` });
const job = async (id: number) => (await send('GET', `jobs/${id}/`)).json() as { status: string; message: string; progress: number };
const allocations = async () => ((await send('GET', `allocation/baggage-allocation/?scenario_id=${scenarioId}`)).json() as unknown[]).length;

async function until(probe: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('cancelling an allocation', { timeout: JOBS_MS }, () => {
  it('saves nothing when cancelled while it solves, and reports time-based progress meanwhile', async () => {
    const before = await allocations();
    const started = (await send('POST', `allocation/run/makeup/?scenario_id=${scenarioId}&time_limit_s=4`)).json() as { id: number };
    await until(async () => (await job(started.id)).status === 'running', 60_000);
    // The bar moves with the time spent while the solver works on one part.
    await until(async () => / s of at most 4 s$/.test((await job(started.id)).message), 30_000);
    expect((await send('POST', `jobs/${started.id}/cancel/`)).json()).toMatchObject({ status: 'cancelled', message: 'Cancelled' });
    // The app's job queue stops once the running handler has returned: the solve has ended (its
    // time limit) and its save was refused. The database is read directly from here on.
    await t.app.close();
    const [row] = await t.database.db.select().from(jobs).where(eq(jobs.id, started.id));
    expect(row).toMatchObject({ status: 'cancelled', message: 'Cancelled' });
    expect(await t.database.db.$count(baggageAllocations, eq(baggageAllocations.scenario_id, scenarioId))).toBe(before);
  });
});
