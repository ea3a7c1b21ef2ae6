// The perturbations after the ejection chains: on random crowded days they bring together flights
// the chains alone leave split, and never overfill a resource, change the placed set, use a
// resource a segregation may not use or split more flights.
import { describe, expect, it } from 'vitest';
import { scoreMakeup } from './makeupModel';
import { greedyMakeup } from './makeupGreedy';
import { EjectionChains } from './makeupConsolidate';
import { perturbAndRepair } from './makeupPerturb';
import { mulberry32 as rng } from './random';
import { crowdedMakeupDay, expectSamePlacement } from '../../tests/support/makeupDays';

const never = () => false;

describe('perturbAndRepair', () => {
  // Seeded work, counted in tries rather than time: its limit only stops a hang (on a loaded CI
  // machine the perturbations took 5.9 s, past vitest's default of 5 s).
  it('on random crowded days splits fewer flights than the ejection chains alone, and never more', () => {
    let fewer = 0;
    for (let seed = 1; seed <= 30; seed++) {
      const problem = crowdedMakeupDay(seed);
      const ids = problem.segs.map((_, i) => i);
      const chosen = Int32Array.from(greedyMakeup(problem, 'level').resourceOf);
      const chains = new EjectionChains(problem, ids, chosen);
      chains.converge(never);
      const before = scoreMakeup(problem, chosen);
      const placed = Array.from(chosen, (r) => r >= 0);

      perturbAndRepair(problem, chains, rng(1), never);

      const after = scoreMakeup(problem, chosen);
      expectSamePlacement(problem, chosen, placed);
      expect(after.split_flights).toBeLessThanOrEqual(before.split_flights);
      if (after.split_flights < before.split_flights) fewer++;
    }
    // Measured: fewer on 7 of the 30 days (the search is seeded, so always 7); none with the
    // perturbations switched off (STALE_TRIES = 0), where this fails.
    expect(fewer).toBeGreaterThanOrEqual(5);
  }, 30_000);
});
