// A test file's real server and Chromium, started before its tests and closed after them, with
// either one page for all the tests (and an API client signed in as the demo planner) or a fresh
// page for each test.
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, openPage } from './browser';
import { serverApi, signInToServer, startTestServer, type ServerApi, type TestServer } from './testServer';
import { PAGE_READY_MS, SERVER_START_MS, SERVER_STOP_MS } from './waits';

export type BrowserSuite = { server: TestServer; page: Page; call: ServerApi };
/** What a test sees of its file's set-up: the server, the browser (for a page of its own) and the page. */
export type OpenedPage = { server: TestServer; browser: Browser; page: Page };
/** `built`: the server serves the build, as after `npm start` (TestServerOptions). */
export type SuiteOptions = { built?: boolean };

/** Registers the hooks that start the server and the browser; both are there once beforeAll has run. */
function serverAndBrowser(options: SuiteOptions): { server?: TestServer; browser?: Browser } {
  const running: { server?: TestServer; browser?: Browser } = {};
  beforeAll(async () => {
    running.server = await startTestServer({ env: { LOGIN_RATE_LIMIT: '50' }, built: options.built, copyOf: inject('demoData') });
    running.browser = await launchBrowser();
  }, SERVER_START_MS);
  afterAll(async () => {
    await running.browser?.close();
    await running.server?.discard();
  }, SERVER_STOP_MS);
  return running;
}

/**
 * Opens a page (cookies, storage of its own) before all the tests or before each, and closes it
 * after them or after each; `ready` gets each page first, with the server and the browser.
 */
function openPages(each: boolean, ready: (opened: OpenedPage) => Promise<void> | void, options: SuiteOptions = {}): void {
  const running = serverAndBrowser(options);
  let context: BrowserContext | undefined;
  (each ? beforeEach : beforeAll)(async () => {
    let page: Page;
    ({ context, page } = await openPage(running.browser!, running.server!.baseUrl));
    await ready({ server: running.server!, browser: running.browser!, page });
  }, PAGE_READY_MS);
  // Registered after the browser's hooks, so it runs before the browser closes (after hooks run in reverse).
  (each ? afterEach : afterAll)(async () => {
    await context?.close();
  });
}

/** One page for all the tests. */
export const onePage = (ready: (opened: OpenedPage) => Promise<void> | void, options?: SuiteOptions) => openPages(false, ready, options);

/** A fresh page for each test, so tests share no cookies or stored session. */
export const pagePerTest = (ready: (opened: OpenedPage) => Promise<void> | void) => openPages(true, ready);

/** One page and an API client signed in as the demo planner; the fields are there once beforeAll has run. */
export function browserSuite(): BrowserSuite {
  const suite = {} as BrowserSuite;
  onePage(async ({ server, page }) => {
    Object.assign(suite, { server, page, call: serverApi(server.baseUrl, await signInToServer(server.baseUrl)) });
  });
  return suite;
}
