// End to end in two real browsers on one server (issue 35, live updates): the demo planner and a
// colleague who views the demo project have the make-up Gantt of the same scenario open; the
// planner drags a bar to another position, and the colleague's Gantt shows it where it now is within 2 seconds,
// without a reload; the colleague, a viewer, cannot move it. Each sees the other in the top bar.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { chromiumAvailable, framesDrawn, openPage, screenshot, selectDemoScenario, signInThroughUi } from '../support/browser';
import { onePage } from '../support/browserSuite';
import { findFreeMove } from '../support/gantt';
import { demoDesignDay, runServerJob, serverApi, signInToServer, type TestServer } from '../support/testServer';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../server/seed/demo';
import { JOBS_MS } from '../support/waits';

const VIEWER = { email: 'colleague@example.com', password: 'colleague pass' };
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
    const scenario = await demoDesignDay(call);
    const { project_id } = await call<{ project_id: number }>('GET', `scenarios/${scenario.id}/`);
    await call('PUT', `projects/${project_id}/members/`, { email: VIEWER.email, role: 'viewer' });
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
});
