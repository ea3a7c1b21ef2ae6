// `npm run bench:alloc`: how close to optimal, and how fast, the allocation engines are on the
// shared ACCAP instances and on generated make-up days. Prints a table; every result is checked
// by the independent validators first, so a fast wrong answer cannot score.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import loadHighs from 'highs';
import { allocateMakeup } from '../../workers/alloc/makeup';
import { validateMakeup } from '../../workers/alloc/validateMakeup';
import { allocateCheckin } from '../../workers/alloc/checkin';
import { validateCheckin } from '../../workers/alloc/validateCheckin';
import { Chuffed } from '../../workers/cli/chuffed';
import { mulberry32 as rng } from '../../workers/alloc/random';
import { sharedDataPath } from '../support/sharedData';
import { loadAverage, machine } from './machine';

const ACCAP_DIR = sharedDataPath('accap');

/**
 * Published values from ../shared/data/accap/README.md (MiniZinc Challenge 2019 results): proven
 * optima, or the best value any solver reached there.
 */
const PUBLISHED: Record<string, { value: number; proven: boolean }> = {
  accap_instance3: { value: 89, proven: true },
  accap_instance5: { value: 101, proven: true },
  accap_instance6: { value: 82, proven: true },
  accap_instance8: { value: 783, proven: false },
  accap_instance9: { value: 525, proven: false },
};

/**
 * A make-up day: departures in six banks (06:00 to 21:00), 2 to 5 segregations each (one in ten
 * needing two positions), make-up open from STD-150 to STD-40 (DESIGN.md section 5), four zones
 * by airline, and in each zone 8-position resources a little short of the zone's peak demand.
 */
export function makeupDay(departures: number, seed: number) {
  const random = rng(seed);
  const banks = [360, 540, 720, 900, 1080, 1260];
  const zones = ['M1', 'M2', 'M3', 'M4'];
  const segregations: { id: string; flight: string; zone: string; start: number; end: number; positions: number }[] = [];
  for (let f = 0; f < departures; f++) {
    const airline = Math.floor(random() * 12);
    const std = banks[Math.floor(random() * banks.length)] + Math.round((random() - 0.5) * 120);
    const count = 2 + Math.floor(random() * 4);
    for (let k = 0; k < count; k++) {
      segregations.push({
        id: `F${f}|${k}`,
        flight: `F${f}`,
        zone: zones[airline % zones.length],
        start: std - 150,
        end: std - 40,
        positions: random() < 0.1 ? 2 : 1,
      });
    }
  }
  const resources = zones.flatMap((zone) => {
    const events = segregations
      .filter((s) => s.zone === zone)
      .flatMap((s) => [
        [s.start, s.positions],
        [s.end + 5, -s.positions],
      ]);
    events.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    let load = 0;
    let peak = 0;
    for (const [, d] of events) peak = Math.max(peak, (load += d));
    const count = Math.max(1, Math.floor((peak * 0.95) / 8));
    return Array.from({ length: count }, (_, k) => ({ id: `${zone}-${k + 1}`, zone, positions: 8 }));
  });
  return { kind: 'makeup' as const, buffer_minutes: 5, resources, segregations };
}

function fail(name: string, problems: { message: string }[]): never {
  throw new Error(`${name}: invalid result: ${problems.map((p) => p.message).join('; ')}`);
}

async function main(): Promise<void> {
  console.log(machine());
  const highs = await loadHighs();
  const only = process.argv.slice(2);
  const rows: string[][] = [['instance', 'objective', 'published', 'bound', 'gap', 'proven optimal', 'time s']];
  const want = (name: string) => only.length === 0 || only.some((o) => name.includes(o));

  for (const [departures, seed] of [
    [300, 1],
    [1000, 2],
  ] as const) {
    const name = `makeup_${departures}`;
    if (!want(name)) continue;
    const doc = makeupDay(departures, seed);
    // Without HiGHS first (the greedy and the local search), to show what the MIP adds.
    for (const [label, options] of [
      ['no HiGHS', {}],
      ['', { highs, timeLimitS: 25 }],
    ] as const) {
      const result = allocateMakeup(doc, options);
      const problems = validateMakeup(doc, result);
      if (problems.length) fail(name, problems);
      const o = result.objective;
      const b = result.bound;
      rows.push([
        `${name} (${doc.segregations.length} segregations, ${doc.resources.length} resources)${label && `, ${label}`}`,
        `${o.unassigned} unassigned / ${o.split_flights} split / peak ${o.peak}`,
        '',
        `${b.unassigned} / ${b.split_flights} / ${b.peak}`,
        `${(result.gap * 100).toFixed(2)}%`,
        String(result.optimal),
        (result.wall_ms / 1000).toFixed(1),
      ]);
      console.error(rows.at(-1)!.join(' | '));
    }
  }

  for (const file of readdirSync(ACCAP_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const instance = JSON.parse(readFileSync(join(ACCAP_DIR, file), 'utf8'));
    if (!want(instance.name)) continue;
    const cp = new Chuffed((message) => console.error(`  ${instance.name}: ${message}`));
    const result = allocateCheckin(instance, { highs, cp, timeLimitS: 60 });
    cp.close();
    const problems = validateCheckin(instance, result);
    if (problems.length) fail(instance.name, problems);
    const published = PUBLISHED[instance.name];
    const beside = (p: { value: number; proven: boolean }) =>
      `${p.value} ${p.proven ? 'optimal' : 'best known'}${result.objective < p.value ? ', beaten' : result.objective > p.value ? `, ours +${result.objective - p.value}` : ''}`;
    rows.push([
      `${instance.name} (${instance.flights.length} flights)`,
      String(result.objective),
      published === undefined ? '-' : beside(published),
      String(result.bound),
      `${(result.gap * 100).toFixed(2)}%`,
      String(result.optimal),
      (result.wall_ms / 1000).toFixed(1),
    ]);
    console.error(rows.at(-1)!.join(' | '));
  }

  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  const line = (r: string[]) => `| ${r.map((cell, c) => cell.padEnd(widths[c])).join(' | ')} |`;
  console.log(line(rows[0]));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows.slice(1)) console.log(line(r));
  console.log(`Load average at the end ${loadAverage()}`);
}

await main();
