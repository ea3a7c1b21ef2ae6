// End to end in two real browsers on one server (issue 35, live updates): the demo planner and a
// colleague who views the demo project have the make-up Gantt of the same scenario open; the
// planner drags a bar to another position, and the colleague's Gantt shows it where it now is within 2 seconds,
// without a reload; the colleague, a viewer, cannot move it. Each sees the other in the top bar.
// Then an editing colleague changes the times of the bar the planner is dragging, in the table
// under the Gantt: the planner's drop is refused with who changed it, their times shown, and the
// planner's move made again keeps both.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { chromiumAvailable, framesDrawn, openPage, screenshot, selectDemoScenario, signInThroughUi } from '../support/browser';
import { onePage } from '../support/browserSuite';
import { findFreeMove } from '../support/gantt';
import { demoDesignDay, runServerJob, serverApi, signInToServer, type TestServer } from '../support/testServer';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../server/seed/demo';
import { clockLabel } from '../../workers/report/time';
import { formatMinutes, parseMinutes } from '../../src/charts/timeFormat';
import { JOBS_MS } from '../support/waits';

const VIEWER = { email: 'colleague@example.com', password: 'colleague pass' };
const EDITOR = { email: 'editor@example.com', password: 'editor pass' };
/** The bound: another planner's change shows within this, from the moment it is saved. */
const LIVE_MS = 2_000;

let server: TestServer;
let browser: Browser;
let planner: Page;

async function openMakeupGantt(page: Page, email: string, password: string): Promise<void> {
  await signInThroughUi(page, email, password);
  await selectDemoScenario(page);
  await page.goto('/app/allocation/makeup');
  await page.locator('[data-bar]').first().waitFor();
}

