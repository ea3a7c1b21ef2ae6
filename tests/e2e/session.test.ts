// End to end in a real Chromium (issue 11): two tabs of one browser share a session and stay
// signed in across several token refreshes; a session that ends says so and brings the planner
// back to the page they were on. Access tokens live 33 s here, so the session is refreshed every 2
// to 3 s (30 s before the access token expires).
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { chromiumAvailable, launchBrowser, openPage, screenshot, signInThroughUi } from '../support/browser';
import { serverApi, signInToServer, startTestServer, type TestServer } from '../support/testServer';
import { SERVER_START_MS, SERVER_STOP_MS } from '../support/waits';

const EMAIL = 'tabs@e2e.example.com';
const PASSWORD = 'e2e-password-1';

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let first: Page;
let projectId: number;

const signedInOn = async (page: Page, path: string, heading: string) => {
  await page.goto(path);
  await page.getByRole('heading', { name: heading, exact: true }).waitFor();
  expect(new URL(page.url()).pathname).toBe(path);
};

describe.skipIf(!chromiumAvailable)('one session in two tabs', () => {
  beforeAll(async () => {
    server = await startTestServer({ env: { ACCESS_TOKEN_MINUTES: '0.55' }, copyOf: inject('demoData') });
    await server.createUser(EMAIL, PASSWORD);
    const api = serverApi(server.baseUrl, await signInToServer(server.baseUrl, EMAIL, PASSWORD));
    ({ id: projectId } = await api<{ id: number }>('POST', 'projects/', { name: 'Terminal 2 study' }));
    browser = await launchBrowser();
    ({ context, page: first } = await openPage(browser, server.baseUrl));
  }, SERVER_START_MS);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.discard();
  }, SERVER_STOP_MS);

  // Five refreshes, 2 to 3 s apart.
  it('keeps both tabs signed in across several refreshes', { timeout: 60_000 }, async () => {
    await signInThroughUi(first, EMAIL, PASSWORD);
    const second = await context.newPage();
    await signedInOn(second, '/app/account', 'My account');
    const presented: string[] = [];
    context.on('request', (r) => r.url().endsWith('/api/auth/token/refresh/') && presented.push((r.postDataJSON() as { refresh: string }).refresh));
    // Five refreshes, one every 2 to 3 s (the exp claim is in whole seconds): the one long wait here.
    const started = Date.now();
    await expect.poll(() => presented.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(5);
    // One tab refreshes for both: no refresh token is presented twice (no reliance on the
    // server's grace period), and there is one refresh per interval, not one per tab.
    expect(new Set(presented).size).toBe(presented.length);
    expect(presented.length).toBeLessThanOrEqual(Math.ceil((Date.now() - started) / 2_000) + 1);
    expect(new URL(first.url()).pathname).toBe('/app/projects');
    expect(new URL(second.url()).pathname).toBe('/app/account');
    await signedInOn(first, '/app/account', 'My account');
    await signedInOn(second, '/app/projects', 'Projects');
    await second.close();
  });

  it('says that the session ended and returns to the page and query after signing in again', async () => {
    const page = `/app/projects/config?project=${projectId}`;
    await first.goto(page);
    await first.getByText('Terminal 2 study').waitFor();
    // The session is revoked elsewhere (signed out on another machine, or by an administrator).
    const refresh = JSON.parse((await first.evaluate(() => localStorage.getItem('_airport_planner_auth_refresh'))) ?? 'null') as { token: string };
    await fetch(`${server.baseUrl}/api/auth/logout/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh: refresh.token }),
    });
    await first.waitForURL('**/auth/signin?**', { timeout: 60_000 });
    expect(await first.getByRole('status').textContent()).toBe('Your session has ended; sign in again.');
    await screenshot(first, '05-session-ended');
    await first.getByLabel('Email').fill(EMAIL);
    await first.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await first.getByRole('button', { name: 'Sign In' }).click();
    await first.getByText('Terminal 2 study').waitFor();
    const back = new URL(first.url());
    expect(back.pathname + back.search).toBe(page);
  });
});
