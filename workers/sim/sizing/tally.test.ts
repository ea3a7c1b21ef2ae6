// The interval of a removal's share (estimateChangedShare) on a synthetic plan whose change is
// correlated with the plan's own share, as a removal's is: busy replications both meet the target
// less and lose more to the removal. Its coverage of the exact share must be the stated 95 %.
import { describe, expect, it } from 'vitest';
import { Stream } from '../random';
import { estimateChangedShare } from './tally';
import type { SizingTally } from './types';

const ID = 'desk';
const PLAN = { N: 400, n: 200 };

/** A replication's load L in [0, 1): 100 arrivals, share 0.99 - 0.3 L; a removal loses each within-target passenger with chance 0.3 L. */
const ARRIVALS = 100;
const share = (load: number) => 0.99 - 0.3 * load;
const loss = (load: number) => 0.3 * load;

function binomial(rng: Stream, trials: number, p: number): number {
  let k = 0;
  for (let i = 0; i < trials; i++) if (rng.uniform() < p) k++;
  return k;
}

/** One replication of the plan and of the changed plan, on the same draws. */
function replication(rng: Stream): { base: SizingTally; changed: SizingTally } {
  const load = rng.uniform();
  const arrivals = ARRIVALS;
  const within = binomial(rng, arrivals, share(load));
  const lost = binomial(rng, within, loss(load));
  const tally = (w: number): SizingTally => ({ [ID]: { arrivals: [arrivals], within: [w] } });
  return { base: tally(within), changed: tally(within - lost) };
}

/** The changed plan's exact share, E[share(L) (1 - loss(L))] over L uniform: 0.99 - 0.597 / 2 + 0.09 / 3. */
const EXACT = 0.99 - (0.3 + 0.3 * 0.99) / 2 + 0.09 / 3;

describe('the interval of a removal read as its change to the plan', () => {
  it('covers the exact share 95 % of the time when the change follows the load', () => {
    const rng = new Stream(7, 0);
    const experiments = 400;
    let covered = 0;
    for (let e = 0; e < experiments; e++) {
      const runs = Array.from({ length: PLAN.N }, () => replication(rng));
      const estimate = estimateChangedShare(
        runs.map((r) => r.base),
        runs.slice(0, PLAN.n).map((r) => r.changed),
        ID,
        0,
      );
      if (estimate.ci95[0] <= EXACT && EXACT <= estimate.ci95[1]) covered++;
    }
    // 400 experiments (a standard error of 0.011): a true 95 % reads outside 0.92 to 0.98 about
    // one time in 150. On these draws it reads 0.96; the same interval without the covariance
    // term reads 0.90 (too narrow) and one adding the two half-widths, as before, 0.99 (too wide).
    expect(covered / experiments).toBeGreaterThanOrEqual(0.92);
    expect(covered / experiments).toBeLessThanOrEqual(0.98);
  });
});
