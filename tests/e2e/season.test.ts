// Design days in a real Chromium (issue 15): a planner keeps a five-week season through the import
// dialog (summarised by a job), opens the season overview, makes the 30th busiest day the design
// day and sees the scenario's flights change, grows it by 25 % and opens the grown scenario's
// flights.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chromiumAvailable, screenshot, selectDemoScenario, signInThroughUi } from '../support/browser';
import { onePage } from '../support/browserSuite';
import { jfkSeasonCsv } from '../support/seasonCsv';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../server/seed/demo';
import { JOBS_MS } from '../support/waits';

let page: Page;

describe.skipIf(!chromiumAvailable)('the season overview in a real browser', { timeout: JOBS_MS }, () => {
  onePage(async (opened) => {
    ({ page } = opened);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInThroughUi(page, DEMO_EMAIL, DEMO_PASSWORD);
    await selectDemoScenario(page);
  });

  it('keeps a season, makes its 30th busiest day the design day, and grows it into a new scenario', async () => {
    // 35 days from 2 January 2017: 292 departures, 5 fewer each day (7,245 in all: a job).
    const file = join(mkdtempSync(join(tmpdir(), 'season-e2e-')), 'jfk-jan-feb-2017.csv');
    writeFileSync(file, jfkSeasonCsv(35, 5));

    await page.goto('/app/allocation/flight');
    await page.getByText('292 flights').waitFor();
    await page.getByRole('button', { name: 'Import schedule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import schedule' });
    await dialog.getByLabel('Schedule file').setInputFiles(file);
    await dialog.getByLabel(/^Keep as a season/).check();
    expect(await dialog.getByLabel('From').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await dialog.getByText('Kept as a season: 7245 departures.').waitFor({ timeout: 60_000 });
    await dialog.getByRole('link', { name: 'Open the season overview' }).click();

    await page.getByRole('heading', { name: 'Season overview' }).waitFor();
    await page.getByText('jfk-jan-feb-2017.csv: 35 days from 2017-01-02 to 2017-02-05, departures at JFK in America/New_York time.').waitFor();
    const busiest = page.getByRole('region', { name: 'The 30 busiest days' });
    expect(await busiest.locator('tbody tr').count()).toBe(30);
    expect(await busiest.locator('tbody tr').first().locator('td').allTextContents()).toEqual(expect.arrayContaining(['1', '2017-01-02', 'Mon', '292']));
    await screenshot(page, '95-season-overview');

    // The 30th busiest: 29 days after the busiest, 292 - 145 = 147 departures.
    const panel = page.getByRole('region', { name: 'Design day' });
    await panel.getByLabel('Rule').selectOption('nth-busiest');
    await panel.getByLabel('N', { exact: true }).fill('30');
    await panel.getByRole('button', { name: 'Make it the design day' }).click();
    const confirm = page.getByRole('dialog', { name: "Replace the scenario's flights?" });
    expect(await confirm.textContent()).toContain("The scenario's 292 flights are replaced");
    await confirm.getByRole('button', { name: 'Make it the design day' }).click();
    await panel.getByText(/^2017-01-31 is the design day now: 147 flights imported \(the 30th busiest of 35 days/).waitFor();
    await page.getByText(/^Design day 2017-01-31 from jfk-jan-feb-2017\.csv: the 30th busiest of 35 days/).waitFor();
    await page.getByRole('region', { name: 'Peak hours of 2017-01-31' }).waitFor();
    await screenshot(page, '96-season-design-day');
    // On a 1024-pixel screen the overview fits without scrolling sideways.
    await page.setViewportSize({ width: 1024, height: 768 });
    // (The chart follows its card's width once the browser has laid the page out again.)
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await screenshot(page, '96-season-design-day-1024');
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.getByRole('link', { name: 'Flights' }).first().click();
    await page.getByText('147 flights', { exact: true }).waitFor();
    await page.getByText(/^Design day 2017-01-31 from jfk-jan-feb-2017\.csv: the 30th busiest/).waitFor();

    await page.getByRole('link', { name: 'Season overview' }).click();
    const grow = page.getByRole('region', { name: 'Grow the design day' });
    await grow.getByLabel('New scenario').fill('Growth 2035');
    await grow.getByLabel('Year').fill('2035');
    await grow.getByLabel('Growth factor').fill('1.25');
    await grow.getByRole('button', { name: 'Grow' }).click();
    const created = grow.getByText(/^Growth 2035 created: \d+ flights added/);
    await created.waitFor();
    const added = Number(/created: (\d+) flights added/.exec((await created.textContent()) ?? '')![1]);
    expect(added).toBeGreaterThanOrEqual(Math.floor(147 * 0.25) - 6);
    await screenshot(page, '97-season-grown');
    await grow.getByRole('button', { name: 'Open Growth 2035' }).click();
    await page.getByRole('banner').getByText('Growth 2035').waitFor();
    await page.getByText(`${147 + added} flights`, { exact: true }).waitFor();
    await page.getByText(new RegExp(`^Grown from Design day 2017-01-02 for 2035 by × 1.25, seed 1: ${added} new flights\\.$`)).waitFor();
    await screenshot(page, '98-grown-scenario-flights');
  });
});
