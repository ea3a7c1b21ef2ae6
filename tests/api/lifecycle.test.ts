// The product as `npm start` runs it: a first start seeds the demo account and serves the app
// and the API on one port; SIGTERM shuts down cleanly and nothing written before it is lost.
import { afterAll, describe, expect, it } from 'vitest';
import { serverApi, signInToServer, startTestServer, type TestServer } from '../support/testServer';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../server/seed/demo';
import { SERVER_STOP_MS } from '../support/waits';

const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers.reverse()) await s.discard();
}, SERVER_STOP_MS);

// Each test starts servers that seed and prepare the demo, which on a busy 2-core machine
// takes well over the project's default minute (as the other server-starting files allow).
describe('server lifecycle', { timeout: 180_000 }, () => {
  it('seeds the demo once, serves the app, and keeps data across a SIGTERM restart', async () => {
    const first = await startTestServer({ env: { LOG_LEVEL: 'info' } });
    servers.push(first);
    expect(first.output()).toContain(`Demo account created: ${DEMO_EMAIL} / ${DEMO_PASSWORD}`);
    // The demo's flights are prepared by a job after the server answers, its steps in the log.
    expect(first.output()).toContain('Demo data: applying the import rules and generating segregations (step 1 of 2)');

    const page = await fetch(`${first.baseUrl}/app/projects`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');

    const token = await signInToServer(first.baseUrl);
    const patched = await fetch(`${first.baseUrl}/api/auth/user/`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ first_name: 'Persisted' }),
    });
    expect(patched.status).toBe(200);
    expect(await first.stop()).toBe(0);

    const second = await startTestServer({
      env: { LOG_LEVEL: 'info' },
      ...(first.dataDir ? { dataDir: first.dataDir } : { databaseUrl: first.databaseUrl! }),
    });
    servers.push(second);
    expect(second.output()).not.toContain('Demo account created');
    const me = await fetch(`${second.baseUrl}/api/auth/user/`, {
      headers: { authorization: `Bearer ${await signInToServer(second.baseUrl)}` },
    });
    expect(((await me.json()) as { first_name: string }).first_name).toBe('Persisted');
    expect(await second.stop()).toBe(0);
  });

  it("runs the new demo's allocations at once, so its Gantts are filled", async () => {
    const server = await startTestServer({ env: { SEED_ALLOCATIONS: '1' }, waitForDemo: false });
    servers.push(server);
    const api = serverApi(server.baseUrl, await signInToServer(server.baseUrl));
    const get = <T>(path: string) => api<T>('GET', path);
    const [project] = await get<Array<{ id: number }>>('projects/');
    const [scenario] = await get<Array<{ id: number }>>(`scenarios/?project_id=${project.id}`);
    const deadline = Date.now() + 100_000;
    let queued: Array<{ kind: string; status: string }> = [];
    do {
      await new Promise((r) => setTimeout(r, 1000));
      queued = await get(`jobs/?scenario_id=${scenario.id}`);
    } while (queued.some((j) => j.status === 'queued' || j.status === 'running') && Date.now() < deadline);
    expect(queued.map((j) => [j.kind, j.status]).sort()).toEqual([
      ['allocation-checkin', 'succeeded'],
      ['allocation-makeup', 'succeeded'],
      ['demo-prepare', 'succeeded'],
    ]);
    expect(await get('demo/status/')).toMatchObject({ status: 'ready', progress: 100, project_id: project.id, scenario_id: scenario.id });
    expect((await get<unknown[]>(`allocation/baggage-allocation/?scenario_id=${scenario.id}`)).length).toBeGreaterThan(100);
    expect((await get<unknown[]>(`allocation/resource-allocation/?scenario_id=${scenario.id}`)).length).toBeGreaterThan(50);
  });
});
