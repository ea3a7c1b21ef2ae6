// The product as `npm start` runs it: a first start seeds the demo account and serves the app
// and the API on one port; SIGTERM shuts down cleanly and nothing written before it is lost.
import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../server/seed/demo';

const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers.reverse()) await s.discard();
});

async function signIn(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access: string }).access;
}

describe('server lifecycle', () => {
  it('seeds the demo once, serves the app, and keeps data across a SIGTERM restart', async () => {
    const first = await startTestServer({ env: { LOG_LEVEL: 'info' } });
    servers.push(first);
    expect(first.output()).toContain(`Demo account created: ${DEMO_EMAIL} / ${DEMO_PASSWORD}`);

    const page = await fetch(`${first.baseUrl}/app/projects`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');

    const token = await signIn(first.baseUrl);
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
      headers: { authorization: `Bearer ${await signIn(second.baseUrl)}` },
    });
    expect(((await me.json()) as { first_name: string }).first_name).toBe('Persisted');
    expect(await second.stop()).toBe(0);
  });
});
