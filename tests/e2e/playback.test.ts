// End to end in a real Chromium (issue 16, playback): the demo day, allocated through the API, is
// simulated with two replications in the browser; on the Playback tab the planner moves the slider
// to the morning peak and sees the busiest check-in island's queue grow, plays for a few seconds,
// clicks a queue for its charts and exports a snapshot of the hall.
import { describe, expect, it } from 'vitest';
import { chromiumAvailable, screenshot, selectDemoScenario, signInThroughUi } from '../support/browser';
import { browserSuite } from '../support/browserSuite';
import { demoDesignDay, runServerJob } from '../support/testServer';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../server/seed/demo';
import { JOBS_MS } from '../support/waits';

const suite = browserSuite();

/** Passengers waiting in each check-in island of the hall view at the minute shown. */
async function hallQueues(): Promise<Record<string, number>> {
  const zones = suite.page.getByRole('figure', { name: /^Check-in hall at/ }).locator('[data-floor-queue]');
  const entries = await zones.evaluateAll((els) => els.map((el) => [el.getAttribute('data-floor-queue')!, Number(el.getAttribute('data-waiting'))] as const));
  return Object.fromEntries(entries);
}

async function seek(time: string, minute: number): Promise<void> {
  await suite.page.getByLabel('Time of day').fill(String(minute));
  await suite.page.getByLabel('Clock').getByText(time).waitFor();
}

describe.skipIf(!chromiumAvailable)('the playback of a run in a real browser', { timeout: JOBS_MS }, () => {
  it('plays the demo day: the busiest island fills towards the check-in peak, a queue shows its charts, the hall exports', async () => {
    const { page, call } = suite;
    await runServerJob(call, `allocation/run/checkin/?scenario_id=${(await demoDesignDay(call)).id}&time_limit_s=2`);

    await signInThroughUi(page, DEMO_EMAIL, DEMO_PASSWORD);
    await selectDemoScenario(page);
    await page.goto('/app/simulation');
    await page.getByRole('button', { name: 'Run simulation' }).waitFor({ timeout: 90_000 });
    expect(await page.getByLabel('Keep the playback (minute by minute)').isChecked()).toBe(true);
    await page.getByLabel('Replications').fill('2');
    await page.getByRole('button', { name: 'Run simulation' }).click();
    await page.getByRole('region', { name: 'Level of service', exact: true }).waitFor({ timeout: 90_000 });

    await page.getByRole('tab', { name: 'Playback' }).click();
    const flow = page.getByRole('figure', { name: /^Flow at/ });
    await flow.waitFor();
    // Every simulated queue is on the flow: the two check-in islands and the two security lanes.
    expect(await flow.locator('[data-queue]').count()).toBe(4);

    // The hall at 04:00 (before the first bank), on each hour of the day, and at the peak. Which
    // bank's queue is longest depends on the islands the time-limited allocation placed each
    // airline's counters in (the same code peaked before noon in one run and at 14:05 in a later
    // one, on another machine): the peak is where the most wait, whenever it is.
    const total = (queues: Record<string, number>) => Object.values(queues).reduce((a, b) => a + b, 0);
    await seek('04:00', 240);
    const early = await hallQueues();
    const hourly: number[] = [];
    for (let hour = 5; hour <= 22; hour++) {
      await seek(`${String(hour).padStart(2, '0')}:00`, hour * 60);
      hourly.push(total(await hallQueues()));
    }
    await page.getByRole('button', { name: 'Go to the check-in peak' }).click();
    const peak = await hallQueues();
    const busiest = Object.keys(peak).sort((a, b) => peak[b] - peak[a])[0];
    expect(peak[busiest]).toBeGreaterThan(early[busiest] + 10);
    expect(total(peak)).toBeGreaterThanOrEqual(Math.max(...hourly));
    const clockAtPeak = await page.getByLabel('Clock').textContent();
    const [h] = clockAtPeak!.split(':').map(Number);
    expect(h, `the check-in peak at ${clockAtPeak}`).toBeGreaterThanOrEqual(4);
    // Its counters are drawn in island order, some of them busy at the peak.
    const hall = page.getByRole('figure', { name: /^Check-in hall at/ });
    expect(await hall.locator(`[data-floor-queue="${busiest}"] [data-state="busy"]`).count()).toBeGreaterThan(0);
    expect(await hall.locator(`[data-floor-queue="${busiest}"] circle`).count()).toBe(Math.min(600, peak[busiest]));
    await screenshot(page, '120-playback-peak');

    // Playing moves the clock on at the chosen speed.
    await seek('06:00', 360);
    await page.getByLabel('Speed').selectOption({ label: '30 minutes per second' });
    const minutesShown = async () => {
      const [ph, pm] = (await page.getByLabel('Clock').textContent())!.split(':').map(Number);
      return ph * 60 + pm - 360;
    };
    const started = Date.now();
    await page.getByRole('button', { name: 'Play' }).click();
    // Half an hour of the day takes a second at this speed (more on a busy machine, never less).
    await expect.poll(minutesShown, { timeout: 10_000 }).toBeGreaterThanOrEqual(30);
    await page.getByRole('button', { name: 'Pause' }).click();
    const seconds = (Date.now() - started) / 1000;
    expect(await minutesShown(), `minutes played in ${seconds} s at 30 per second`).toBeLessThanOrEqual(30 * seconds + 30);

    // A queue clicked shows its charts around the minute shown.
    await page.getByRole('button', { name: new RegExp(`^${busiest}:`) }).click();
    const details = page.getByRole('region', { name: new RegExp(`^${busiest} at`) });
    await details.waitFor();
    await details.locator('svg path').first().waitFor();
    await screenshot(page, '121-playback-details');

    // The hall exports as a PNG snapshot of the minute shown.
    const [download] = await Promise.all([page.waitForEvent('download'), hall.getByRole('button', { name: /as PNG$/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/check-in-hall-at-\d\d-\d\d\.png$/);
  });
});
