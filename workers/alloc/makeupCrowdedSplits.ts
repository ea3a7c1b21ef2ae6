// A lower bound on split flights from crowded moments. At one moment, the segregations alive
// must fit the resources at once; some must be left out when they do not, and keeping every
// flight there whole (its segregations on one resource) may need more left out than that. Take
// moments whose flights are pairwise different: each needs at least its fewest left out, and the
// part leaves no more out than the placement in hand, so only so many of the moments can afford
// the extra that keeping their flights whole costs. Each of the others has a split flight of its
// own.
import { maximalCliques } from './intervals';
import type { MakeupProblem } from './makeupModel';

/** Search nodes one question (can this moment keep its flights whole?) may take before it is left undecided, which proves nothing. */
const NODE_LIMIT = 100_000;
/** Search nodes all questions of one day may take together (about a second); moments not asked prove nothing. */
const DAY_NODE_LIMIT = 500_000;
/** Segregations of one flight alive at a moment beyond which the moment is not tried (subsets double each). */
const MAX_FLIGHT_SEGS = 8;
/** Extra left out asked about per moment: one more than the fewest, or two (the bounds compare it with what the part could spare). */
const MAX_EXTRA = 2;

interface Moment {
  /** Per flight alive, its segregations alive. */
  readonly flights: readonly (readonly number[])[];
  /** Resources any of them may use. */
  readonly resources: readonly number[];
  /** Fewest segregations left out so that the rest fit the resources' positions in total. */
  readonly fewestOut: number;
  /** Positions to spare once those are out. */
  readonly slack: number;
  /** How many more must be left out to keep every flight whole (at most MAX_EXTRA, 0 when undecided). */
  extra: number;
}

/** The search nodes a day's questions have left, shared by its parts, and the job's clock. */
export interface NodeBudget {
  nodes: number;
  /** True once the job's time is up: questions then stop, undecided (which proves nothing). */
  readonly timeUp: () => boolean;
}

export const dayNodeBudget = (timeUp: () => boolean = () => false): NodeBudget => ({ nodes: DAY_NODE_LIMIT, timeUp });

/** Search nodes between two looks at the clock. */
const CLOCK_EVERY = 1024;

/**
 * Flights every placement of the part `ids` must split when it leaves at most `left`
 * segregations out. With `left` the part's unassigned count in some placement, the bound holds
 * for the lexicographic optimum, which leaves no more out.
 */
export function crowdedSplits(problem: MakeupProblem, ids: readonly number[], left: number, budget: NodeBudget): number {
  if (budget.timeUp()) return 0;
  // The most crowded moments are asked first, so a day too large for the budget asks those.
  const moments = crowdedMoments(problem, ids).sort((a, b) => b.fewestOut - a.fewestOut || a.slack - b.slack);
  for (const m of moments) {
    for (; m.extra < MAX_EXTRA && budget.nodes > 0 && !budget.timeUp(); m.extra++) {
      const packing = new WholePacking(problem, m, budget.timeUp);
      const possible = packing.possible(m.fewestOut + m.extra);
      budget.nodes -= packing.nodes;
      if (possible !== false) break;
    }
  }
  // Moments that leave most out make the spare smallest; moments that force a split count.
  const mostOut = (a: Moment, b: Moment) => b.fewestOut - a.fewestOut;
  const forcing = (a: Moment, b: Moment) => Number(b.extra > 0) - Number(a.extra > 0) || mostOut(a, b);
  return Math.max(...[mostOut, forcing].map((order) => splitsAmong(disjoint(problem, [...moments].sort(order)), left)));
}

/**
 * With `left` out in all, the moments (sharing no flight) that cannot all keep their flights
 * whole: the spare beyond their fewest pays for the smallest extras first.
 */
function splitsAmong(moments: readonly Moment[], left: number): number {
  let spare = left - moments.reduce((sum, m) => sum + m.fewestOut, 0);
  if (spare < 0) return 0;
  const extras = moments.map((m) => m.extra).sort((a, b) => a - b);
  let whole = 0;
  while (whole < extras.length && extras[whole] <= spare) spare -= extras[whole++];
  return extras.length - whole;
}

/** The moments in the order given, each kept only if it shares no flight with one kept before. */
function disjoint(problem: MakeupProblem, moments: readonly Moment[]): Moment[] {
  const taken = new Set<number>();
  return moments.filter((m) => {
    const flights = m.flights.map((list) => problem.segs[list[0]].flight);
    if (flights.some((f) => taken.has(f))) return false;
    for (const f of flights) taken.add(f);
    return true;
  });
}

/** The part's moments (maximal cliques) that need something left out or are nearly full. */
function crowdedMoments(problem: MakeupProblem, ids: readonly number[]): Moment[] {
  const { segs } = problem;
  const moments: Moment[] = [];
  for (const clique of maximalCliques(segs, ids)) {
    if (clique.some((i) => segs[i].lockedResource >= 0)) continue;
    const byFlight = new Map<number, number[]>();
    for (const i of clique) byFlight.set(segs[i].flight, [...(byFlight.get(segs[i].flight) ?? []), i]);
    const flights = [...byFlight.values()];
    if (flights.some((list) => list.length > MAX_FLIGHT_SEGS)) continue;
    const resources = [...new Set(clique.flatMap((i) => segs[i].eligible))];
    const capacity = resources.reduce((sum, r) => sum + problem.resources[r].positions, 0);
    const widths = clique.map((i) => segs[i].width).sort((a, b) => b - a);
    let excess = widths.reduce((sum, w) => sum + w, 0) - capacity;
    let fewestOut = 0;
    while (excess > 0) excess -= widths[fewestOut++];
    // Moments with room for their widest flight again seldom force a split, and each costs a search.
    const widest = Math.max(...flights.map((list) => list.reduce((sum, i) => sum + segs[i].width, 0)));
    if (fewestOut > 0 || -excess < widest) moments.push({ flights, resources, fewestOut, slack: -excess, extra: 0 });
  }
  return moments;
}

