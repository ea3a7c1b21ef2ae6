// End to end in a real Chromium against the real server (issues 4 and 13) on the demo scenario:
// the editor opens on the default flow the simulation runs, already connected; draw an edge, an
// invalid split sum refuses a connection and saves only as a draft the simulation does not run
// (its screen says so), Auto Layout puts sources below their targets, a complete flow saved is
// the one the next simulation runs, Export downloads flow.json and Import restores it (a bad
// file changes nothing), Save then reload shows the saved graph, the unsaved-changes guard, and a
// pax story saved and reloaded.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { chromiumAvailable, framesDrawn, screenshot, selectDemoScenario, signInThroughUi } from '../support/browser';
import { pagePerTest } from '../support/browserSuite';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../server/seed/demo';

let page: Page;

async function signInAndSelectDemo(): Promise<void> {
  await signInThroughUi(page, DEMO_EMAIL, DEMO_PASSWORD);
  await selectDemoScenario(page);
}

async function openFlows(): Promise<void> {
  await page.goto('/app/checkin/flows');
  await page.locator('.react-flow__node-airline').first().waitFor();
}

const edges = () => page.locator('.react-flow__edge');
const splitInput = (segregation: string, n: number) => page.getByRole('spinbutton', { name: `${segregation} split ${n}`, exact: true });
const node = (id: string) => page.locator(`.react-flow__node[data-id="${id}"]`);

/** A node's position in flow coordinates, read from React Flow's transform. */
async function positionOf(id: string): Promise<{ x: number; y: number }> {
  const transform = await node(id).evaluate((el) => (el as HTMLElement).style.transform);
  const match = transform.match(/translate\(([-\d.]+)px,\s*([-\d.]+)px\)/);
  if (!match) throw new Error(`no position in "${transform}"`);
  return { x: Number(match[1]), y: Number(match[2]) };
}

/** The same place as far as the saved document keeps it (tenths of a unit). */
function expectSamePlace(actual: { x: number; y: number }, expected: { x: number; y: number }): void {
  expect(actual.x).toBeCloseTo(expected.x, 1);
  expect(actual.y).toBeCloseTo(expected.y, 1);
}

async function centre(locator: Locator): Promise<{ x: number; y: number }> {
  const box = await stableBox(locator);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/**
 * Drags a new connection from a split handle to a queue's input with the mouse, once the handle
 * shows the state the split's validity gives it (`connectable`, or refusing).
 */
async function drawEdge(splitHandle: string, queueId: string, connectable = true): Promise<void> {
  const handle = page.locator(`.react-flow__handle[data-handleid="${splitHandle}"]`);
  await expect.poll(() => handle.evaluate((el) => el.classList.contains('connectable'))).toBe(connectable);
  const target = node(queueId).locator('.react-flow__handle.target');
  // The canvas and its nodes move while the screen settles (a split just added re-measures its
  // node, the readiness panel rewraps): wait until the handle's centre is the handle itself, and
  // take the target's centre at that same moment.
  let from = await centre(handle);
  let to = await centre(target);
  await expect
    .poll(async () => {
      from = await centre(handle);
      to = await centre(target);
      return handle.evaluate((el, p) => document.elementFromPoint(p.x, p.y) === el, from);
    })
    .toBe(true);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 5 });
  await page.mouse.move(to.x, to.y, { steps: 5 });
  await page.mouse.up();
}

/**
 * Zooms in with the wheel at a node's top-left corner (which zooming keeps in place, so the node
 * stays on the canvas) until the node is `width` pixels wide: handles large enough to hit and
 * screenshots readable.
 */
async function zoomInto(id: string, width = 160): Promise<void> {
  for (let i = 0; i < 20; i += 1) {
    const box = await stableBox(node(id));
    if (box.width >= width) return;
    await page.mouse.move(box.x + 2, box.y + 2);
    await page.mouse.wheel(0, -200);
  }
}

