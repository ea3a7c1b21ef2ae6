// The page of the browser benchmarks: headless Chromium at a desktop size, the benchmark's probes
// run in the page on every load, signed in as the seeded demo planner; the demo's allocations run
// through the API first; and the in-page probe of long tasks the benchmarks share.
import type { Page } from 'playwright-core';
import { launchBrowser, openPage, signInThroughUi } from '../support/browser';
import { demoDesignDay, runServerJob, type ServerApi } from '../support/testServer';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../server/seed/demo';

/** Page script: `window[name]` with the page's long tasks (> 50 ms) as they happen, from the first load. */
export function longTasksProbe(name: string): string {
  return `
window.${name} = { longtasks: [] };
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.${name}.longtasks.push({ start: e.startTime, duration: e.duration });
}).observe({ type: 'longtask', buffered: true });
`;
}

/** The demo's check-in allocation, and its make-up allocation when given a time limit. */
export async function allocateDemo(api: ServerApi, makeupTimeLimitS?: string): Promise<void> {
  const { id } = await demoDesignDay(api);
  await runServerJob(api, `allocation/run/checkin/?scenario_id=${id}`);
  if (makeupTimeLimitS !== undefined) await runServerJob(api, `allocation/run/makeup/?scenario_id=${id}&time_limit_s=${makeupTimeLimitS}`);
}

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
