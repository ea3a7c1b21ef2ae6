// End to end in a real Chromium against the real server (issue 7, baggage allocation): the demo
// planner runs the make-up and check-in allocations from the configuration screen and sees both
// jobs succeed (check-in per airline, every window placed), sees the bars on the make-up Gantt,
// drags one to a free position and finds it there and locked after a reload, regenerates
// segregations and runs the make-up allocation again (each asking first what it replaces) and
// finds the locked bar where it was, is asked before the import rules overwrite a value typed on
// a flight, does the same drag with an airline's common check-in block on the check-in counter
// Gantt, and sees the container totals.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { chromiumAvailable, screenshot, selectDemoScenario, signInThroughUi } from '../support/browser';
import { barWithRoomAfter, findFreeMove } from '../support/gantt';
import { serverApi, signInToServer, type TestServer } from '../support/testServer';
import { onePage } from '../support/browserSuite';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../server/seed/demo';
import { JOBS_MS } from '../support/waits';

let server: TestServer;

let page: Page;
/** The make-up bar the planner dragged (and so locked), and its label (flight and segregation). */
let lockedBar: string;
let lockedLabel: string;

async function signInAndSelectDemo(): Promise<void> {
  await signInThroughUi(page, DEMO_EMAIL, DEMO_PASSWORD);
  await selectDemoScenario(page);
}

/**
 * Runs a card's allocation with a time limit: the check-in one long enough for a layout with free
 * counters in view (the Gantt test drags a block there; after 3 s it could leave none).
 */
async function runJob(card: Locator, button: string, timeLimitS: number): Promise<string> {
  await card.getByLabel('Time limit (s)').fill(String(timeLimitS));
  await card.getByRole('button', { name: button }).click();
  await card.locator('.badge--succeeded, .badge--failed').waitFor({ timeout: 90_000 });
  expect(await card.locator('.badge').textContent()).toBe('succeeded');
  return (await card.getByRole('status').textContent()) ?? '';
}

/**
 * Finds the locked bar with the Gantt's find box, as a planner would once other lanes have pushed
 * it out of view, and answers it (focused, so in view).
 */
async function findLockedBar(): Promise<Locator> {
  await page.locator('[data-bar]').first().waitFor();
  const find = page.getByRole('searchbox', { name: 'Find a flight or airline' });
  await find.fill(lockedLabel);
  const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-bar'));
  for (let tries = 0; tries < 10 && (await focused()) !== lockedBar; tries++) {
    await find.press('Enter');
    await expect.poll(focused).not.toBeNull();
  }
  expect(await focused()).toBe(lockedBar);
  return page.locator(`[data-bar="${lockedBar}"]`);
}

/**
 * Drags a bar to a free place in view (`whileDragging` runs with the button still down), waits
 * for the `saved` message and checks that the bar has moved, is locked, and stays so after a
 * reload; answers its id.
 */
async function dragToFreePlace(saved: RegExp, whileDragging?: () => Promise<unknown>, reveal?: () => Promise<void>): Promise<string> {
  await reveal?.();
  const move = await findFreeMove(page);
  const bar = page.locator(`[data-bar="${move.id}"]`);
  const before = await bar.getAttribute('aria-label');
  await page.mouse.move(move.from.x + move.from.width / 2, move.from.grabY);
  await page.mouse.down();
  await page.mouse.move(move.to.x, move.to.y, { steps: 10 });
  await whileDragging?.();
  await page.mouse.up();
  await page.getByText(saved).waitFor();
  const after = await bar.getAttribute('aria-label');
  expect(after).not.toBe(before);
  expect(after).toMatch(/, locked$/);
  await page.reload();
  await page.locator('[data-bar]').first().waitFor();
  await reveal?.();
  await bar.waitFor();
  expect(await bar.getAttribute('aria-label')).toBe(after);
  return move.id;
}

