// One describe block's real server, Chromium page and API client signed in as the demo planner,
// opened before its tests and closed after them.
import { afterAll, beforeAll } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, openPage } from './browser';
import { serverApi, signInToServer, startTestServer, type ServerApi, type TestServer } from './testServer';

export type BrowserSuite = { server: TestServer; page: Page; call: ServerApi };

/** Registers the hooks; the answer's fields are there once beforeAll has run. */
export function browserSuite(): BrowserSuite {
  const suite = {} as BrowserSuite;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    suite.server = await startTestServer({ env: { LOGIN_RATE_LIMIT: '50' } });
    browser = await launchBrowser();
    ({ context, page: suite.page } = await openPage(browser, suite.server.baseUrl));
    suite.call = serverApi(suite.server.baseUrl, await signInToServer(suite.server.baseUrl));
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await suite.server?.discard();
  });
  return suite;
}
