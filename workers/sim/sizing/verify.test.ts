// The acceptance standard of a sized plan (issue 33): an independent re-simulation of the returned
// plan, on a seed neither the search nor the verification used, finds no period significantly
// below the target share minus 0.01 (its 95 % interval reaches that), and no period from which
// one position fewer would keep every period significantly above the target plus 0.01. On the
// time-varying day where the search alone returned plans two to three points short, and on a
// security-like checkpoint with 15-minute periods. A period's share varies wildly
// between replications (a burst leaves most of a small period waiting: one replication's share
// has a spread of about 0.3), so the re-simulation is judged by its own intervals, with 2,000
// replications rather than 600 for the power stated below. Measured over seeds 1 to 10 of the
// day and 1 to 6 of the checkpoint: no plan had a period significantly short; one of each had a
// position that could go by this standard (seed 2 of the day, seed 3 of the checkpoint),
// which its verification had found too close to call.
import { describe, expect } from 'vitest';
import { longProof } from '../../../tests/support/longProofs';
import { evaluateBatchSync } from './evaluate';
import { prepareSizing } from './problem';
import { sizeToTarget } from './search';
import { estimateShare } from './tally';
import type { ShareEstimate, SizingProblem } from './types';

const clock = () => performance.now();
const HOLD_OUT = 2000;
const SLACK = 0.01;

function queue(seed: number, service: number, interval: number, rates: number[], size: object) {
  return {
    kind: 'network',
    seed,
    sources: [{ id: 'pax', to: 'desk', arrivals: { type: 'piecewise_poisson', interval_minutes: interval, rates_per_hour: rates } }],
    stations: [{ id: 'desk', size, service: { dist: 'exponential', mean_minutes: service } }],
  };
}

/** Every period's share of a plan over HOLD_OUT replications of a problem prepared with another seed. */
function holdOut(problem: SizingProblem, servers: number[]): ShareEstimate[] {
  const tallies = Array.from({ length: HOLD_OUT }, (_, r) => evaluateBatchSync(problem, { plan: { desk: servers }, replications: [r] }));
  return servers.map((_, p) => estimateShare(tallies, 'desk', p));
}

const day = (seed: number) =>
  queue(seed, 2, 30, [120, 240, 480, 600, 480, 300, 180, 60], { max_servers: 30, period_minutes: 30, target: { wait_minutes: 10, share: 0.95 } });
const checkpoint = (seed: number) =>
  queue(seed, 0.5, 15, [600, 1200, 2400, 3000, 2400, 1200, 600], { max_servers: 40, period_minutes: 15, target: { wait_minutes: 5, share: 0.95 } });

// The day is the issue's: the search alone returned [4, 7, 16, 21, 17, 11, 8, 4], whose true
// shares in the last three periods are 0.934, 0.927 and 0.950 (scheduleTheory.test.ts).
const cases = [
  { name: 'a check-in day in 30-minute periods', doc: day(1) },
  { name: 'a security checkpoint in 15-minute periods', doc: checkpoint(1) },
];
const SHARE = 0.95;

// Each case sizes its queue and re-simulates the plan and each removal from it 2,000 times: about
// 10 s alone on a 2-core machine, over a minute beside browser tests in a .ci/run (one timed out
// at 60 s there).
describe('a sized plan re-simulated on fresh seeds', { timeout: 180_000 }, () => {
  for (const { name, doc } of cases) {
    longProof(`holds and is minimal within a point, ${name}`, async () => {
      const out = await sizeToTarget(prepareSizing(doc), { clock });
      const { servers, share_within_target: verified, period_status: status } = out.stations.desk;
      const fresh = prepareSizing(doc, { seed: 1000 + doc.seed });
      const plan = holdOut(fresh, servers);
      // Power: the intervals are at most +-0.016 wide (asserted), so a period 0.03 below the
      // target minus 0.01 fails the first check with probability > 0.97, and a removal that keeps
      // every period 0.03 above the target plus 0.01 fails the second alike.
      for (const e of plan) expect(e.ci95[1] - e.ci95[0]).toBeLessThan(0.032);
      plan.forEach((e, p) => expect(e.ci95[1], `period ${p} of ${servers.join(',')}`).toBeGreaterThanOrEqual(SHARE - SLACK));
      // A period verified as met is not significantly below the target in the fresh replications,
      // and every verified share agrees with them within both intervals.
      status.forEach((s, p) => {
        if (s === 'met') expect(plan[p].ci95[1]).toBeGreaterThanOrEqual(SHARE);
        expect(Math.abs(verified[p] - plan[p].share)).toBeLessThan(0.04);
      });
      servers.forEach((n, p) => {
        if (n <= (p === servers.length - 1 ? 1 : 0)) return;
        const fewer = holdOut(
          fresh,
          servers.map((m, q) => (q === p ? m - 1 : m)),
        );
        const worst = Math.min(...fewer.map((e) => e.ci95[0]));
        expect(worst, `one fewer in period ${p} of ${servers.join(',')}`).toBeLessThan(SHARE + SLACK);
      });
    });
  }
});