/** A bounding box once it has stopped changing (zooming eases in over a few frames). */
async function stableBox(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  let last = '';
  for (;;) {
    const box = await locator.boundingBox();
    if (!box) throw new Error('not on screen');
    const text = JSON.stringify(box);
    if (text === last) return box;
    last = text;
    await page.waitForTimeout(80);
  }
}

describe.skipIf(!chromiumAvailable)('the check-in flow editor and pax stories in a real browser', () => {
  let airline = '';
  let airlineCode = '';
  let firstSegregation = '';
  let baseEdges = 0;
  let savedPositions: Record<string, { x: number; y: number }> = {};
  let downloadPath = '';

  /** Adds a split without saving, and collects (and dismisses) the next confirmation asked. */
  async function editWithoutSaving(): Promise<string[]> {
    await zoomInto(airline);
    await page.getByRole('button', { name: `Add split to ${airlineCode} ${firstSegregation}` }).click();
    await page.getByRole('status').filter({ hasText: 'Unsaved changes' }).waitFor();
    const messages: string[] = [];
    page.once('dialog', (dialog) => {
      messages.push(dialog.message());
      void dialog.dismiss();
    });
    return messages;
  }

  pagePerTest(async (opened) => {
    page = opened.page;
    await signInAndSelectDemo();
  });

  // Lays the flow out in a worker and opens the simulation screen twice, which loads the scenario.
  it(
    'opens on the default flow, draws an edge, keeps an invalid flow a draft, lays out bottom-to-top, and the simulation runs the saved flow',
    { timeout: 60_000 },
    async () => {
      await openFlows();
      const airlines = page.locator('.react-flow__node-airline');
      expect(await airlines.count()).toBe(6);
      expect(await page.locator('.react-flow__node-area').count()).toBe(7);
      expect(await page.locator('.react-flow__node-queue').count()).toBe(14);
      expect(await page.locator('.react-flow__node-output').allTextContents()).toEqual(['Security South', 'Security North']);
      const codes = await airlines.evaluateAll((els) => els.map((el) => el.getAttribute('data-id')!.replace('airline-', '')));
      expect(codes).toEqual([...codes].sort());
      expect(await page.getByText('Checkin Zone A', { exact: true }).count()).toBe(1);
      await expect.poll(() => page.locator('.react-flow__minimap').evaluate((el) => [el.clientWidth, el.clientHeight])).toEqual([200, 150]);
      await screenshot(page, 'flows-1-loaded');

      airline = (await airlines.first().getAttribute('data-id'))!;
      airlineCode = airline.replace('airline-', '');
      firstSegregation = (await airlines.first().locator('.split-editor__title span').first().textContent())!;
      // The group level with the first airline (both at the top of their columns), so one zoom shows both.
      const areaIds = await page.locator('.react-flow__node-area').evaluateAll((els) => els.map((el) => el.getAttribute('data-id')!));
      const tops = await Promise.all(areaIds.map(async (id) => (await positionOf(id)).y));
      const area = areaIds[tops.indexOf(Math.min(...tops))];
      expect(await page.getByRole('status').filter({ hasText: 'Not saved yet' }).count()).toBe(1);

      // Nothing saved: the default flow the simulation runs, already connected; each zone's
      // connections to security drawn as one line per output, labelled with how many, until every
      // connection is asked for (kept for the visits after, in this browser).
      const drawn = await edges().count();
      await page
        .locator('.react-flow__edge-text')
        .filter({ hasText: /^\d+ resources$/ })
        .first()
        .waitFor();
      await page.getByLabel('Every connection to security').check();
      await expect.poll(() => edges().count()).toBeGreaterThan(drawn + 10);
      baseEdges = await edges().count();
      await page.getByText(/^No flow is saved yet: this is the default flow the simulation runs/).waitFor();
      const readiness = page.getByLabel('What the simulation runs');
      await readiness.filter({ hasText: 'The simulation will run this flow once it is saved.' }).waitFor();
      const split = (i: number) => `${airlineCode}|${firstSegregation}|${i}`;
      // The queues of the zone level with the airline: Queue 1 is connected (its zone's airlines
      // queue there by default), Queue 2 is not.
      const zone = area.replace('area-', '');
      const queue1 = `queue-${zone}-1`;
      const queue2 = `queue-${zone}-2`;

      await zoomInto(airline);
      await drawEdge(split(0), queue2);
      await expect.poll(() => edges().count()).toBe(baseEdges + 1);
      await page.getByRole('status').filter({ hasText: 'Unsaved changes' }).waitFor();

      // Split the segregation 50/50: the new split leads nowhere yet, and the screen says so.
      const label = `${airlineCode} ${firstSegregation}`;
      await page.getByRole('button', { name: `Add split to ${label}` }).click();
      await expect.poll(() => splitInput(label, 2).inputValue()).toBe('50');
      expect(await splitInput(label, 1).inputValue()).toBe('50');
      await readiness.getByText(`${label}: split 2 (50%) leads to no queue with resources`).waitFor();
      // Break the sum: its inputs turn red, nothing connects, and saving keeps it a draft.
      await splitInput(label, 2).fill('45');
      await expect.poll(() => splitInput(label, 1).getAttribute('aria-invalid')).toBe('true');
      await drawEdge(split(1), queue1, false);
      await framesDrawn(page);
      expect(await edges().count()).toBe(baseEdges + 1);
      await readiness.getByText(`${label}: the splits do not total 100`).waitFor();
      await page.getByRole('button', { name: 'Save Flow' }).click();
      await page.getByText(/^Flow saved as a draft: the simulation keeps running the default flow/).waitFor();
      await screenshot(page, 'flows-2-invalid-split');

      // The simulation screen does not run it silently: it names the default flow and why.
      await page.goto('/app/simulation');
      await page.getByText(/^Flow used: the default flow/).waitFor({ timeout: 60_000 });
      await page.getByText(new RegExp(`The saved flow graph is incomplete \\(${label}: the splits do not total 100`)).waitFor();
      await openFlows();
      await zoomInto(airline);

      // Fixed, the second split connects.
      await splitInput(label, 2).fill('50');
      await expect.poll(() => splitInput(label, 1).getAttribute('aria-invalid')).toBe('false');
      await drawEdge(split(1), queue1);
      await expect.poll(() => edges().count()).toBe(baseEdges + 2);
      await readiness.filter({ hasText: 'The simulation will run this flow once it is saved.' }).waitFor();

      // Undo takes the edge away, redo brings it back.
      await page.getByRole('button', { name: 'Undo' }).click();
      await expect.poll(() => edges().count()).toBe(baseEdges + 1);
      await page.getByRole('button', { name: 'Redo' }).click();
      await expect.poll(() => edges().count()).toBe(baseEdges + 2);

      const output = (await page.locator('.react-flow__node-output').first().getAttribute('data-id'))!;
      const before = await positionOf(airline);
      expect(before.y).toBe(0);
      expect((await positionOf(area)).y).toBe(0);
      await page.getByRole('button', { name: 'Auto Layout' }).click();
      // ELK lays the flow out in a worker; the button says 'Laying out...' until the laid-out graph
      // is on the canvas (one render), however long the worker took.
      await page.getByRole('button', { name: 'Laying out...' }).waitFor({ state: 'detached' });
      expect((await positionOf(airline)).y).toBeGreaterThan((await positionOf(area)).y + 600);
      expect((await positionOf(area)).y).toBeGreaterThan((await positionOf(output)).y + 50);
      // The view then fits the new layout, easing over a few frames.
      await stableBox(node(airline));
      await screenshot(page, 'flows-3-auto-layout');
      await zoomInto(queue1, 230);
      await screenshot(page, 'flows-4-auto-layout-zoomed');

      // Save, then reload: the graph comes back as saved.
      savedPositions = { [airline]: await positionOf(airline), [area]: await positionOf(area), [output]: await positionOf(output) };
      await page.getByRole('button', { name: 'Save Flow' }).click();
      await page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor();
      await page.getByText('Flow saved. The next simulation runs it.').waitFor();
      await readiness.filter({ hasText: 'The simulation runs this flow.' }).waitFor();
      await page.reload();
      await page.locator('.react-flow__node-airline').first().waitFor();
      await expect.poll(() => edges().count()).toBe(baseEdges + 2);
      for (const [id, position] of Object.entries(savedPositions)) expectSamePlace(await positionOf(id), position);
      expect(await splitInput(label, 2).inputValue()).toBe('50');
      await page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor();

      // The edited flow is what the next simulation runs.
      await page.goto('/app/simulation');
      await page
        .getByText('Flow used: the saved flow graph of the flow editor (its splits, queues, pax stories and security outputs).')
        .waitFor({ timeout: 60_000 });
    },
  );

  it('exports flow.json and imports it back; a bad file changes nothing', async () => {
    await openFlows();
    // Every connection drawn, as the flow file holds them (a page of its own: the choice the test before kept is not here).
    await page.getByLabel('Every connection to security').check();
    await expect.poll(() => edges().count()).toBe(baseEdges + 2);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export Flow' }).click()]);
    expect(download.suggestedFilename()).toBe('flow.json');
    downloadPath = (await download.path())!;
    const doc = JSON.parse(readFileSync(downloadPath, 'utf8'));
    expect(doc).toMatchObject({ format: 'airport-planner/flow', version: 1 });
    expect(new Set(doc.nodes.map((n: { kind: string }) => n.kind))).toEqual(new Set(['airline', 'area', 'queue', 'resource', 'output']));
    expect(doc.edges).toHaveLength(baseEdges + 2);
    const handles = doc.edges
      .map((e: { source_handle?: string }) => e.source_handle)
      .filter((h: string | undefined) => h?.startsWith(`${airlineCode}|${firstSegregation}|`));
    expect(handles.sort()).toEqual([`${airlineCode}|${firstSegregation}|0`, `${airlineCode}|${firstSegregation}|0`, `${airlineCode}|${firstSegregation}|1`]);
    expect(doc.splits).toEqual([
      { id: `${airlineCode}|${firstSegregation}|0`, proportion: 50 },
      { id: `${airlineCode}|${firstSegregation}|1`, proportion: 50 },
    ]);
    expectSamePlace(doc.nodes.find((n: { id: string }) => n.id === airline).position, savedPositions[airline]);
    expect(doc.nodes.filter((n: { kind: string }) => n.kind === 'output').map((n: { name: string }) => n.name)).toEqual(['Security South', 'Security North']);

    // Change the graph (remove the second split and its edge), then import the file.
    const label = `${airlineCode} ${firstSegregation}`;
    await zoomInto(airline);
    await page.getByRole('button', { name: `Remove ${label} split 2` }).click();
    await expect.poll(() => edges().count()).toBe(baseEdges + 1);
    await page.locator('input[type=file]').setInputFiles({ name: 'flow.json', mimeType: 'application/json', buffer: readFileSync(downloadPath) });
    await page.getByText('Imported flow.json.').waitFor();
    await expect.poll(() => edges().count()).toBe(baseEdges + 2);
    expect(await splitInput(label, 2).inputValue()).toBe('50');
    expectSamePlace(await positionOf(airline), savedPositions[airline]);

    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from('{"format":"airport-planner/flow","version":7}') });
    await page.getByRole('alert').filter({ hasText: 'Import failed' }).waitFor();
    expect(await page.getByRole('alert').textContent()).toContain('version');
    expect(await edges().count()).toBe(baseEdges + 2);
    await screenshot(page, 'flows-5-import-refused');
  });

  it('warns before an in-app link drops unsaved changes', async () => {
    await openFlows();
    const messages = await editWithoutSaving();
    await page.evaluate(() => {
      const link = document.createElement('a');
      link.href = '/app/projects';
      link.textContent = 'Away';
      document.querySelector('.flows-screen')!.append(link);
    });
    await page.getByText('Away', { exact: true }).click();
    expect(messages).toEqual(['You have unsaved changes. Leave this screen and lose them?']);
    expect(new URL(page.url()).pathname).toBe('/app/checkin/flows');
  });

  it("warns before the browser's Back button drops unsaved changes", async () => {
    // Arrive in the app's own history: projects, then the flows screen through the drawer.
    await page.goto('/app/projects');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Flows' }).click();
    await page.getByRole('button', { name: 'Auto Layout' }).waitFor();
    const messages = await editWithoutSaving();
    // history.back() is what the Back button does; a refused traversal never commits, which
    // page.goBack() would wait for.
    await page.evaluate(() => history.back());
    await expect.poll(() => messages).toEqual(['You have unsaved changes. Leave this screen and lose them?']);
    expect(new URL(page.url()).pathname).toBe('/app/checkin/flows');
    await page.getByRole('status').filter({ hasText: 'Unsaved changes' }).waitFor();

    page.once('dialog', (dialog) => void dialog.accept());
    await page.evaluate(() => history.back());
    await expect.poll(() => new URL(page.url()).pathname).toBe('/app/projects');
  });

  it('builds a pax story from the palette, saves it and finds it after a reload', async () => {
    // The flow saved before (by the first test, when the whole file runs) must survive the story's save.
    await openFlows();
    const flowEdges = await edges().count();
    await page.goto('/app/checkin/pax-stories');
    await page.getByRole('toolbar', { name: 'Select Pax' }).getByText('Select Pax').waitFor();
    const palette = page.getByRole('complementary', { name: 'Palette' });
    for (const title of ['Inputs', 'Queues', 'Processes', 'Outputs']) await palette.getByRole('heading', { name: title }).waitFor();
    expect(await palette.evaluate((el) => el.getBoundingClientRect().width)).toBe(240);

    const airlineSelect = page.getByLabel('Select Airline');
    const code = (await airlineSelect.locator('option').nth(1).getAttribute('value'))!;
    await airlineSelect.selectOption(code);
    const segregation = (await page.getByLabel('Select Segregation').locator('option').nth(1).getAttribute('value'))!;
    await page.getByLabel('Select Segregation').selectOption(segregation);
    const canvas = page.getByTestId('story-canvas');
    await palette.getByRole('button', { name: `${code} ${segregation}`, exact: true }).dragTo(canvas, { targetPosition: { x: 420, y: 520 } });
    await page.getByRole('group', { name: `Step: ${code} ${segregation}` }).waitFor();
    await palette.getByRole('button', { name: 'Checkin Zone A Queue 1' }).dragTo(canvas, { targetPosition: { x: 420, y: 400 } });
    await palette.getByRole('button', { name: 'Kiosk check-in' }).click();
    await palette.getByRole('button', { name: 'Security North' }).click();
    const steps = page.locator('.story-step');
    await expect.poll(() => steps.count()).toBe(4);
    await expect.poll(() => page.locator('.react-flow__edge').count()).toBe(3);
    await page.getByLabel('Kiosk check-in mean seconds').fill('45');
    await page.getByLabel('Kiosk check-in CV').fill('0.3');
    await page.getByRole('status').filter({ hasText: 'Unsaved changes' }).waitFor();
    await screenshot(page, 'flows-6-pax-story');
    await page.getByRole('button', { name: 'Save Stories' }).click();
    await page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor();

    await page.reload();
    await page.getByLabel('Select Airline').selectOption(code);
    await page.getByLabel('Select Segregation').selectOption(segregation);
    await expect.poll(() => steps.count()).toBe(4);
    expect(await steps.locator('.story-step__label').allTextContents()).toEqual([
      `${code} ${segregation}`,
      'Checkin Zone A Queue 1',
      'Kiosk check-in',
      'Security North',
    ]);
    expect(await page.getByLabel('Kiosk check-in mean seconds').inputValue()).toBe('45');
    expect(await page.getByLabel('Kiosk check-in CV').inputValue()).toBe('0.3');

    await openFlows();
    await expect.poll(() => edges().count()).toBe(flowEdges);
  });
});
