// `npm run bench:gantt`: is the make-up Gantt smooth with a day of 1,000 flights? Starts the real
// server (fresh embedded database, the demo seeded), and through the API as the demo planner
// clones the demo scenario, repeats its 292 JFK departures with shifted times up to 1,000, gives
// every flight business, economy and transfer segregations, adds make-up carousels for the peak
// and runs the make-up allocation (about 3,000 bars). Then in headless Chromium it selects that
// scenario, opens /app/allocation/makeup and measures in the page: the time to the first bar
// (page load, and in-app navigation), and the frame intervals (requestAnimationFrame) and long
// tasks (PerformanceObserver 'longtask', > 50 ms) while Playwright scrolls through every lane,
// zooms and pans with the wheel, moves the pointer over bars (tooltips) and drags a bar around
// and back to where it was. Prints a table with the bars in the DOM at most, against the model's.
// Options: --departures N (1000), --time-limit-s N (20, the make-up solver), --loads N (3 page loads),
// --rounds N (2 rounds of the interactions).
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { runServerJob, serverApi, signInToServer, startTestServer, type ServerApi } from '../support/testServer';
import { withDemoPage } from './demoPage';
import { loadAverage, machine } from './machine';
import buildOnce from '../support/buildOnce';

const { values: options } = parseArgs({
  options: {
    departures: { type: 'string', default: '1000' },
    'time-limit-s': { type: 'string', default: '20' },
    loads: { type: 'string', default: '3' },
    rounds: { type: 'string', default: '2' },
  },
});
const DEPARTURES = Number(options.departures);
const SCENARIO = `Gantt bench: ${DEPARTURES} departures`;

type Flight = { id: number; flight_number: string; scheduled: string; [field: string]: unknown };

/** Copies of the demo's departures up to `DEPARTURES`, each moved by up to two hours and renumbered. */
function moreDepartures(flights: Flight[]): Record<string, unknown>[] {
  const dayStart = Date.parse('2017-01-02T05:00:00Z'); // local midnight at JFK in January
  const copies: Record<string, unknown>[] = [];
  for (let n = 0; flights.length + copies.length < DEPARTURES; n++) {
    const { id: _id, created_at: _c, updated_at: _u, ...f } = flights[n % flights.length];
    const copy = Math.floor(n / flights.length) + 1;
    const minute = (Date.parse(f.scheduled) - dayStart) / 60_000;
    const shift = ((n * 7919 + copy * 104_729) % 241) - 120;
    // Keep the day's shape: departures between 05:00 and 23:30 local.
    const moved = minute + shift >= 300 && minute + shift <= 1410 ? minute + shift : minute - shift;
    copies.push({
      ...f,
      flight_number: String(((Number(f.flight_number) + 2500 * copy) % 9999) + 1),
      scheduled: new Date(dayStart + moved * 60_000).toISOString(),
    });
  }
  return copies;
}

