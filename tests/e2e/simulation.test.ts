// End to end in a real Chromium against the real server (issue 7, simulation): on the demo
// scenario with its check-in and make-up allocations run through the API, the planner runs the
// simulation with two replications in the browser's workers, sees the charts and the LoS table,
// exports the table as CSV, saves the run; a clone of the scenario with slower security lanes is
// run and saved too, and the two are compared.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { chromiumAvailable, screenshot, signInThroughUi } from '../support/browser';
import { runServerJob, serverApi, signInToServer, type ServerApi, type TestServer } from '../support/testServer';
import { onePage } from '../support/browserSuite';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../server/seed/demo';
import { JOBS_MS } from '../support/waits';

let server: TestServer;
let page: Page;

let call: ServerApi;

async function simulate(replications: number): Promise<void> {
  await page.getByRole('button', { name: 'Run simulation' }).waitFor();
  await page.getByLabel('Replications').fill(String(replications));
  await page.getByRole('button', { name: 'Run simulation' }).click();
  await page.getByRole('region', { name: 'Level of service', exact: true }).waitFor({ timeout: 90_000 });
}

async function saveRun(name: string): Promise<void> {
  await page.getByLabel('Run name').fill(name);
  await page.getByRole('button', { name: 'Save run' }).click();
  await page.getByText(`Showing the saved run “${name}”.`).waitFor();
}

