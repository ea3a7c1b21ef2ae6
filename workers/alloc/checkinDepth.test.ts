// The depth search with the real Chuffed (MiniZinc's WebAssembly build in a worker thread): it
// reaches and proves brute-force optima and instance3's published optimum from a poor start, and
// a question it cannot decide never turns into a proof.
import { afterAll, describe, expect, it } from 'vitest';
import { lowerBounds } from './checkin';
import { depthSearch } from './checkinDepth';
import { problemFromAccap, scoreCheckin, type CheckinProblem } from './checkinModel';
import { greedyCheckin } from './checkinSearch';
import type { CpSolver } from './cp';
import { parseAccapInstance } from './schema';
import { Chuffed } from '../cli/chuffed';
import { accapBruteForce, randomAccap } from '../../tests/support/accapBruteForce';
import { readSharedText } from '../../tests/support/sharedData';

const chuffed = new Chuffed();
afterAll(() => chuffed.close());

/** Small instances of two airlines, drawn from a seed. */
const randomInstance = (seed: number) => randomAccap(seed, { flights: 6, airlines: 2, times: 6, maxCounters: 3 });

/** The engine's greedy layout, before any search: valid, and often not optimal. */
function greedy(problem: CheckinProblem) {
  const search = greedyCheckin(problem);
  return { best: search.score(), first: Int32Array.from(search.first) };
}

const forever = () => 0;

/**
 * Valid but weaker than the engine's (half its spreads), so the proofs above it are the depth
 * search's own: the engine's bound is already tight on instances this small.
 */
function weakBounds(problem: CheckinProblem) {
  const { maxCounter, spread } = lowerBounds(problem);
  const halved = spread.map((s) => Math.floor(s / 2));
  return { maxCounter, spread: halved, spreadSum: halved.reduce((a, b) => a + b, 0), objective: maxCounter + halved.reduce((a, b) => a + b, 0) };
}

describe('the depth search', () => {
  it('reaches and proves the brute-force optimum from the greedy layout', () => {
    let improved = 0;
    for (let seed = 1; seed <= 3; seed++) {
      const instance = randomInstance(seed);
      const problem = problemFromAccap(parseAccapInstance(instance));
      const lower = weakBounds(problem);
      const optimum = accapBruteForce(instance.flights);
      expect(lower.objective).toBeLessThan(optimum);
      const start = greedy(problem);
      const result = depthSearch(problem, { ...start, bound: lower.objective }, lower, chuffed, 30_000, forever);
      if (result.best.objective < start.best.objective) improved++;
      expect(result.best.objective).toBe(optimum);
      expect(scoreCheckin(problem, result.first)).toEqual(result.best);
      expect(result.bound).toBe(optimum);
    }
    // Layouts found by the solver, not only proofs of the greedy's.
    expect(improved).toBeGreaterThan(0);
  }, 180_000);

  it('proves nothing when a question is left undecided', () => {
    const instance = randomInstance(2);
    const problem = problemFromAccap(parseAccapInstance(instance));
    const lower = weakBounds(problem);
    const optimum = accapBruteForce(instance.flights);
    expect(lower.objective).toBeLessThan(optimum);
    // A solver that cannot decide any refusal: layouts it finds still count, the proof never comes.
    const undecided: CpSolver = {
      satisfy: (model, data, ms) => {
        const answer = chuffed.satisfy(model, data, ms);
        return answer.status === 'unsatisfiable' ? { status: 'unknown' } : answer;
      },
    };
    const result = depthSearch(problem, { ...greedy(problem), bound: lower.objective }, lower, undecided, 30_000, forever);
    expect(result.best.objective).toBe(optimum);
    expect(result.bound).toBe(lower.objective);
  }, 120_000);

  it("reaches and proves ACCAP instance3's published optimum 89 from the greedy layout", () => {
    const instance = JSON.parse(readSharedText('accap', 'mznc2019_accap_instance3.json')) as unknown;
    const problem = problemFromAccap(parseAccapInstance(instance));
    const lower = lowerBounds(problem);
    const start = greedy(problem);
    expect(start.best.objective).toBeGreaterThan(89);
    // The refusals at 88 take about 18 s on a quiet 2-core machine; the limit leaves room for a busy one.
    const now = () => performance.now();
    const result = depthSearch(problem, { ...start, bound: lower.objective }, lower, chuffed, now() + 150_000, now);
    expect(result.best.objective).toBe(89);
    expect(scoreCheckin(problem, result.first)).toEqual(result.best);
    expect(result.bound).toBe(89);
  }, 180_000);
});