/** The demo scenario cloned and grown to DEPARTURES departures with their make-up allocations. */
async function buildScenario(api: ServerApi): Promise<{ scenarioId: number; bars: number }> {
  const projects = await api<{ id: number; name: string }[]>('GET', 'projects/');
  const project = projects.find((p) => p.name === 'New York JFK')!;
  const demos = await api<{ id: number }[]>('GET', `scenarios/?project_id=${project.id}`);
  const scenario = await api<{ id: number }>('POST', `scenarios/${demos[0].id}/clone/`, { name: SCENARIO });
  const s = scenario.id;

  // A hub's day: every departure has business, economy and transfer bags (the wide bodies already do).
  const rules = await api<{ id: number; priority: number }[]>('GET', `rules/segregation/?scenario_id=${s}`);
  for (const rule of rules.filter((r) => r.priority >= 20)) {
    await api('PATCH', `rules/segregation/${rule.id}/`, {
      segregations: [
        { name: 'J', share: 8 },
        { name: 'Y', share: 82 },
        { name: 'TRANSFER', share: 10 },
      ],
    });
  }
  const demoFlights = await api<Flight[]>('GET', `flights/?scenario_id=${s}`);
  await api('PUT', 'flights/bulk/', moreDepartures(demoFlights));
  const generated = await runServerJob(api, `allocation/generate/segregations/?scenario_id=${s}`);

  // Carousels of 8 positions for the peak of the segregations' widest windows (STD-180 to
  // STD-25, one position each), a tenth over, on top of the demo's 78 positions.
  const flights = await api<Flight[]>('GET', `flights/?scenario_id=${s}`);
  const segregations = await api<{ flight_id: number }[]>('GET', `segregations/?scenario_id=${s}`);
  const std = new Map(flights.map((f) => [f.id, Date.parse(f.scheduled) / 60_000]));
  const events = segregations.flatMap((g) => [
    [std.get(g.flight_id)! - 180, 1],
    [std.get(g.flight_id)! - 25, -1],
  ]);
  events.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let load = 0;
  let peak = 0;
  for (const [, d] of events) peak = Math.max(peak, (load += d));
  const resources = await api<{ zone_id: number; resource_type: string }[]>('GET', `allocation/resource/?scenario_id=${s}`);
  const zone = resources.find((r) => r.resource_type.startsWith('makeup'))!.zone_id;
  const carousels = Math.max(0, Math.ceil((peak * 1.1 - 78) / 8));
  await api(
    'PUT',
    'allocation/resource/bulk/',
    Array.from({ length: carousels }, (_, k) => ({
      scenario_id: s,
      zone_id: zone,
      name: `Carousel ${15 + k}`,
      resource_type: 'makeup_carousel',
      positions: 8,
      display_order: 15 + k,
    })),
  );
  console.log(
    `Scenario: ${flights.length} departures, ${generated.segregations} segregations; peak of about ${peak} positions, ${carousels} carousels of 8 added to the demo's 26 resources`,
  );

  const t0 = performance.now();
  const result = await runServerJob(api, `allocation/run/makeup/?scenario_id=${s}&time_limit_s=${options['time-limit-s']}`);
  const bars = (await api<unknown[]>('GET', `allocation/baggage-allocation/?scenario_id=${s}`)).length;
  console.log(
    `Make-up allocation: ${result.assigned} of ${result.segregations} segregations placed, ${result.unassigned} not, ` +
      `${bars} baggage allocations (bars) in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
  );
  return { scenarioId: s, bars };
}

// In the page on every load (a string, so no bundler helpers leak into the browser): long tasks
// from the start, the first bar's time, and a requestAnimationFrame recorder that also tracks
// the most bars in the DOM at once.
const PAGE_PROBES = `
window.__bench = { longtasks: [], firstBar: null, painted: null };
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__bench.longtasks.push({ start: e.startTime, duration: e.duration });
}).observe({ type: 'longtask', buffered: true });
const bars = document.getElementsByClassName('gantt__bar');
window.__bench.watchFirstBar = () => {
  window.__bench.firstBar = window.__bench.painted = null;
  const observer = new MutationObserver(() => {
    if (!bars.length) return;
    observer.disconnect();
    window.__bench.firstBar = performance.now();
    requestAnimationFrame(() => setTimeout(() => (window.__bench.painted = performance.now())));
  });
  observer.observe(document, { childList: true, subtree: true });
};
window.__bench.watchFirstBar();
window.__bench.startFrames = () => {
  const f = { times: [], maxBars: 0, running: true, t0: performance.now() };
  window.__bench.frames = f;
  const loop = (t) => {
    if (!f.running) return;
    f.times.push(t);
    f.maxBars = Math.max(f.maxBars, bars.length);
    requestAnimationFrame(loop);
  };
  requestAnimationFrame(loop);
};
window.__bench.stopFrames = () => {
  const f = window.__bench.frames;
  f.running = false;
  return { times: f.times, maxBars: f.maxBars, longtasks: window.__bench.longtasks.filter((l) => l.start >= f.t0) };
};
`;

type Recording = { times: number[]; maxBars: number; longtasks: { start: number; duration: number }[] };
type Row = Record<string, string | number>;

const nextFrame = (page: Page) => page.evaluate('new Promise((r) => requestAnimationFrame(() => r()))');
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
const ms = (x: number) => x.toFixed(1);

/** Runs `drive` with the frame recorder on; answers its row of the table. */
async function measure(page: Page, name: string, drive: () => Promise<void>): Promise<Row> {
  await page.evaluate('window.__bench.startFrames()');
  const t0 = performance.now();
  await drive();
  await nextFrame(page);
  const seconds = (performance.now() - t0) / 1000;
  const r = (await page.evaluate('window.__bench.stopFrames()')) as Recording;
  const intervals = r.times
    .slice(1)
    .map((t, i) => t - r.times[i])
    .sort((a, b) => a - b);
  const row = {
    interaction: name,
    s: seconds.toFixed(1),
    frames: intervals.length,
    'median ms': ms(percentile(intervals, 0.5)),
    'p95 ms': ms(percentile(intervals, 0.95)),
    'longest ms': ms(intervals.at(-1) ?? 0),
    'long tasks': r.longtasks.length,
    'longest task ms': r.longtasks.length ? ms(Math.max(...r.longtasks.map((l) => l.duration))) : '-',
    'bars in DOM (max)': r.maxBars,
  };
  console.error(Object.values(row).join(' | '));
  return row;
}

async function steps(page: Page, count: number, step: (i: number) => Promise<void>): Promise<void> {
  for (let i = 0; i < count; i++) {
    await step(i);
    await nextFrame(page);
  }
}

/** Waits for the Gantt's first bar; answers when it came and was painted, when its data had come, the longest task. */
async function openGantt(page: Page, since = 0): Promise<Row> {
  await page.getByRole('heading', { name: 'Make-up Gantt' }).waitFor();
  await page.locator('[data-bar]').first().waitFor({ timeout: 120_000 });
  await page.waitForFunction('window.__bench.painted !== null');
  const probe = (await page.evaluate(`({ ...window.__bench, data: Math.max(...performance.getEntriesByType('resource')
    .filter((r) => r.name.includes('/api/') && r.responseEnd <= window.__bench.firstBar).map((r) => r.responseEnd)) })`)) as {
    firstBar: number;
    painted: number;
    data: number;
    longtasks: Recording['longtasks'];
  };
  return {
    'API data in ms': (probe.data - since).toFixed(0),
    'first bar ms': (probe.firstBar - since).toFixed(0),
    'painted ms': (probe.painted - since).toFixed(0),
    'longest task ms': Math.max(0, ...probe.longtasks.map((l) => l.duration)).toFixed(0),
  };
}

async function browse(page: Page, apiBars: number): Promise<void> {
  await page.getByRole('link', { name: 'Open New York JFK' }).click();
  await page.getByRole('button', { name: `Select ${SCENARIO}` }).click();
  await page.getByRole('banner').getByText(SCENARIO).waitFor();

  // (a) First render: page loads of the Gantt's address (from navigation start: the last API
  // answer it waited for, the first bar in the DOM, the frame after it), and the in-app link
  // from the configuration screen (from the click).
  const loads: Row[] = [];
  for (let i = 0; i < Number(options.loads); i++) {
    await page.goto('/app/allocation/makeup');
    loads.push({ 'first render': `page load ${i + 1}`, ...(await openGantt(page)) });
  }
  await page.goto('/app/allocation/config');
  await page.getByRole('heading', { name: 'Baggage configuration' }).waitFor();
  await page.evaluate('window.__bench.longtasks = []; window.__bench.watchFirstBar(); window.__bench.clicked = performance.now()');
  await page.getByRole('link', { name: 'Open the make-up Gantt' }).click();
  const clicked = (await page.evaluate('window.__bench.clicked')) as number;
  loads.push({ 'first render': 'link from Configuration', ...(await openGantt(page, clicked)) });
  console.table(loads);

  const modelBars = Number(await page.locator('.gantt-summary strong').first().textContent());
  const viewport = (await page.locator('.gantt__viewport').boundingBox())!;
  const plot = (await page.locator('.gantt__ticks').boundingBox())!;
  const centre = { x: plot.x + plot.width / 2, y: viewport.y + viewport.height / 2 };
  const timeWindow = () => page.locator('.gantt__window').textContent();
  const scrollHeight = (await page.locator('.gantt__viewport').evaluate((el) => el.scrollHeight - el.clientHeight)) as number;

  // (b) Frame times while driving the chart, one input event per frame as a wheel or a pointer
  // gives them, with the pointer over the middle of the plot.
  const rows: Row[] = [];
  const windows: string[] = [];
  const holding = async (key: string, drive: () => Promise<void>) => {
    await page.mouse.move(centre.x, centre.y);
    await page.keyboard.down(key);
    await drive();
    await page.keyboard.up(key);
    windows.push(`${key}: ${await timeWindow()}`);
  };
  for (let round = 1; round <= Number(options.rounds); round++) {
    const measured = (name: string, drive: () => Promise<void>) => measure(page, `${name} (${round})`, drive);
    await page.getByRole('button', { name: 'Whole day' }).click();
    await page.mouse.move(centre.x, centre.y);
    rows.push(
      await measured('scroll all lanes down and up', async () => {
        await steps(page, Math.ceil(scrollHeight / 100), () => page.mouse.wheel(0, 100));
        await steps(page, Math.ceil(scrollHeight / 400), () => page.mouse.wheel(0, -400));
      }),
    );
    rows.push(
      await measured('ctrl+wheel zoom in and out', () =>
        holding('Control', async () => {
          await steps(page, 16, () => page.mouse.wheel(0, -100));
          windows.push(`zoomed in: ${await timeWindow()}`);
          await steps(page, 16, () => page.mouse.wheel(0, 100));
        }),
      ),
    );
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await page.getByRole('button', { name: 'Zoom in' }).click();
    rows.push(
      await measured('shift+wheel pan across the day', () =>
        holding('Shift', async () => {
          await steps(page, 40, () => page.mouse.wheel(0, -100));
          windows.push(`panned to the start: ${await timeWindow()}`);
          await steps(page, 80, () => page.mouse.wheel(0, 100));
        }),
      ),
    );
    await page.getByRole('button', { name: 'Whole day' }).click();
    rows.push(
      await measured('pointer over bars (tooltips)', () =>
        steps(page, 120, (i) => page.mouse.move(plot.x + 20 + ((plot.width - 40) * i) / 119, centre.y - 150 + (i % 12) * 24)),
      ),
    );
    const bar = await page
      .locator('[data-bar]')
      .evaluateAll((els) =>
        els.map((el) => el.getBoundingClientRect()).find((r) => r.width > 40 && r.top > 250 && r.bottom < 700 && r.left > 400 && r.right < 1100),
      );
    if (!bar) throw new Error('no bar to drag in view');
    const from = { x: bar.x + bar.width / 2, y: bar.y + bar.height / 2 };
    await page.mouse.move(from.x, from.y);
    rows.push(
      await measured('drag a bar around and back', async () => {
        await page.mouse.down();
        await steps(page, 60, (i) => page.mouse.move(from.x + 5 * (i + 1), from.y + 3 * (i + 1)));
        await steps(page, 60, (i) => page.mouse.move(from.x + 300 - 5 * (i + 1), from.y + 180 - 3 * (i + 1)));
        await page.mouse.up();
      }),
    );
    if ((await page.getByRole('alert').count()) > 0) console.log(`After the drag: ${await page.getByRole('alert').first().textContent()}`);
  }
  console.table(rows);

  const domNodes = (await page.evaluate('document.getElementsByTagName("*").length')) as number;
  console.log(`Time windows shown: ${windows.join('; ')}`);
  console.log(`Bars: ${apiBars} baggage allocations in the API, ${modelBars} in the Gantt's model; the page has ${domNodes} elements in all`);
}

console.log(`${machine()}; headless Chromium`);
// The server serves the build of these sources (startTestServer), made here unless current.
buildOnce();
const server = await startTestServer({ env: { SEED_ALLOCATIONS: '0', ACCESS_TOKEN_MINUTES: '60' } });
try {
  const { bars } = await buildScenario(serverApi(server.baseUrl, await signInToServer(server.baseUrl)));
  await withDemoPage(server.baseUrl, PAGE_PROBES, (page) => browse(page, bars));
} finally {
  await server.discard();
}
console.log(`Load average at the end ${loadAverage()}`);