describe.skipIf(!chromiumAvailable)('two planners on one scenario', { timeout: JOBS_MS }, () => {
  onePage((opened) => {
    ({ server, browser, page: planner } = opened);
  });

  beforeAll(async () => {
    const call = serverApi(server.baseUrl, await signInToServer(server.baseUrl));
    await server.createUser(VIEWER.email, VIEWER.password);
    await server.createUser(EDITOR.email, EDITOR.password);
    const scenario = await demoDesignDay(call);
    const { project_id } = await call<{ project_id: number }>('GET', `scenarios/${scenario.id}/`);
    await call('PUT', `projects/${project_id}/members/`, { email: VIEWER.email, role: 'viewer' });
    await call('PUT', `projects/${project_id}/members/`, { email: EDITOR.email, role: 'editor' });
    await runServerJob(call, `allocation/run/makeup/?scenario_id=${scenario.id}&time_limit_s=2`);
  }, JOBS_MS);

  it("shows the planner's move on a viewer's open Gantt within 2 s, and the viewer can move nothing", async () => {
    const { page: viewer, context } = await openPage(browser, server.baseUrl);
    await openMakeupGantt(planner, DEMO_EMAIL, DEMO_PASSWORD);
    await openMakeupGantt(viewer, VIEWER.email, VIEWER.password);

    // Each sees the other in the top bar.
    await planner
      .getByRole('banner')
      .getByRole('list', { name: `Also here: ${VIEWER.email}` })
      .waitFor();
    await viewer
      .getByRole('banner')
      .getByRole('list', { name: /^Also here: / })
      .waitFor();

    // The planner drags a bar to a free position lane.
    const move = await findFreeMove(planner);
    const id = move.id;
    const theirs = viewer.locator(`[data-bar="${id}"]`);
    const before = await theirs.getAttribute('aria-label');
    await planner.mouse.move(move.from.x + move.from.width / 2, move.from.grabY);
    await planner.mouse.down();
    await planner.mouse.move(move.to.x, move.to.y, { steps: 10 });
    await planner.mouse.up();
    await planner.getByText(/moved and locked\.$/).waitFor();
    const saved = Date.now();
    const moved = await planner.locator(`[data-bar="${id}"]`).getAttribute('aria-label');
    expect(moved).not.toBe(before);
    expect(moved).toMatch(/, locked$/);
    await expect.poll(() => theirs.getAttribute('aria-label'), { timeout: LIVE_MS }).toBe(moved);
    console.info(`the move showed on the other browser ${Date.now() - saved} ms after it was saved`);
    await screenshot(viewer, '47-makeup-gantt-live');

    // A viewer is not told to drag; their keys move nothing, and nothing is saved.
    expect(await viewer.getByText(/^View only · /).count()).toBe(1);
    expect(await planner.getByText(/^Drag a bar to move it · /).count()).toBe(1);
    await theirs.focus();
    await viewer.keyboard.press('ArrowLeft');
    await framesDrawn(viewer);
    expect(await theirs.getAttribute('aria-label')).toBe(moved);
    expect(await viewer.getByText(/moved and locked\.$/).count()).toBe(0);
    await context.close();
  });

  it("refuses the planner's drop of a bar whose times a colleague changed in the table meanwhile, says who, and loses neither change", async () => {
    const { page: mover, context: moversContext } = await openPage(browser, server.baseUrl);
    const { page: colleague, context } = await openPage(browser, server.baseUrl);
    await openMakeupGantt(mover, DEMO_EMAIL, DEMO_PASSWORD);
    await openMakeupGantt(colleague, EDITOR.email, EDITOR.password);
    const move = await findFreeMove(mover);
    const bar = mover.locator(`[data-bar="${move.id}"]`);
    // "AA 100 Y: AA 100 · segregation Y, 50 bags · 2 containers, 02:35–04:25 · Carousel 1 P1, STD 05:05"
    const [, what, where] = /^(.*?): .* · (.+?), STD /.exec((await bar.getAttribute('aria-label'))!)!;
    const row = `${what}, ${where}`;

    // The planner takes hold of the bar.
    await mover.mouse.move(move.from.x + move.from.width / 2, move.from.grabY);
    await mover.mouse.down();
    await mover.mouse.move(move.from.x + move.from.width / 2 + 6, move.from.grabY + 4, { steps: 3 });
    // Meanwhile the colleague opens the same allocation ten minutes later, typed in the table.
    await colleague.getByRole('searchbox', { name: 'Find a flight in the table' }).fill(what);
    const opens = colleague.getByLabel(`Opens, ${row}`, { exact: true });
    const later = parseMinutes(await opens.inputValue())! + 10;
    await opens.fill(formatMinutes(later));
    await colleague.getByRole('button', { name: `Save ${row}`, exact: true }).click();
    await colleague.getByRole('button', { name: `Save ${row}`, exact: true }).waitFor({ state: 'detached' });
    // Held on the planner's screen while the bar is held, then the drop is refused, naming who.
    await mover.getByRole('status').getByText('Changed by someone else: shown once you let go').waitFor();
    await mover.mouse.move(move.to.x, move.to.y, { steps: 10 });
    await mover.mouse.up();
    const alert = mover.getByRole('alert').filter({ hasText: 'not moved' });
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(new RegExp(`not moved: Changed by ${EDITOR.email} at \\d\\d:\\d\\d( [AP]M)? since you opened it`));
    // The colleague's times are on the planner's chart, where the bar was.
    await expect.poll(() => bar.getAttribute('aria-label')).toContain(`${clockLabel(later)}–`);
    expect(await bar.getAttribute('aria-label')).toContain(` · ${where}, STD `);

    // The planner makes their move again, on the colleague's times: both changes are kept.
    // The refusal's words above the chart have moved it down: the same lane, as far from the bar.
    const box = (await bar.boundingBox())!;
    await mover.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await mover.mouse.down();
    await mover.mouse.move(box.x + box.width / 2, box.y + move.to.y - move.from.y, { steps: 10 });
    await mover.mouse.up();
    await mover.getByText(/moved and locked\.$/).waitFor();
    const moved = (await bar.getAttribute('aria-label'))!;
    expect(moved).toContain(`${clockLabel(later)}–`);
    expect(moved).not.toContain(` · ${where}, STD `);
    // The colleague's Gantt shows the move within 2 s.
    await expect.poll(() => colleague.locator(`[data-bar="${move.id}"]`).getAttribute('aria-label'), { timeout: LIVE_MS }).toBe(moved);
    await screenshot(colleague, '48-allocation-times-table');
    await Promise.all([context.close(), moversContext.close()]);
  });
});
