// A station run alone on the arrivals its depth recorded must count what the whole network
// counts for it under the same plan and replication: the sizing's speed rests on it. Checked on
// the small airport (check-in groups of pools, then a checkpoint of two resources) and on a
// network whose deterministic services make arrivals coincide (the event list's fallback).
import { describe, expect, it } from 'vitest';
import { evaluateBatchSync } from './evaluate';
import { prepareSizing } from './problem';
import { smallAirport } from './smallAirport.fixture';
import { LayerRuns } from './stationRuns';
import type { SizingPlan, SizingProblem } from './types';

/** Every sized station's counts both ways, under a plan, over replications 0..n-1. */
function compare(problem: SizingProblem, plan: SizingPlan, n: number) {
  const depths = [...new Set(problem.sized.map((s) => s.depth))];
  const runs = new Map(depths.map((d) => [d, new LayerRuns(problem, plan, d)]));
  for (let r = 0; r < n; r++) {
    const whole = evaluateBatchSync(problem, { plan, replications: [r] });
    for (const s of problem.sized) {
      const alone = runs.get(s.depth)!.tally(s, plan[s.id], r);
      expect(alone, `${s.id}, replication ${r}`).toEqual(whole[s.id] ?? { arrivals: [], within: [] });
    }
  }
}

describe('a station run alone', () => {
  it('counts what the whole network counts, at every depth, for a plan that opens few positions', () => {
    const problem = prepareSizing(smallAirport());
    expect(new Set(problem.sized.map((s) => s.depth)).size).toBe(2);
    // Few positions: queues build, so a wrong stream or a wrong arrival would change the counts.
    const plan = Object.fromEntries(problem.sized.map((s) => [s.id, Array.from({ length: 24 }, (_, p) => 1 + (p % 2))]));
    compare(problem, plan, 6);
    const some = evaluateBatchSync(problem, { plan, replications: [0] });
    const counted = Object.values(some).flatMap((t) => t.arrivals);
    const within = Object.values(some).flatMap((t) => t.within);
    expect(counted.reduce((a, n) => a + n, 0)).toBeGreaterThan(within.reduce((a, n) => a + n, 0));
  });

  it('falls back to the whole network when arrivals coincide', () => {
    // Arrivals every minute and a 2-minute deterministic desk: the checkpoint's arrivals meet
    // other events at whole minutes.
    const problem = prepareSizing({
      kind: 'network',
      sources: [{ id: 'a', to: 'desk', arrivals: { type: 'times', minutes: Array.from({ length: 40 }, (_, i) => i) } }],
      stations: [
        {
          id: 'desk',
          size: { max_servers: 4, period_minutes: 10, target: { wait_minutes: 2, share: 0.9 } },
          service: { dist: 'deterministic', mean_minutes: 2 },
          routes: [{ to: 'check', p: 1 }],
        },
        {
          id: 'check',
          size: { max_servers: 3, period_minutes: 10, target: { wait_minutes: 1, share: 0.9 } },
          service: { dist: 'deterministic', mean_minutes: 1 },
        },
      ],
    });
    compare(problem, { desk: [1, 2, 1, 2, 1], check: [1, 1, 2, 1, 1, 1] }, 2);
  });
});