describe.skipIf(!chromiumAvailable)('baggage allocation in a real browser', { timeout: JOBS_MS }, () => {
  onePage(async (opened) => {
    ({ server, page } = opened);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAndSelectDemo();
  });

  it('runs the make-up and check-in allocations from the configuration screen', async () => {
    await page.goto('/app/allocation/config');
    await page.getByRole('heading', { name: 'Baggage configuration' }).waitFor();
    await page.getByRole('table', { name: 'Resources' }).waitFor();
    // At 1024 px the page does not scroll sideways: wide tables scroll inside their cards.
    await page.setViewportSize({ width: 1024, height: 900 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await page.setViewportSize({ width: 1440, height: 900 });
    const makeup = await runJob(page.getByRole('region', { name: 'Make-up allocation' }), 'Run make-up allocation', 3);
    expect(makeup).toMatch(/^\d+ placed, \d+ not placed/);
    const card = page.getByRole('region', { name: 'Check-in counter allocation' });
    expect(await card.getByLabel('Counters per').inputValue()).toBe('airline');
    const checkin = await runJob(card, 'Run check-in allocation', 10);
    // Common check-in places every airline's windows on the demo day.
    expect(checkin).toMatch(/^\d+ airline windows placed, 0 not placed · common check-in for 292 departures/);
    await screenshot(page, '40-allocation-configuration');
  });

  it('shows the make-up Gantt and keeps a dragged bar on its new position, locked, after a reload', async () => {
    await page.goto('/app/allocation/makeup');
    await page.getByRole('heading', { name: 'Make-up Gantt' }).waitFor();
    await page.locator('[data-bar]').first().waitFor();
    expect(await page.locator('[data-bar]').count()).toBeGreaterThan(20);
    // American, JetBlue and Delta are all blues: the key shows colours told apart.
    const key = page.getByRole('list', { name: 'Airline colours' });
    expect(await key.getByRole('listitem').allTextContents()).toEqual(expect.arrayContaining([' AA', ' B6', ' DL']));
    const swatches = await key.locator('i').evaluateAll((els) => els.map((el) => getComputedStyle(el).backgroundColor));
    expect(new Set(swatches).size).toBe(swatches.length);
    await screenshot(page, '41-makeup-gantt');

    const moved = await dragToFreePlace(/moved and locked\.$/, () => screenshot(page, '42-makeup-gantt-dragging'));
    await page.locator(`[data-bar="${moved}"]`).hover();
    await page.getByRole('tooltip').waitFor();
    expect(await page.getByRole('tooltip').textContent()).toMatch(/bags · \d+ containers?/);
    await screenshot(page, '43-makeup-gantt-after-reload');
    lockedBar = moved;
    lockedLabel = (await page.locator(`[data-bar="${moved}"]`).getAttribute('aria-label'))!.split(': ')[0];
  });

  it("refuses a move that closes a bar later than its make-up rule, in the rule's words, and puts it back", async () => {
    // A bar the job placed (its rule's window exactly) with room after it on its lane: moved 5
    // minutes later by key, it would close 5 minutes too late.
    const id = await barWithRoomAfter(page, lockedBar);
    const bar = page.locator(`[data-bar="${id}"]`);
    const before = await bar.getAttribute('aria-label');
    await bar.focus();
    await page.keyboard.press('ArrowRight');
    const alert = page.getByRole('alert').filter({ hasText: 'not moved' });
    await alert.waitFor();
    const [, closes, rule] =
      /not moved: Closes (\d+) minutes before STD; its make-up rule closes it at least (\d+) minutes before STD\.$/.exec((await alert.textContent()) ?? '') ??
      [];
    expect(Number(closes)).toBe(Number(rule) - 5);
    await screenshot(page, '44-makeup-gantt-rule-refused');
    await expect.poll(() => bar.getAttribute('aria-label')).toBe(before);
  });

  it("holds another planner's change of a bar while it is dragged, then refuses the drop, moves nothing, and takes their change in", async () => {
    const id = await barWithRoomAfter(page, lockedBar);
    const bar = page.locator(`[data-bar="${id}"]`);
    const before = await bar.getAttribute('aria-label');
    const box = (await bar.boundingBox())!;
    // The planner holds the bar; meanwhile another planner changes the same allocation.
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    const colleague = serverApi(server.baseUrl, await signInToServer(server.baseUrl));
    const theirs = await colleague<{ bags: number; version: number }>('GET', `allocation/baggage-allocation/${id}/`);
    await colleague('PATCH', `allocation/baggage-allocation/${id}/`, { bags: theirs.bags + 1 });
    // Their change has reached this page, which holds it back while the bar is held.
    await page.getByRole('status').getByText('Changed by someone else: shown once you let go').waitFor();
    expect(await bar.getAttribute('aria-label')).toBe(before);
    await page.mouse.move(box.x + box.width / 2 + 12, box.y + box.height / 2, { steps: 4 });
    await page.mouse.up();
    const alert = page.getByRole('alert').filter({ hasText: 'not moved' });
    await alert.waitFor();
    // Who changed it (the colleague signed in as the demo planner), and when, from the History.
    expect(await alert.textContent()).toMatch(/not moved: Changed by Demo Planner at \d\d:\d\d( [AP]M)? since you opened it/);
    // Where it was, with the other planner's bags.
    await expect.poll(() => bar.getAttribute('aria-label')).toBe(before!.replace(`, ${theirs.bags} bags`, `, ${theirs.bags + 1} bags`));
    const now = await colleague<{ bags: number; version: number; start: string }>('GET', `allocation/baggage-allocation/${id}/`);
    expect([now.bags, now.version]).toEqual([theirs.bags + 1, theirs.version + 1]);
    // Their row is the page's now: the same move, made against it, is judged on its merits (it
    // would close too late for its make-up rule, as above).
    await bar.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await alert.textContent()) ?? '').toMatch(/not moved: Closes \d+ minutes before STD/);
  });

  it('shows a segregation without a position in the lanes above the positions, and places it where it is dragged', async () => {
    const api = serverApi(server.baseUrl, await signInToServer(server.baseUrl, DEMO_EMAIL, DEMO_PASSWORD));
    const scenarioId = Number(await page.evaluate(() => JSON.parse(localStorage.getItem('airport_planner_scenario') ?? 'null')?.scenarioId));
    type Row = { id: number; segregation_id: number; resource_id: number; position_index: number; locked: boolean };
    const rows = await api<Row[]>('GET', `allocation/baggage-allocation/?scenario_id=${scenarioId}`);
    // A segregation on one position, taken off it (as when the job found no room for it).
    const single = rows.find((r) => !r.locked && rows.filter((o) => o.segregation_id === r.segregation_id).length === 1)!;
    await api('DELETE', `allocation/baggage-allocation/${single.id}/`);
    await page.reload();
    const bar = page.locator(`[data-bar="-${single.segregation_id}"]`);
    await bar.waitFor();
    expect(await page.getByText(/^\d+ not placed$/).textContent()).not.toBe('0 not placed');
    await page.locator('.gantt__group-label', { hasText: 'Not placed' }).waitFor();
    const label = (await bar.getAttribute('aria-label'))!;
    expect(label).toMatch(/not placed: its rule allows \d\d:\d\d–\d\d:\d\d/);
    await screenshot(page, '49-makeup-gantt-not-placed');

    // Dragged back onto the position it was taken from, free at its window now.
    const from = (await bar.boundingBox())!;
    const lane = (await page.locator(`.gantt__lane-label[data-lane="${single.resource_id}:${single.position_index}"]`).boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, lane.y + lane.height / 2, { steps: 10 });
    await page.mouse.up();
    await page.getByText(/ placed and locked\.$/).waitFor();
    const unplaced = await api<Array<{ segregation_id: number }>>('GET', `allocation/baggage-allocation/unplaced/?scenario_id=${scenarioId}`);
    expect(unplaced.map((u) => u.segregation_id)).not.toContain(single.segregation_id);
    const placed = (await api<Row[]>('GET', `allocation/baggage-allocation/?scenario_id=${scenarioId}`)).find(
      (r) => r.segregation_id === single.segregation_id,
    )!;
    expect(placed.locked).toBe(true);
    await page.reload();
    await page.locator(`[data-bar="${placed.id}"]`).waitFor();
    expect(await page.locator(`[data-bar="${placed.id}"]`).getAttribute('aria-label')).toMatch(/, locked$/);
    await screenshot(page, '50-makeup-gantt-placed');
    // Unlocked again, so the tests after this one find the one bar locked by the drag before.
    await api('PATCH', `allocation/baggage-allocation/${placed.id}/`, { locked: false });
  });

  it('asks before regenerating segregations removes allocations, and keeps the locked bar', async () => {
    // A new first rule gives every flight of the locked bar's airline one segregation of another
    // name: their allocations go, the locked one is kept.
    const api = serverApi(server.baseUrl, await signInToServer(server.baseUrl));
    const [project] = await api<Array<{ id: number }>>('GET', 'projects/');
    const [scenario] = await api<Array<{ id: number }>>('GET', `scenarios/?project_id=${project.id}`);
    type Row = { id: number; scenario_id: number; flight_id: number };
    const [allocation] = (await api<Row[]>('GET', `allocation/baggage-allocation/?scenario_id=${scenario.id}`)).filter((a) => a.id === Number(lockedBar));
    const flights = await api<Array<{ id: number; flight_number: string; airline_id: number }>>('GET', `flights/?scenario_id=${allocation.scenario_id}`);
    const airlines = await api<Array<{ id: number; code: string }>>('GET', `airlines/?scenario_id=${allocation.scenario_id}`);
    const flight = flights.find((f) => f.id === allocation.flight_id)!;
    await api('POST', 'rules/segregation/', {
      scenario_id: allocation.scenario_id,
      name: 'One segregation for this airline',
      priority: 1,
      match: { airline_codes: [airlines.find((a) => a.id === flight.airline_id)!.code] },
      segregations: [{ name: 'ALL', share: 100 }],
    });

    await page.goto('/app/allocation/flight');
    await page.getByRole('button', { name: 'Generate segregations' }).click();
    const dialog = page.getByRole('dialog', { name: 'Generate segregations?' });
    await dialog.waitFor();
    const words = (await dialog.textContent()) ?? '';
    expect(words).toMatch(/the rules no longer make (is|are) replaced; (its|their) \d+ baggage allocations? will be removed\./);
    expect(words).toContain('1 locked allocation is kept, with 1 segregation the rules no longer make.');
    await screenshot(page, '44-regenerate-segregations-confirm');
    await dialog.getByRole('button', { name: 'Generate segregations' }).click();
    await expect
      .poll(async () => (await api<Array<{ kind: string; status: string }>>('GET', `jobs/?scenario_id=${allocation.scenario_id}`))[0], { timeout: 60_000 })
      .toMatchObject({ kind: 'segregations-generate', status: 'succeeded' });

    await page.goto('/app/allocation/makeup');
    const bar = await findLockedBar();
    expect(await bar.getAttribute('aria-label')).toMatch(/, locked$/);
    await screenshot(page, '44-makeup-gantt-found');
    // The make-up card's result predates the new segregations, and says so.
    await page.goto('/app/allocation/config');
    const note = page.getByRole('region', { name: 'Make-up allocation' }).getByRole('note');
    await note.waitFor();
    expect(await note.textContent()).toBe(
      'Generate segregations ran after this result: it describes the data as it was then. Run it again to bring it up to date.',
    );
    await screenshot(page, '45-makeup-result-out-of-date');
  });

  it('says how the make-up allocations stand now, asks before a run replaces them, and keeps the locked bar where it was', async () => {
    // Its own page load, so a failure of the test before does not fail this one too.
    await page.goto('/app/allocation/config');
    const card = page.getByRole('region', { name: 'Make-up allocation' });
    const now = card.getByText(/^Now: /);
    await now.waitFor();
    // Regenerating removed the airline's other allocations: the card counts the rows there now.
    const [, allocations] = /^Now: (\d+) allocations \(1 locked\) for \d+ of \d+ segregations\.$/.exec((await now.textContent()) ?? '') ?? [];
    expect(Number(allocations)).toBeGreaterThan(1);
    await page.goto('/app/allocation/makeup');
    const placed = await (await findLockedBar()).getAttribute('aria-label');

    await page.goto('/app/allocation/config');
    await card.getByLabel('Time limit (s)').fill('2');
    await card.getByRole('button', { name: 'Run make-up allocation' }).click();
    const dialog = page.getByRole('dialog', { name: 'Run make-up allocation?' });
    await dialog.waitFor();
    expect(await dialog.locator('p').allTextContents()).toEqual([
      `The run replaces the ${Number(allocations) - 1} unlocked allocations on the make-up Gantt with its answer.`,
      '1 locked allocation is kept as placed.',
    ]);
    await screenshot(page, '47-makeup-run-confirm');
    await dialog.getByRole('button', { name: 'Run make-up allocation' }).click();
    // The card showed the previous run's 'succeeded' until the new job took its place.
    await card.locator('.badge--queued, .badge--running').waitFor({ timeout: 30_000 });
    await card.locator('.badge--succeeded, .badge--failed').waitFor({ timeout: 90_000 });
    expect(await card.locator('.badge').textContent()).toBe('succeeded');
    await expect.poll(() => now.textContent()).toMatch(/^Now: \d+ allocations \(1 locked\)/);
    await screenshot(page, '48-makeup-card-now');

    await page.goto('/app/allocation/makeup');
    expect(await (await findLockedBar()).getAttribute('aria-label')).toBe(placed);
  });

  it('cancels a running make-up allocation from the jobs panel: the card says so and the allocations stay as they were', async () => {
    await page.goto('/app/allocation/config');
    const card = page.getByRole('region', { name: 'Make-up allocation' });
    const now = card.getByText(/^Now: /);
    await now.waitFor();
    const before = await now.textContent();
    await card.getByLabel('Time limit (s)').fill('60');
    await card.getByRole('button', { name: 'Run make-up allocation' }).click();
    await page.getByRole('dialog', { name: 'Run make-up allocation?' }).getByRole('button', { name: 'Run make-up allocation' }).click();
    await card.locator('.badge--running').waitFor({ timeout: 30_000 });
    const jobs = page.getByRole('list', { name: 'Scenario jobs' });
    await jobs.getByRole('button', { name: 'Cancel make-up allocation' }).click();
    await card.locator('.badge--cancelled').waitFor({ timeout: 30_000 });
    await jobs.getByRole('listitem', { name: 'Make-up allocation cancelled' }).waitFor();
    expect(await now.textContent()).toBe(before);
    await screenshot(page, '51-makeup-job-cancelled');
  });

  it('asks before applying the import rules overwrites a value typed on a flight', async () => {
    const api = serverApi(server.baseUrl, await signInToServer(server.baseUrl));
    const [project] = await api<Array<{ id: number }>>('GET', 'projects/');
    const [scenario] = await api<Array<{ id: number }>>('GET', `scenarios/?project_id=${project.id}`);
    const [flight] = await api<Array<{ id: number; load_factor: number }>>('GET', `flights/?scenario_id=${scenario.id}`);
    await api('PATCH', 'flights/bulk/', [{ id: flight.id, load_factor: 0.5 }]);

    await page.goto('/app/allocation/flight');
    await page.getByRole('button', { name: 'Apply import rules' }).click();
    const dialog = page.getByRole('dialog', { name: 'Apply import rules?' });
    await dialog.waitFor();
    expect(await dialog.locator('p').allTextContents()).toEqual([
      '1 flight of 292 gets new values from the rules: load factor.',
      'A value set on that flight by hand is overwritten; lock a flight to keep it. Allocations, locked or not, stay as they are.',
    ]);
    await screenshot(page, '49-apply-import-rules-confirm');
    await dialog.getByRole('button', { name: 'Apply import rules' }).click();
    await expect
      .poll(async () => (await api<Array<{ kind: string; status: string }>>('GET', `jobs/?scenario_id=${scenario.id}`))[0], { timeout: 60_000 })
      .toMatchObject({ kind: 'flight-import-rules-apply', status: 'succeeded' });
    const after = await api<Array<{ id: number; load_factor: number }>>('GET', `flights/?scenario_id=${scenario.id}`);
    expect(after.find((f) => f.id === flight.id)!.load_factor).toBe(flight.load_factor);
  });

  it('shows the check-in counter Gantt with airline blocks and keeps a dragged one, locked, after a reload', async () => {
    await page.goto('/app/allocation/checkin');
    await page.getByRole('heading', { name: 'Check-in counter Gantt' }).waitFor();
    await page.locator('[data-bar]').first().waitFor();
    expect(await page.getByText(/\d+ counter blocks/).count()).toBe(1);
    // Common check-in: every block is an airline's, labelled by its code; one placed in phases
    // is one stepped bar (its counters growing and shrinking from the same first counter).
    const labels = await page.locator('[data-bar]').evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''));
    expect(
      labels.every((l) => /^([A-Z0-9]{2}): \1 common check-in, (\d+–)?\d+ counters? · Check-in Island [12],/.test(l)),
      labels.slice(0, 3).join(' | '),
    ).toBe(true);
    // JetBlue's day at its terminal is one stepped block on the first island.
    const stepped = page.locator('[data-bar][aria-label*=" phases"]');
    expect(await stepped.count(), labels.join('\n')).toBeGreaterThan(0);
    expect(labels.filter((l) => l.startsWith('B6:'))).toHaveLength(1);
    expect(await stepped.first().evaluate((el) => getComputedStyle(el).clipPath)).toMatch(/^polygon\(/);
    await screenshot(page, '44-checkin-gantt');

    // The second island, below JetBlue's, has the other airlines' blocks and free counters.
    const secondIsland = async () => {
      const viewport = page.locator('.gantt__viewport');
      const first = page.locator('.gantt__lane-label', { hasText: /^2-01$/ });
      for (let top = 240; (await first.count()) === 0 && top < 10_000; top += 240) await viewport.evaluate((el, y) => el.scrollTo(0, y), top);
      await viewport.evaluate((el) => {
        const label = [...el.querySelectorAll('.gantt__lane-label')].find((l) => l.textContent?.trim() === '2-01')!;
        el.scrollTo(0, el.scrollTop + label.getBoundingClientRect().top - el.getBoundingClientRect().top - 40);
      });
      // The Gantt draws the lanes (and their bars) of a new scroll position on its next render:
      // wait until the drawn lanes cover the view from top to bottom.
      await expect
        .poll(() =>
          viewport.evaluate((el) => {
            const view = el.getBoundingClientRect();
            const lanes = [...el.querySelectorAll('.gantt__lane-label')].map((l) => l.getBoundingClientRect());
            return lanes.some((l) => l.top <= view.top) && lanes.some((l) => l.bottom >= view.bottom - 1);
          }),
        )
        .toBe(true);
    };
    await dragToFreePlace(/^[A-Z0-9]{2} moved and locked\.$/, undefined, secondIsland);
    await screenshot(page, '46-checkin-gantt-after-drag');
  });

  it('shows the containers per hour and zone, per flight and the bag flow', async () => {
    await page.goto('/app/allocation/container');
    await page.getByRole('heading', { name: 'Baggage containers' }).waitFor();
    const perHour = page.getByRole('table', { name: 'Containers per hour and zone' });
    await perHour.waitFor();
    const total = Number(await perHour.locator('tfoot td').last().textContent());
    expect(total).toBeGreaterThan(0);
    const rows = await page.getByRole('table', { name: 'Containers per flight and segregation' }).locator('tbody tr td:last-child').allTextContents();
    expect(rows.map(Number).reduce((n, v) => n + v, 0)).toBe(total);
    const flow = page.getByRole('figure', { name: 'Bags into make-up per 5 minutes' });
    await flow.locator('svg path').first().waitFor();
    // As wide as its card, whatever the window (it was 1,100 px always), and exported as drawn.
    const chartWidth = async () => (await flow.locator('svg').first().boundingBox())!.width;
    expect(await chartWidth()).toBeGreaterThan(1150);
    await page.setViewportSize({ width: 1024, height: 900 });
    await expect.poll(chartWidth).toBeLessThan(1000);
    await page.setViewportSize({ width: 1440, height: 900 });
    const [svg] = await Promise.all([
      page.waitForEvent('download'),
      flow.getByRole('button', { name: 'Export Bags into make-up per 5 minutes as SVG' }).click(),
    ]);
    expect(svg.suggestedFilename()).toMatch(/\.svg$/);
    await screenshot(page, '45-containers');
  });
});
