// The depth search with the real Chuffed (MiniZinc's WebAssembly build in a worker thread): it
// reaches and proves brute-force optima (one row, or two with phases and locks) and instance3's
// published optimum from a poor start, a question it cannot decide never turns into a proof, and
// the engine proves the 2022 instance a12's optimum.
import { afterAll, describe, expect, it } from 'vitest';
import loadHighs from 'highs';
import { allocateCheckin, lowerBounds } from './checkin';
import { depthSearch } from './checkinDepth';
import { problemFromAccap, scoreCheckin, type CheckinProblem } from './checkinModel';
import { greedyCheckin } from './checkinSearch';
import type { CpSolver } from './cp';
import { parseAccapInstance } from './schema';
import { Chuffed } from '../cli/chuffed';
import { accapBruteForce, bruteForceRows, type GroupToPlace, randomAccap } from '../../tests/support/accapBruteForce';
import { mulberry32 } from './random';
import { readSharedText } from '../../tests/support/sharedData';
import { longProof } from '../../tests/support/longProofs';

const chuffed = new Chuffed((message) => {
  throw new Error(message);
});
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

const ROW_SIZES = [4, 3];

/** Five flights of three airlines on rows of 4 and 3 counters: some in two phases, some held to one row, one locked. */
function randomLayout(seed: number): GroupToPlace[] {
  const random = mulberry32(seed);
  const groups = Array.from({ length: 5 }, (): GroupToPlace => {
    const airline = String(Math.floor(random() * 3));
    const start = Math.floor(random() * 4);
    const phases = random() < 0.4 ? 2 : 1;
    const blocks = Array.from({ length: phases }, (_, k) => ({
      airline,
      start: start + 2 * k,
      end: start + 2 * k + 2,
      counters: 1 + Math.floor(random() * 3),
    }));
    const rows = random() < 0.3 ? [Math.floor(random() * 2)] : [0, 1];
    return { blocks, rows };
  });
  // A one-counter-wide flight locked to the last counter of the second row: every layout is 7 deep.
  groups[4] = { blocks: [{ ...groups[4].blocks[0], counters: 1 }], rows: [1], locked: ROW_SIZES[0] + ROW_SIZES[1] };
  return groups;
}

