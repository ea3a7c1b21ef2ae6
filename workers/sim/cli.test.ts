// The command line as a user runs it: JSON on stdout and nothing else, errors on stderr with
// exit code 1 (invalid document) or 2 (usage), overrides of seed and replications; `size`. One real
// process checks the wiring; the other cases call the command in-process (spawning costs 0.5 s).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMAND_PROCESS_MS } from '../../tests/support/waits';
import { runCli } from '../cli/sim';
import { smallAirport } from './sizing/smallAirport.fixture';

const dir = mkdtempSync(join(tmpdir(), 'sim-cli-'));

async function sim(...args: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { code, stdout, stderr };
}

function file(name: string, content: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

const model = {
  kind: 'network',
  sources: [{ id: 'a', to: 's', arrivals: { type: 'poisson', rate_per_hour: 100, count: 500 } }],
  stations: [{ id: 's', servers: 10, service: { dist: 'exponential', mean_minutes: 5 } }],
};

describe('npm run sim -- run', () => {
  it('prints the result JSON and nothing else, with overrides (a real process)', { timeout: COMMAND_PROCESS_MS }, () => {
    const cli = new URL('../cli/sim.ts', import.meta.url).pathname;
    const r = spawnSync(process.execPath, ['--import', 'tsx', cli, 'run', file('ok.json', model), '--replications', '3', '--seed=4'], {
      encoding: 'utf8',
    });
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('');
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ kind: 'network', seed: 4, replications: 3, events: 3000 });
    expect(out.stations.s.wait_mean_ci95).toHaveLength(2);
  });
  it('answers an invalid document on stderr with exit code 1, naming the field', async () => {
    const r = await sim('run', file('bad.json', { ...model, stations: [{ ...model.stations[0], servers: -1 }] }));
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('stations[0].servers: must be a positive integer');
    const broken = await sim('run', file('broken.json', '{"kind": '));
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain('is not valid JSON');
    expect((await sim('run', file('ok.json', model), '--seed', '1.5')).stderr).toContain('seed: must be an integer');
  });
  it('prints the network an airport scenario compiles to, which is itself a valid model', async () => {
    const airport = new URL('./examples/airport.json', import.meta.url).pathname;
    const r = await sim('compile', airport);
    expect(r.code).toBe(0);
    const network = JSON.parse(r.stdout);
    expect(network.kind).toBe('network');
    expect(network.stations.map((s: { id: string }) => s.id)).toContain('desks / airline BA');
    const again = await sim('compile', file('network.json', network));
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toEqual(network);
  });
  it('answers bad usage with exit code 2', async () => {
    expect((await sim()).code).toBe(2);
    expect((await sim('walk', 'x.json')).stderr).toContain('unknown command "walk"');
    expect((await sim('run')).stderr).toContain('missing MODEL.json');
    expect((await sim('run', join(dir, 'missing.json'))).code).toBe(2);
    expect((await sim('run', file('ok.json', model), '--replications', 'many')).stderr).toContain('--replications needs a number');
    expect((await sim('run', file('ok.json', model), '--fast')).stderr).toContain('unknown option --fast');
  });
});

describe('npm run sim -- size', () => {
  const sized = {
    kind: 'network',
    sources: [{ id: 'a', to: 's', arrivals: { type: 'piecewise_poisson', interval_minutes: 30, rates_per_hour: [60, 240] } }],
    stations: [
      { id: 's', size: { max_servers: 10, period_minutes: 30, target: { wait_minutes: 5, share: 0.9 } }, service: { dist: 'exponential', mean_minutes: 2 } },
    ],
  };
  it('prints the sized plan of a network document, and nothing else', async () => {
    const r = await sim('size', file('size.json', sized), '--seed', '5');
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const out = JSON.parse(r.stdout);
    expect(Object.keys(out)).toEqual(['stations', 'replications', 'verification_replications', 'wall_ms', 'search_ms', 'verify_ms']);
    expect(Object.keys(out.stations.s)).toEqual([
      'servers',
      'period_minutes',
      'share_within_target',
      'share_ci95',
      'period_status',
      'search_share_within_target',
      'verification_replications',
      'server_minutes',
      'locally_minimal',
      'notes',
    ]);
    expect(out.stations.s.servers).toHaveLength(2);
    expect(out.stations.s.period_status).toHaveLength(2);
  });
  it("sizes every queue group and checkpoint of an airport document, in planners' terms", async () => {
    const r = await sim('size', file('airport-size.json', smallAirport()));
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.origin_minute).toBe(450);
    expect(Object.keys(out.stations).sort()).toEqual(['desks / airline BA', 'desks / flight U21', 'sec / common']);
    expect(out.stations['sec / common']).toMatchObject({ label: 'Security', kind: 'security', capacity: 5 });
  });
  it('answers an invalid document with exit code 1, naming the field', async () => {
    const bad = { ...sized, stations: [{ ...sized.stations[0], size: { ...sized.stations[0].size, period_minutes: 0 } }] };
    const r = await sim('size', file('bad-size.json', bad));
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('stations[0].size.period_minutes: must be a positive number');
    const airport = await sim('size', file('bad-airport.json', { ...smallAirport(), sizing: { share: 95 } }));
    expect(airport.code).toBe(1);
    expect(airport.stderr).toContain('sizing.share: must be a number between 0 and 1 (exclusive)');
    expect((await sim('size', file('size.json', sized), '--replications', '3')).stderr).toContain('unknown option --replications');
  });
});