/** Depth-first search for a packing of a moment's flights, each on one resource, in part or left out. */
class WholePacking {
  private readonly room: number[];
  private roomLeft: number;
  /** Per resource, a number for which of the moment's segregations may use it: resources of one kind with equal room are interchangeable. */
  private readonly kind: number[];
  /** Above every room, so kind * stride + room names a resource's kind and room as one number. */
  private readonly stride: number;
  /** Flights, widest first. */
  private readonly order: (readonly number[])[];
  /** Per flight (in order) and resource, the ways to keep part of it there: width and how many left out, fewest out first. */
  private readonly ways: { width: number; out: number }[][][];
  /** Per k, the widths of the segregations of flights k on, widest first, summed: widest[k][n] is the n widest. */
  private readonly widest: number[][];
  /** States (next flight, budget, rooms per kind) already searched without success. */
  private readonly failed = new Set<string>();
  nodes = 0;

  constructor(
    problem: MakeupProblem,
    moment: Moment,
    private readonly timeUp: () => boolean,
  ) {
    const { segs } = problem;
    const all = moment.flights.flat();
    const kinds = new Map<string, number>();
    this.kind = moment.resources.map((r) => {
      const key = all.filter((i) => segs[i].eligible.includes(r)).join(',');
      if (!kinds.has(key)) kinds.set(key, kinds.size);
      return kinds.get(key)!;
    });
    this.room = moment.resources.map((r) => problem.resources[r].positions);
    this.roomLeft = this.room.reduce((sum, r) => sum + r, 0);
    this.stride = Math.max(...this.room) + 1;
    const width = (list: readonly number[]) => list.reduce((sum, i) => sum + segs[i].width, 0);
    this.order = [...moment.flights].sort((a, b) => width(b) - width(a));
    this.ways = this.order.map((flight) => moment.resources.map((r) => keptWays(problem, flight, r)));
    this.widest = this.order.map((_, k) => {
      const widths = this.order
        .slice(k)
        .flat()
        .map((i) => segs[i].width)
        .sort((a, b) => b - a);
      const sums = [0];
      for (const w of widths) sums.push(sums[sums.length - 1] + w);
      return sums;
    });
  }

  /** True when a packing leaving at most `budget` out exists, false when none does, null when undecided. */
  possible(budget: number): boolean | null {
    return this.place(0, budget);
  }

  private place(k: number, budget: number): boolean | null {
    if (k === this.order.length) return true;
    if (++this.nodes > NODE_LIMIT || (this.nodes % CLOCK_EVERY === 0 && this.timeUp())) return null;
    // What is left must fit the room left in total, its widest `budget` segregations left out.
    const sums = this.widest[k];
    if (sums[sums.length - 1] - sums[Math.min(budget, sums.length - 1)] > this.roomLeft) return false;
    const state = `${k}|${budget}|${this.room
      .map((room, q) => this.kind[q] * this.stride + room)
      .sort((a, b) => a - b)
      .join(',')}`;
    if (this.failed.has(state)) return false;
    const found = this.search(k, budget);
    if (found === false) this.failed.add(state);
    return found;
  }

  private search(k: number, budget: number): boolean | null {
    const flight = this.order[k];
    let undecided = false;
    const tried = new Set<number>();
    for (let q = 0; q < this.room.length; q++) {
      const key = this.kind[q] * this.stride + this.room[q];
      if (tried.has(key)) continue;
      tried.add(key);
      for (const { width, out } of this.ways[k][q]) {
        if (width > this.room[q] || out > budget) continue;
        this.room[q] -= width;
        this.roomLeft -= width;
        const found = this.place(k + 1, budget - out);
        this.room[q] += width;
        this.roomLeft += width;
        if (found) return true;
        if (found === null) undecided = true;
      }
    }
    if (flight.length <= budget) {
      const found = this.place(k + 1, budget - flight.length);
      if (found) return true;
      if (found === null) undecided = true;
    }
    return undecided ? null : false;
  }
}

/** The ways to keep part of a flight on resource r: each distinct width and count left out once, fewest out first. */
function keptWays(problem: MakeupProblem, flight: readonly number[], r: number): { width: number; out: number }[] {
  const { segs } = problem;
  const usable = flight.filter((i) => segs[i].eligible.includes(r));
  const ways = new Map<string, { width: number; out: number }>();
  for (let mask = 1; mask < 1 << usable.length; mask++) {
    const kept = usable.filter((_, b) => mask & (1 << b));
    const width = kept.reduce((sum, i) => sum + segs[i].width, 0);
    ways.set(`${width}|${kept.length}`, { width, out: flight.length - kept.length });
  }
  return [...ways.values()].sort((a, b) => a.out - b.out || b.width - a.width);
}
