// `npm run bench:sim-screen`: the simulation screen in headless Chromium on the demo day. Starts the
// real server (fresh embedded database, the demo seeded), runs the demo's check-in and make-up
// allocations through the API, then as the demo planner opens /app/simulation, sets the
// replications and presses Run simulation, --runs times. For each run it measures in the page the
// time from the click to the results on screen (every section of them in the DOM), and how long
// the main thread was unavailable, as the planner feels it: the longest gap between 5 ms timer
// ticks and the long tasks (> 50 ms), while the workers simulate and while the results are drawn
// (section by section; issue 36's bound: no task over 50 ms). The pool has one worker per core but one, so on 2 cores one worker runs every replication.
// Options: --replications N (4), --runs N (3), --time-limit-s N (15, the make-up solver).
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { selectDemoScenario } from '../support/browser';
import { serverApi, signInToServer, startTestServer } from '../support/testServer';
import { allocateDemo, longTasksProbe, withDemoPage } from './demoPage';
import { loadAverage, machine } from './machine';

const { values: options } = parseArgs({
  options: {
    replications: { type: 'string', default: '4' },
    runs: { type: 'string', default: '3' },
    'time-limit-s': { type: 'string', default: '15' },
  },
});

// In the page on every load (a string, so no bundler helpers leak into the browser): long tasks,
// and per run a 5 ms timer whose tick times show every pause of the main thread, and the moment
// the results appear after the progress bar has been shown.
const PAGE_PROBES = `${longTasksProbe('__sim')}
window.__sim.start = () => {
  const s = window.__sim;
  s.t0 = performance.now();
  s.ticks = [s.t0];
  s.drawing = null;
  s.shown = null;
  let running = false;
  s.timer = setInterval(() => s.ticks.push(performance.now()), 5);
  const observer = new MutationObserver(() => {
    if (document.querySelector('.sim-progress')) running = true;
    else if (running && s.drawing === null && document.querySelector('.sim-results')) s.drawing = performance.now();
    if (s.drawing !== null && document.querySelector('.sim-results[data-complete]')) {
      observer.disconnect();
      s.shown = performance.now();
    }
  });
  observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-complete'] });
};
window.__sim.stop = () => {
  const s = window.__sim;
  clearInterval(s.timer);
  return { t0: s.t0, drawing: s.drawing, shown: s.shown, ticks: s.ticks, longtasks: s.longtasks.filter((l) => l.start >= s.t0) };
};
`;

type Recording = { t0: number; drawing: number; shown: number; ticks: number[]; longtasks: { start: number; duration: number }[] };
type Pause = { end: number; ms: number };

/** Waits for the run's results; a run that fails or hangs stops the benchmark with what the screen says. */
async function resultsShown(page: Page): Promise<void> {
  try {
    await page.waitForFunction('window.__sim.shown !== null || document.querySelector(".sim-screen [role=alert]")', undefined, { timeout: 300_000 });
  } catch (error) {
    throw new Error(
      `no results after 5 minutes: ${await page
        .locator('.sim-progress')
        .textContent()
        .catch(() => 'no progress shown')}`,
      { cause: error },
    );
  }
  const alert = page.locator('.sim-screen [role=alert]');
  if ((await alert.count()) > 0) throw new Error(`the run failed: ${await alert.first().textContent()}`);
}

/** Presses Run simulation and answers the run's row once its results are on screen and painted. */
async function timedRun(page: Page, run: number): Promise<Record<string, string | number>> {
  await page.evaluate('window.__sim.start()');
  await page.getByRole('button', { name: 'Run simulation' }).click();
  await resultsShown(page);
  // Two frames after the results, so the ticks cover their rendering and first paint.
  await page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 50))))');
  const r = (await page.evaluate('window.__sim.stop()')) as Recording;
  const pauses: Pause[] = r.ticks.slice(1).map((t, i) => ({ end: t, ms: t - r.ticks[i] }));
  // The results are drawn section by section from the task that took the run's results in (the
  // pause around the moment they first appeared) to the last section; the simulation ran before.
  const first = pauses.find((p) => p.end >= r.drawing)!;
  const simulated = first.end - first.ms;
  const simulating = pauses.filter((p) => p.end <= simulated);
  const drawing = pauses.filter((p) => p.end > simulated && p.end - p.ms <= r.shown);
  const during = (from: number, to: number) => r.longtasks.filter((l) => l.start >= from && l.start + l.duration <= to + 1);
  const drawingTasks = during(simulated, r.shown);
  return {
    run,
    'click to results on screen s': ((r.shown - r.t0) / 1000).toFixed(2),
    'simulating s': ((simulated - r.t0) / 1000).toFixed(2),
    'longest pause while simulating ms': Math.max(0, ...simulating.map((p) => p.ms)).toFixed(1),
    'long tasks while simulating': during(r.t0, simulated).length,
    'drawing the results ms': (r.shown - simulated).toFixed(0),
    'longest pause while drawing ms': Math.max(0, ...drawing.map((p) => p.ms)).toFixed(1),
    'long tasks while drawing': drawingTasks.length,
    'longest task while drawing ms': Math.max(0, ...drawingTasks.map((l) => l.duration)).toFixed(0),
  };
}

async function browse(page: Page): Promise<void> {
  await selectDemoScenario(page);
  await page.goto('/app/simulation');
  await page.getByRole('button', { name: 'Run simulation' }).waitFor({ timeout: 120_000 });
  await page.getByLabel('Replications').fill(options.replications);
  const summary = await page.getByLabel('What will run').getByRole('listitem').allTextContents();
  const cores = (await page.evaluate('navigator.hardwareConcurrency')) as number;
  console.log(`What will run: ${summary.join('; ')}`);
  console.log(`${options.replications} replications; navigator.hardwareConcurrency ${cores}, so ${Math.max(1, cores - 1)} worker(s)`);
  const rows = [];
  for (let run = 1; run <= Number(options.runs); run++) rows.push(await timedRun(page, run));
  console.table(rows);
}

console.log(`${machine()}; headless Chromium`);
const server = await startTestServer();
try {
  await allocateDemo(serverApi(server.baseUrl, await signInToServer(server.baseUrl)), options['time-limit-s']);
  await withDemoPage(server.baseUrl, PAGE_PROBES, browse);
} finally {
  await server.discard();
}
console.log(`Load average at the end ${loadAverage()}`);
