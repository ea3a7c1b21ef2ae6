// Drives Debian's Chromium for the end-to-end tests through playwright-core. Where Chromium is
// missing the browser tests are skipped with a loud warning, unless REQUIRE_E2E=1 makes that an
// error. Also: screenshots into tests/e2e/screenshots/, and a fresh context (own storage) per test.
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const CHROMIUM_PATH = '/usr/bin/chromium';

const SCREENSHOT_DIR = resolve(import.meta.dirname, '../e2e/screenshots');

function findChromium(): boolean {
  if (existsSync(CHROMIUM_PATH)) return true;
  const message = `${CHROMIUM_PATH} is missing: the end-to-end browser tests cannot run (apt-get install -y chromium)`;
  if (process.env.REQUIRE_E2E === '1') throw new Error(`REQUIRE_E2E=1 but ${message}`);
  console.warn(
    `\n${'!'.repeat(100)}\n!!! WARNING: ${message}.\n!!! SKIPPING THE BROWSER TESTS. Set REQUIRE_E2E=1 to make this an error.\n${'!'.repeat(100)}\n`,
  );
  return false;
}

/** False (after a loud warning) when the browser tests must be skipped. */
export const chromiumAvailable = findChromium();

/**
 * Headless Chromium. Playwright refuses a `--user-data-dir` argument to launch(); it gives every
 * launch a fresh temporary profile of its own and deletes it on close, which is what we want.
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A context of its own (cookies, local storage) at the server's address, and a page in it. */
export async function openPage(browser: Browser, baseUrl: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`[browser] ${error.message}`));
  return { context, page };
}

/** Saves a full-page screenshot as tests/e2e/screenshots/<name>.png and answers its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  // From the top: a full-page capture of a scrolled page draws the sticky top bar mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** Signs in through the sign-in screen and waits for the projects screen it leads to. */
export async function signInThroughUi(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/app/projects');
  await page.getByRole('heading', { name: 'Projects', exact: true }).waitFor();
}

/** From the projects screen: opens the seeded demo project and selects its design day. */
export async function selectDemoScenario(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Open New York JFK' }).click();
  await page.getByRole('heading', { name: 'Project configuration' }).waitFor();
  await page.getByRole('button', { name: 'Select Design day 2017-01-02' }).click();
  await page.getByRole('banner').getByText('Design day 2017-01-02').waitFor();
}

/**
 * Resolves once the page has drawn two more frames: whatever the last input changed (a drop
 * refused or taken, rows drawn after a scroll) is on screen by then.
 */
export async function framesDrawn(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}