/** The engine's problem for groups on rows of these sizes (global counter numbers, rows end to end). */
function problemOfGroups(groups: readonly GroupToPlace[], rowSizes: readonly number[]): CheckinProblem {
  const airlines = [...new Set(groups.flatMap((g) => g.blocks.map((b) => b.airline)))];
  const blocks = groups.flatMap((g, k) =>
    g.blocks.map((b, phase) => ({
      flight: `F${k}`,
      phase: g.blocks.length > 1 ? phase : null,
      airline: airlines.indexOf(b.airline),
      start: b.start,
      stop: b.end,
      from: b.start,
      to: b.end,
      width: b.counters,
      rows: g.rows,
      locked: g.locked ?? 0,
      group: k,
    })),
  );
  const rows = rowSizes.map((size, r) => ({ id: String(r), size, offset: rowSizes.slice(0, r).reduce((a, b) => a + b, 0) }));
  return {
    blocks,
    groups: groups.map((g, k) => ({ blocks: blocks.flatMap((b, i) => (b.group === k ? [i] : [])), width: Math.max(...g.blocks.map((b) => b.counters)) })),
    rows,
    airlines,
    slots: Math.max(...blocks.map((b) => b.stop)),
    counters: rowSizes.reduce((a, b) => a + b, 0),
    sizing: [],
  };
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
      satisfy: (models, data, ms) => {
        const answer = chuffed.satisfy(models, data, ms);
        return answer.status === 'unsatisfiable' ? { status: 'unknown' } : answer;
      },
    };
    const result = depthSearch(problem, { ...greedy(problem), bound: lower.objective }, lower, undecided, 30_000, forever);
    expect(result.best.objective).toBe(optimum);
    expect(result.bound).toBe(lower.objective);
  }, 120_000);

  it('keeps its layout and asks nothing more once the solver has failed', () => {
    const problem = problemFromAccap(parseAccapInstance(randomInstance(2)));
    const lower = weakBounds(problem);
    const start = greedy(problem);
    let asked = 0;
    const broken: CpSolver = {
      satisfy: () => {
        asked++;
        return { status: 'failed', error: 'out of memory' };
      },
    };
    const result = depthSearch(problem, { ...start, bound: lower.objective }, lower, broken, 30_000, forever);
    expect(asked).toBe(1);
    expect(result.best).toEqual(start.best);
    expect(result.bound).toBe(lower.objective);
  });

  it('reaches and proves brute-force optima on two rows, with phased flights, rows a flight may not use and a lock', () => {
    let checked = 0;
    for (let seed = 1; checked < 3 && seed <= 20; seed++) {
      const groups = randomLayout(seed);
      const problem = problemOfGroups(groups, ROW_SIZES);
      const optimum = bruteForceRows(groups, ROW_SIZES);
      const start = greedy(problem);
      const lower = weakBounds(problem);
      // Only days the greedy places entirely: the depth search starts from such a layout.
      if (!Number.isFinite(optimum) || start.best.unplaced > 0 || lower.objective >= optimum) continue;
      checked++;
      const result = depthSearch(problem, { ...start, bound: lower.objective }, lower, chuffed, 30_000, forever);
      expect(result.best.objective).toBe(optimum);
      expect(scoreCheckin(problem, result.first)).toEqual(result.best);
      expect(result.bound).toBe(optimum);
      problem.groups.forEach((g) => expect(new Set(g.blocks.map((i) => result.first[i])).size).toBe(1));
      const locked = problem.blocks.findIndex((b) => b.locked > 0);
      if (locked >= 0) expect(result.first[locked]).toBe(problem.blocks[locked].locked);
    }
    expect(checked).toBe(3);
  }, 180_000);

  longProof(
    "reaches and proves ACCAP instance3's published optimum 89 from the greedy layout",
    () => {
      const instance = JSON.parse(readSharedText('accap', 'mznc2019_accap_instance3.json')) as unknown;
      const problem = problemFromAccap(parseAccapInstance(instance));
      const lower = lowerBounds(problem);
      const start = greedy(problem);
      expect(start.best.objective).toBeGreaterThan(89);
      // The refusals at 88 take about 10 s on a quiet 2-core machine; the limit leaves room for a busy one.
      const now = () => performance.now();
      const result = depthSearch(problem, { ...start, bound: lower.objective }, lower, chuffed, now() + 150_000, now);
      expect(result.best.objective).toBe(89);
      expect(scoreCheckin(problem, result.first)).toEqual(result.best);
      expect(result.bound).toBe(89);
    },
    180_000,
  );

  // 100 flights, 12 airlines: the optimum 127 is the engine's lower bound (the busiest moment's
  // 41 counters and the least spreads), so it is proven the moment a layout reaches it. Placing
  // the widest blocks first finds it in about 22 s (npm run bench:alloc; 27 s with another run
  // beside it); by the smallest domain first it took most of a minute, and 45 s ended at 128.
  longProof(
    "proves the 2022 instance a12's optimum 127",
    async () => {
      // It stops once proven: 21 to 28 s on a quiet machine, 54 s on this one on a slow day (the
      // engine's own limit is generous so that a slow machine does not fail a correct search).
      const instance = JSON.parse(readSharedText('accap', 'mznc2022_accap_a12_f100_t60.json')) as unknown;
      const result = allocateCheckin(instance, { highs: await loadHighs(), cp: chuffed, timeLimitS: 100 });
      expect(result).toMatchObject({ objective: 127, bound: 127, optimal: true });
    },
    160_000,
  );
});
