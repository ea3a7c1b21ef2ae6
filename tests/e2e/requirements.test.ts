// End to end in a real Chromium against the real server as `npm start` serves it, built (issues
// 12 and 33): on a copy of the demo day (every airline's every third departure), with its check-in allocation run through the API,
// the planner goes from the simulation screen to the requirements screen, sizes the day to target
// on the server's job workers, sees the plan (position-hours against the current plan, a stepped
// chart and the table per group), exports the plan as CSV with every period's verified share and
// verdict, saves and applies it, runs the check-in allocation with it, and the simulation of the
// applied plan shows every queue within its target; and the same day sized in the browser's own
// workers (sim.worker.ts), as "Quick, in this browser" does.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { chromiumAvailable, openPage, screenshot, signInThroughUi } from '../support/browser';
import { runServerJob, serverApi, waitForServerJob, signInToServer, type ServerApi, type TestServer } from '../support/testServer';
import { onePage } from '../support/browserSuite';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../server/seed/demo';

let server: TestServer;
let browser: Browser;
let page: Page;
let call: ServerApi;

/** The plan once shown: one row per check-in group and checkpoint, both checkpoints among them. */
async function shownPlan(on: Page): Promise<Locator> {
  const plan = on.getByRole('region', { name: 'Requirements plan' });
  await plan.waitFor({ timeout: 400_000 });
  const groups = plan.getByRole('table', { name: 'Groups' });
  await groups.getByRole('link', { name: 'Security South', exact: true }).waitFor();
  await groups.getByRole('link', { name: 'Security North', exact: true }).waitFor();
  return plan;
}

