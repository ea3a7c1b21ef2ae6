// Sizing against queueing theory: stationary M/M/c periods must come out at the Erlang C minimum,
// a check-in that closes is sized so the ordinary simulation turns few away, and a station the
// terminal cannot equip enough says so instead of failing. verify.test.ts re-simulates plans of
// time-varying days on fresh seeds.
import { describe, expect, it } from 'vitest';
import { simulateSync } from '../run';
import { networkForPlan } from './evaluate';
import { prepareSizing } from './problem';
import { sizeToTarget, splitStations } from './search';
import { erlangShareWithin } from './startingPlan';
import type { SizedStation } from './types';

const clock = () => performance.now();

/** One station fed by a Poisson source, exponential service of 1 minute. */
function single(arrivals: object, size: object) {
  return {
    kind: 'network',
    seed: 11,
    sources: [{ id: 'pax', to: 'desk', arrivals }],
    stations: [{ id: 'desk', size, service: { dist: 'exponential', mean_minutes: 1 } }],
  };
}

describe('sizing a stationary M/M/c period', () => {
  // Loads where the Erlang C minimum c clearly passes and c - 1 clearly fails (checked below):
  // P(W <= t) of c at least 2 points above the share, of c - 1 at least 3 below it. 4,000
  // arrivals per replication put the interval of a replication's share at about +-1 point, so a
  // wrong count of waits within target (or of arrivals) moves the answer off c.
  const cases = [
    { lambda: 5, t: 2, share: 0.96, c: 7 },
    { lambda: 8, t: 1, share: 0.85, c: 10 },
    { lambda: 15, t: 1, share: 0.96, c: 18 },
  ];
  for (const { lambda, t, share, c } of cases) {
    it(`needs the Erlang C minimum, ${c} servers, at ${lambda} arrivals a minute for ${share * 100} % within ${t} min`, async () => {
      expect(erlangShareWithin(lambda, 1, c, t)).toBeGreaterThan(share + 0.02);
      expect(erlangShareWithin(lambda, 1, c - 1, t)).toBeLessThan(share - 0.03);
      // One period longer than the arrivals last (4,000 arrivals take about 4000 / lambda minutes).
      const doc = single(
        { type: 'poisson', rate_per_hour: lambda * 60, count: 4000 },
        { max_servers: 40, period_minutes: 2000, target: { wait_minutes: t, share } },
      );
      const out = await sizeToTarget(prepareSizing(doc), { clock });
      expect(out.stations.desk.servers).toEqual([c]);
      expect(out.stations.desk.locally_minimal).toBe(true);
      expect(out.stations.desk.share_within_target[0]).toBeGreaterThanOrEqual(share);
    });
  }
});

describe('sizing a check-in that closes', () => {
  // 300 passengers an hour for an hour, all before their close at minute 60; 2-minute service,
  // 95 % within 20 minutes. Counting waits alone, a late passenger waiting 15 minutes would count
  // as served in time though check-in closed under them.
  const doc = {
    kind: 'network',
    seed: 5,
    sources: [{ id: 'pax', to: 'desk', deadline_minutes: 60, arrivals: { type: 'piecewise_poisson', interval_minutes: 60, rates_per_hour: [300] } }],
    stations: [
      {
        id: 'desk',
        enforces_deadline: true,
        size: { max_servers: 20, period_minutes: 15, target: { wait_minutes: 20, share: 0.95 } },
        service: { dist: 'exponential', mean_minutes: 2 },
      },
    ],
  };

  it('plans counters that check in nearly everyone before the close when the ordinary simulation applies it', async () => {
    const out = await sizeToTarget(prepareSizing(doc), { clock });
    const problem = prepareSizing(doc, { seed: 97 });
    const applied = networkForPlan(problem, { desk: out.stations.desk.servers });
    const run = simulateSync({ ...applied, replications: 40, stations: applied.stations.map((st) => ({ ...st, enforces_deadline: true })) }, {}, { clock });
    if (run.kind !== 'network') throw new Error('expected a network run');
    // Turned away at the close: at most the 5 % the target leaves (the simulation drops them,
    // so those behind wait less than in the sizing runs). This plan, 11, 11, 10 and 13 servers,
    // turns away 1.0 % over 40 replications with fresh seeds; counting waits alone gave 11, 12, 8
    // and 7, which turn away 14.5 %.
    expect(run.stations.desk.missed / run.stations.desk.arrivals).toBeLessThan(0.05);
  });
});

describe('sizing a station the terminal cannot equip enough', () => {
  it('opens every position where even they miss, and says so per period in words', async () => {
    // 8 arrivals a minute, 1-minute service, at most 6 servers: the queue grows without bound.
    const doc = single(
      { type: 'piecewise_poisson', interval_minutes: 60, rates_per_hour: [120, 480] },
      { max_servers: 6, period_minutes: 60, target: { wait_minutes: 2, share: 0.9 } },
    );
    const out = await sizeToTarget(prepareSizing(doc), { clock });
    const desk = out.stations.desk;
    expect(desk.servers[0]).toBeLessThan(6);
    expect(desk.servers.slice(1).every((n) => n === 6)).toBe(true);
    expect(desk.notes[0]).toMatch(/^minutes 60-120: even all 6 positions keep only \d+\.\d % within 2 min \(target 90\.0 %\)$/);
  });
});

describe('splitting a depth into parts', () => {
  const station = (id: string): SizedStation => ({ id, depth: 0, spec: { max_servers: 10, period_minutes: 30, target: { wait_minutes: 10, share: 0.95 } } });
  const passengers: Record<string, number> = { a: 900, b: 4000, c: 1200, d: 2500, e: 300 };
  const load = (s: SizedStation) => passengers[s.id];

  it('balances the passengers the parts serve and hands the heaviest part out first', () => {
    const parts = splitStations(['a', 'b', 'c', 'd', 'e'].map(station), 2, load);
    expect(parts).toEqual([
      ['d', 'c', 'a'],
      ['b', 'e'],
    ]);
  });

  it('gives every station a part of its own when there are parts enough, the busiest first', () => {
    expect(splitStations(['a', 'b', 'c'].map(station), 8, load)).toEqual([['b'], ['c'], ['a']]);
  });
});
