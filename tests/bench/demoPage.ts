// The page of the browser benchmarks: headless Chromium at a desktop size, the benchmark's probes
// run in the page on every load, signed in as the seeded demo planner.
import type { Page } from 'playwright-core';
import { launchBrowser, openPage, signInThroughUi } from '../support/browser';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../server/seed/demo';

export async function withDemoPage(baseUrl: string, probes: string, use: (page: Page) => Promise<void>): Promise<void> {
  const browser = await launchBrowser();
  try {
    const { page } = await openPage(browser, baseUrl);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.addInitScript(probes);
    await signInThroughUi(page, DEMO_EMAIL, DEMO_PASSWORD);
    await use(page);
  } finally {
    await browser.close();
  }
}