describe.skipIf(!chromiumAvailable)('the requirements screen in a real browser', () => {
  // The server as `npm start` serves it: the sizing threads are the build's.
  onePage(
    async (opened) => {
      ({ server, browser, page } = opened);
      call = serverApi(server.baseUrl, await signInToServer(server.baseUrl));
    },
    { built: true },
  );

  /**
   * A copy of the demo day under a new name with every airline's first, fourth, seventh...
   * departure (the day's shape at a third of its passengers: every airline, check-in group and
   * checkpoint still there from morning to night, sized in a fraction of the time), its check-in
   * counters allocated.
   */
  async function demoClone(name: string): Promise<{ id: number }> {
    const projects = await call<Array<{ id: number; name: string }>>('GET', 'projects/');
    const project = projects.find((p) => p.name === 'New York JFK')!;
    const scenarios = await call<Array<{ id: number; name: string }>>('GET', `scenarios/?project_id=${project.id}`);
    const demo = scenarios.find((s) => s.name === 'Design day 2017-01-02')!;
    const base = await call<{ id: number }>('POST', `scenarios/${demo.id}/clone/`, { name });
    const flights = await call<Array<{ id: number; airline_id: number }>>('GET', `flights/?scenario_id=${base.id}`);
    const seen = new Map<number, number>();
    for (const flight of flights) {
      const nth = seen.get(flight.airline_id) ?? 0;
      seen.set(flight.airline_id, nth + 1);
      if (nth % 3 !== 0) await call('DELETE', `flights/${flight.id}/`);
    }
    await runServerJob(call, `allocation/run/checkin/?scenario_id=${base.id}&time_limit_s=2`);
    return base;
  }

  it('sizes the demo day on the server, shows the plan, applies it, and the simulation meets every target', { timeout: 600_000 }, async () => {
    const base = await demoClone('Sized day');

    await signInThroughUi(page, DEMO_EMAIL, DEMO_PASSWORD);
    await page.getByRole('link', { name: 'Open New York JFK' }).click();
    await page.getByRole('button', { name: 'Select Sized day' }).click();
    await page.getByRole('banner').getByText('Sized day').waitFor();
    await page.goto('/app/simulation');
    await page.getByRole('link', { name: 'Size to target…' }).click({ timeout: 90_000 });
    await page.waitForURL('**/app/simulation/requirements');

    await page.getByLabel('Share within target (%)').waitFor({ timeout: 90_000 });
    expect(await page.getByLabel('Share within target (%)').inputValue()).toBe('95');
    await screenshot(page, '90-requirements-setup');
    await page.getByRole('button', { name: 'Size to target' }).click();
    await page.getByRole('progressbar', { name: 'Sizing progress' }).waitFor();

    const plan = await shownPlan(page);
    const totals = await plan.getByRole('list', { name: 'Position-hours' }).textContent();
    expect(totals).toMatch(/counter-hours/);
    expect(totals).toMatch(/lane-hours/);

    // The overview comes first, on screen without scrolling past any group's detail: a chart per
    // process, then the groups, each closed to one line until asked for.
    const overview = plan.getByRole('region', { name: 'Overview' });
    const lanes = overview.getByRole('figure', { name: 'Security lanes open' });
    await lanes.locator('svg path').first().waitFor();
    expect(await overview.getByRole('figure', { name: 'Check-in counters open' }).count()).toBe(1);
    const firstGroup = (await plan.locator('details.req-group').first().boundingBox())!;
    expect((await lanes.boundingBox())!.y).toBeLessThan(firstGroup.y);
    expect(await plan.locator('details.req-group[open]').count()).toBe(0);
    await screenshot(page, '91-requirements-overview');

    await overview.getByRole('table', { name: 'Groups' }).getByRole('link', { name: 'Security South', exact: true }).click();
    const chart = plan.getByRole('figure', { name: 'Security South: lanes open' });
    await chart.locator('svg path').first().waitFor();
    expect(await chart.locator('svg .visx-axis-tick').count()).toBeGreaterThan(2);
    expect(await chart.locator('svg text').allTextContents()).toEqual(expect.arrayContaining(['Sized plan', 'Current plan', 'Terminal has']));
    await screenshot(page, '91-requirements-plan-group');
    await chart.screenshot({ path: resolve(import.meta.dirname, 'screenshots/92-requirements-chart.png') });

    const [download] = await Promise.all([page.waitForEvent('download'), plan.getByRole('button', { name: 'Plan as CSV' }).click()]);
    const csv = readFileSync((await download.path())!, 'utf8').split('\r\n');
    expect(csv[0]).toBe(
      'Group,Positions,Period,From,Positions open,Current plan,Terminal has,Verified within target (%),95% CI low (%),95% CI high (%),Search estimate (%),Verdict',
    );
    expect(csv.some((line) => line.startsWith('Security South,lanes,'))).toBe(true);
    // Every period of the plan was verified on fresh replications: a verdict each, none left unverified.
    const verdicts = csv
      .slice(1)
      .filter(Boolean)
      .map((line) => line.split(',').at(-1));
    expect(verdicts.length).toBeGreaterThan(100);
    expect(verdicts.every((v) => v === 'Met' || v === 'Too close to call' || v === 'Missed')).toBe(true);
    expect(verdicts.filter((v) => v === 'Met').length).toBeGreaterThan(verdicts.length / 2);
    await plan
      .getByText(/^Verified on \d+ fresh replications$/)
      .first()
      .waitFor();

    // Sized on the server, the plan is saved with the scenario already, named for its share and time.
    await page
      .getByRole('region', { name: 'Saved plans' })
      .getByText(/^95 % within target, /)
      .waitFor();
    await page.getByRole('button', { name: 'Apply to the scenario' }).click();
    await page.getByRole('button', { name: 'Re-run check-in allocation' }).click();
    await page.getByText('The check-in allocation is running with the applied plan').waitFor();
    const saved = await call<Array<{ name: string; applied: boolean }>>('GET', `sizing-plans/?scenario_id=${base.id}`);
    expect(saved.map((p) => p.applied)).toEqual([true]);
    await screenshot(page, '93-requirements-applied');

    // The allocation with the plan's counters, then the simulation of the applied plan.
    const allocation = await call<Array<{ kind: string; status: string; id: number }>>('GET', `jobs/?scenario_id=${base.id}`);
    const checkin = allocation.find((j) => j.kind === 'allocation-checkin' && j.status !== 'succeeded');
    if (checkin) await waitForServerJob(call, checkin.id, 'check-in allocation with the plan');
    await page.getByRole('link', { name: 'run the simulation' }).click();
    await page.getByRole('button', { name: 'Run simulation' }).waitFor({ timeout: 90_000 });
    await page.getByLabel('Replications').fill('8');
    await page.getByRole('button', { name: 'Run simulation' }).click();
    const los = page.getByRole('region', { name: 'Level of service', exact: true });
    await los.waitFor({ timeout: 120_000 });
    const [losCsv] = await Promise.all([page.waitForEvent('download'), los.getByRole('button', { name: 'Export Level of service as CSV' }).click()]);
    const rows = readFileSync((await losCsv.path())!, 'utf8')
      .split('\r\n')
      .slice(1)
      .filter(Boolean)
      .map((line) => line.split(','));
    expect(rows.length).toBe(4); // two islands, two checkpoints
    for (const row of rows) expect(Number(row[4]), `${row[0]}: ${row.join(',')}`).toBeGreaterThanOrEqual(95);
    await screenshot(page, '94-requirements-simulated');
  });

  it("sizes the demo day in this browser's own workers, a group per row with its chart", { timeout: 600_000 }, async () => {
    await demoClone('Browser-sized day');
    // A browser of its own, so this test does not depend on the one before.
    const own = await openPage(browser, server.baseUrl);
    const page = own.page;
    await signInThroughUi(page, DEMO_EMAIL, DEMO_PASSWORD);
    await page.getByRole('link', { name: 'Open New York JFK' }).click();
    await page.getByRole('button', { name: 'Select Browser-sized day' }).click();
    await page.getByRole('banner').getByText('Browser-sized day').waitFor();
    await page.goto('/app/simulation/requirements');
    await page.getByLabel('Share within target (%)').waitFor({ timeout: 90_000 });
    await page.getByLabel('Quick, in this browser').check();
    await page.getByRole('button', { name: 'Size to target' }).click();
    const plan = await shownPlan(page);
    expect(await plan.getByText(/^Verified on \d+ fresh replications$/).count()).toBe(8);
    await screenshot(page, '95-requirements-browser');
    await plan.getByRole('table', { name: 'Groups' }).getByRole('link', { name: 'Security North', exact: true }).click();
    await plan.getByRole('figure', { name: 'Security North: lanes open' }).locator('svg path').first().waitFor();
    // A group's notes by the dozen are one line each kind, naming its periods.
    for (const line of await plan.locator('.req-group__undecided > summary').allTextContents()) expect(line).toMatch(/^\d+ periods? \(\d\d:\d\d–/);
    await plan.locator('details.req-group[open]').screenshot({ path: resolve(import.meta.dirname, 'screenshots/96-requirements-group.png') });
    await own.context.close();
  });
});
