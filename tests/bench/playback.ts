// `npm run bench:playback`: the Playback tab in headless Chromium on the demo day. Starts the real
// server (fresh embedded database, the demo seeded), runs the demo's check-in allocation through
// the API, runs the simulation on the screen (2 replications, playback kept) and opens Playback.
// Then, per scene, measures in the page how long the main thread was unavailable -- the longest
// gap between 5 ms timer ticks, and the long tasks (> 50 ms) -- and the frame intervals:
// playing the day at 15 and at 60 minutes per second (--play-s each), dragging the slider over the
// whole day minute by minute, and playing coloured by space. Target (issue 16): never blocked
// more than 50 ms. Options: --play-s N (8).
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { selectDemoScenario } from '../support/browser';
import { serverApi, signInToServer, startTestServer } from '../support/testServer';
import { allocateDemo, longTasksProbe, withDemoPage } from './demoPage';
import { loadAverage, machine } from './machine';

const { values: options } = parseArgs({ options: { 'play-s': { type: 'string', default: '8' } } });
const PLAY_MS = Number(options['play-s']) * 1000;

// In the page (a string, so no bundler helpers leak into the browser): long tasks, a 5 ms timer
// and an animation-frame loop, started and stopped per scene.
const PAGE_PROBES = `${longTasksProbe('__pb')}
window.__pb.start = () => {
  const s = window.__pb;
  s.t0 = performance.now();
  s.ticks = [s.t0];
  s.frames = [];
  s.on = true;
  s.timer = setInterval(() => s.ticks.push(performance.now()), 5);
  const frame = (t) => { if (!s.on) return; s.frames.push(t); requestAnimationFrame(frame); };
  requestAnimationFrame(frame);
};
window.__pb.stop = () => {
  const s = window.__pb;
  s.on = false;
  clearInterval(s.timer);
  return { t0: s.t0, ticks: s.ticks, frames: s.frames, longtasks: s.longtasks.filter((l) => l.start >= s.t0) };
};
`;

type Recording = { t0: number; ticks: number[]; frames: number[]; longtasks: { start: number; duration: number }[] };

const gaps = (times: number[]) => times.slice(1).map((t, i) => t - times[i]);
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? 0;

/** Runs `act` while the probes record; the scene's row. */
async function scene(page: Page, name: string, act: () => Promise<void>): Promise<Record<string, string | number>> {
  await page.evaluate('window.__pb.start()');
  await act();
  const r = (await page.evaluate('window.__pb.stop()')) as Recording;
  const frames = gaps(r.frames);
  return {
    scene: name,
    'longest pause ms': Math.max(0, ...gaps(r.ticks)).toFixed(1),
    'long tasks': r.longtasks.length,
    'longest task ms': Math.max(0, ...r.longtasks.map((l) => l.duration)).toFixed(0),
    frames: r.frames.length,
    'median frame ms': quantile(frames, 0.5).toFixed(1),
    'p95 frame ms': quantile(frames, 0.95).toFixed(1),
  };
}

async function play(page: Page, speed: string): Promise<void> {
  await page.getByLabel('Time of day').fill('240');
  await page.getByLabel('Speed').selectOption({ label: speed });
  await page.getByRole('button', { name: 'Play' }).click();
  await page.waitForTimeout(PLAY_MS);
  await page.getByRole('button', { name: 'Pause' }).click();
}

/** Drags the slider's thumb from one end to the other in small steps, as a planner scrubs. */
async function scrub(page: Page): Promise<void> {
  const slider = page.getByLabel('Time of day');
  const box = (await slider.boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 2, y);
  await page.mouse.down();
  for (let k = 0; k <= 200; k++) await page.mouse.move(box.x + 2 + ((box.width - 4) * k) / 200, y);
  await page.mouse.up();
}

async function browse(page: Page): Promise<void> {
  await selectDemoScenario(page);
  await page.goto('/app/simulation');
  await page.getByRole('button', { name: 'Run simulation' }).waitFor({ timeout: 120_000 });
  await page.getByLabel('Replications').fill('2');
  await page.getByRole('button', { name: 'Run simulation' }).click();
  await page.getByRole('region', { name: 'Level of service', exact: true }).waitFor({ timeout: 300_000 });
  await page.getByRole('tab', { name: 'Playback' }).click();
  await page.getByRole('figure', { name: /^Check-in hall at/ }).waitFor();
  const rows = [
    await scene(page, 'play at 15 min/s', () => play(page, '15 minutes per second')),
    await scene(page, 'play at 1 hour/s', () => play(page, '1 hour per second')),
    await scene(page, 'scrub the slider over the day', () => scrub(page)),
  ];
  await page.getByLabel('Colour by').selectOption('space');
  rows.push(await scene(page, 'play coloured by space', () => play(page, '15 minutes per second')));
  console.table(rows);
}

console.log(`${machine()}; headless Chromium; the demo day, 2 replications, ${PLAY_MS / 1000} s of play per scene`);
const server = await startTestServer();
try {
  await allocateDemo(serverApi(server.baseUrl, await signInToServer(server.baseUrl)));
  await withDemoPage(server.baseUrl, PAGE_PROBES, browse);
} finally {
  await server.discard();
}
console.log(`Load average at the end ${loadAverage()}`);