describe.skipIf(!chromiumAvailable)('the simulation screen in a real browser', { timeout: JOBS_MS }, () => {
  onePage(async (opened) => {
    ({ server, page } = opened);
    call = serverApi(server.baseUrl, await signInToServer(server.baseUrl));
  });

  it('runs the demo day with two replications, exports the LoS table, saves, and compares with a clone', async () => {
    const projects = await call<Array<{ id: number; name: string }>>('GET', 'projects/');
    const project = projects.find((p) => p.name === 'New York JFK')!;
    const scenarios = await call<Array<{ id: number; name: string }>>('GET', `scenarios/?project_id=${project.id}`);
    const base = scenarios.find((s) => s.name === 'Design day 2017-01-02')!;
    await runServerJob(call, `allocation/run/checkin/?scenario_id=${base.id}&time_limit_s=2`);
    await runServerJob(call, `allocation/run/makeup/?scenario_id=${base.id}&time_limit_s=2`);

    await signInThroughUi(page, DEMO_EMAIL, DEMO_PASSWORD);

    await page.goto('/app/simulation');
    // The first visit loads the screen's code; on a busy machine that can take a while.
    await page.getByText('No scenario selected.').waitFor({ timeout: 90_000 });
    await page.getByRole('link', { name: 'Choose a project and select a scenario' }).click();
    await page.getByRole('link', { name: 'Open New York JFK' }).click();
    await page.getByRole('button', { name: 'Select Design day 2017-01-02' }).click();
    await page.getByRole('banner').getByText('Design day 2017-01-02').waitFor();

    await page.goto('/app/simulation');
    const summary = page.getByLabel('What will run');
    await summary.getByRole('listitem').first().waitFor();
    expect(await summary.textContent()).toMatch(/292 departures/);
    expect(await summary.textContent()).not.toMatch(/\b0 counter allocations/);
    await page.getByText('Flow used: the default flow').waitFor();
    await screenshot(page, '70-simulation-setup');

    await simulate(2);
    for (const title of [
      'Check-in queue length',
      'Security queue length',
      'Waiting-time distribution',
      'Utilisation over time',
      'Utilisation per resource over time',
      'Resource utilisation',
      'Missed passengers per flight',
      'Bags reaching make-up',
    ]) {
      const figure = page.getByRole('figure', { name: title });
      await figure.waitFor();
      // A drawn chart: its SVG has lines or bars and axis tick labels.
      await figure.locator('svg path, svg rect').first().waitFor();
      expect(await figure.locator('svg .visx-axis-tick').count(), title).toBeGreaterThan(2);
    }
    const los = page.getByRole('region', { name: 'Level of service', exact: true });
    expect(await los.getByRole('row').count()).toBe(5); // header, two islands, two security lanes
    // Every column fits the card at 1280 px: the headings wrap instead of the table scrolling sideways.
    const frame = los.locator('.sim-table__frame');
    expect(await frame.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    await los.getByRole('cell', { name: 'Check-in Island 1' }).waitFor();
    await los.getByRole('cell', { name: 'Security South' }).waitFor();
    // The space each queue's passengers meet, in a table of its own that fits too.
    const space = page.getByRole('region', { name: 'Space level of service' });
    expect(await space.getByRole('row').count()).toBe(5);
    expect(await space.locator('.sim-table__frame').evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    await screenshot(page, '71-simulation-results');

    // Utilisation over time: one line per queue; per counter of a chosen queue as a heatmap.
    const utilisation = page.getByRole('figure', { name: 'Utilisation over time' });
    expect(await utilisation.locator('svg text').allTextContents()).toEqual(expect.arrayContaining(['Check-in Island 1', 'Security South']));
    const heatmap = page.getByRole('figure', { name: 'Utilisation per resource over time' });
    await heatmap.getByLabel('Queue of the resources').selectOption('Check-in Island 1');
    await heatmap.getByText('1-01', { exact: true }).waitFor();
    const cell = heatmap.locator('svg rect title').first();
    expect(await cell.textContent()).toMatch(/^1-\d\d \d\d:\d\d: \d+$/);
    await heatmap.screenshot({ path: resolve(import.meta.dirname, 'screenshots/73-simulation-utilisation-heatmap.png') });
    await utilisation.screenshot({ path: resolve(import.meta.dirname, 'screenshots/74-simulation-utilisation.png') });
    await page
      .getByRole('figure', { name: 'Resource utilisation' })
      .screenshot({ path: resolve(import.meta.dirname, 'screenshots/75-simulation-utilisation-bars.png') });

    const [download] = await Promise.all([page.waitForEvent('download'), los.getByRole('button', { name: 'Export Level of service as CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/Level-of-service\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8').split('\r\n');
    expect(csv[0]).toBe(
      'Queue,Process,Target (min),Mean passengers served,Within target (%),Within target 95% CI low (%),Within target 95% CI high (%),' +
        'Mean wait (min),P90 wait (min),P95 wait (min),Max wait (min),Mean max queue (pax),Mean missed (pax)',
    );
    const island = csv.find((line) => line.startsWith('Check-in Island 1,'))!.split(',');
    expect(island[1]).toBe('Check-in (economy)');
    expect(island[2]).toBe('20');
    expect(Number(island[3])).toBeGreaterThan(1000);
    expect(Number(island[4])).toBeGreaterThanOrEqual(0);
    expect(Number(island[4])).toBeLessThanOrEqual(100);
    expect(csv.filter((line) => line.startsWith('Security ')).length).toBe(2);

    await saveRun('Base case');
    const saved = await call<Array<{ id: number; name: string; results: { output: { replications: number } } }>>(
      'GET',
      `simulation-runs/?scenario_id=${base.id}`,
    );
    expect(saved.map((r) => [r.name, r.results.output.replications])).toEqual([['Base case', 2]]);

    // A clone whose security lanes take 36 s instead of 24 s a passenger.
    const clone = await call<{ id: number; name: string }>('POST', `scenarios/${base.id}/clone/`, { name: 'Slower security' });
    const resources = await call<Array<{ id: number; resource_type: string }>>('GET', `allocation/resource/?scenario_id=${clone.id}`);
    for (const lane of resources.filter((r) => r.resource_type === 'security')) {
      await call('PATCH', `allocation/resource/${lane.id}/`, { service_mean_seconds: 36 });
    }
    await page.goto('/app/projects');
    await page.getByRole('link', { name: 'Open New York JFK' }).click();
    await page.getByRole('button', { name: 'Select Slower security' }).click();
    await page.getByRole('banner').getByText('Slower security').waitFor();
    await page.goto('/app/simulation');
    await simulate(2);
    await saveRun('Slower lanes');

    await page.getByLabel('Compare the shown run with').selectOption(String(saved[0].id));
    await page.getByRole('button', { name: 'Compare', exact: true }).click();
    const differences = page.getByRole('region', { name: 'Differences' });
    await differences.waitFor();
    await page.getByRole('figure', { name: 'Check-in queue length, this run and base' }).locator('svg path').first().waitFor();
    const southRow = differences.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Security South', exact: true }) });
    const cells = await southRow.getByRole('cell').allTextContents();
    // Mean wait of this run (slower lanes) against the base (base case): slower lanes wait longer,
    // so the change (this run minus base) is positive and reads as worse, in red.
    expect(parseFloat(cells[1])).toBeGreaterThan(parseFloat(cells[2]));
    expect(parseFloat(cells[3])).toBeGreaterThan(0);
    expect(cells[3]).toMatch(/\(worse\)$/);
    expect(await southRow.getByRole('cell').nth(3).getAttribute('class')).toContain('sim-table__worse');
    await screenshot(page, '72-simulation-compare');
    await differences.screenshot({ path: resolve(import.meta.dirname, 'screenshots/76-simulation-differences.png') });
  });
});
