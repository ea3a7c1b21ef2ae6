// Check-in placement without a solver: a cheapest-insertion greedy (each block at the counter
// that raises the ACCAP objective least, lowest counter on ties) from a few block orders, then a
// ruin-and-recreate search that lifts out an airline, a band of counters or the blocks on top and
// inserts them again, keeping changes that are no worse. Deterministic for a given seed. What it
// moves is a block group (a flight's phases, placed together at one first counter).
import { AllocError } from './errors';
import { type CheckinProblem, type CheckinScore, airlineSpread, compareCheckin, scoreCheckin } from './checkinModel';

/** Global first counter per block (0 = unplaced) on a slot × counter grid. */
class Layout {
  readonly first: Int32Array;
  private readonly cells: Uint8Array;
  private readonly stride: number;
  constructor(private readonly problem: CheckinProblem) {
    this.first = new Int32Array(problem.blocks.length);
    this.stride = problem.counters + 2;
    this.cells = new Uint8Array(problem.slots * this.stride);
  }
  put(b: number, first: number): void {
    this.mark(b, first, 1);
    this.first[b] = first;
  }
  lift(b: number): void {
    if (this.first[b] > 0) this.mark(b, this.first[b], 0);
    this.first[b] = 0;
  }
  private mark(b: number, first: number, value: number): void {
    const { start, stop, width } = this.problem.blocks[b];
    for (let t = start; t < stop; t++) this.cells.fill(value, t * this.stride + first, t * this.stride + first + width);
  }
  /** 1 for each counter (1..limit) busy in some slot of block b's time. */
  busyDuring(b: number, limit: number): Uint8Array {
    const { start, stop } = this.problem.blocks[b];
    const busy = new Uint8Array(limit + 2);
    for (let t = start; t < stop; t++) {
      const row = t * this.stride;
      for (let k = 1; k <= limit; k++) busy[k] |= this.cells[row + k];
    }
    return busy;
  }
}

interface AirlineState {
  members: number[];
}

export class CheckinSearch {
  private readonly layout: Layout;
  private readonly airlines: AirlineState[];
  private maxCounter = 0;

  constructor(private readonly problem: CheckinProblem) {
    this.layout = new Layout(problem);
    this.airlines = problem.airlines.map(() => ({ members: [] }));
    problem.blocks.forEach((b, i) => {
      if (b.locked <= 0) return;
      if (!this.fitsAt(i, b.locked)) {
        throw new AllocError('locked_conflict', 'locked', `locked "${b.flight}" overlaps another locked flight`);
      }
      this.placeBlock(i, b.locked);
    });
  }

  get first(): Int32Array {
    return this.layout.first;
  }

  score(): CheckinScore {
    return scoreCheckin(this.problem, this.layout.first);
  }

  /** The first counter of group g (0 when unplaced). */
  private groupFirst(g: number): number {
    return this.layout.first[this.problem.groups[g].blocks[0]];
  }

  private fitsAt(b: number, first: number): boolean {
    const w = this.problem.blocks[b].width;
    const busy = this.layout.busyDuring(b, Math.min(this.problem.counters, first + w));
    for (let k = first; k < first + w; k++) if (busy[k]) return false;
    return true;
  }

  private placeBlock(b: number, first: number): void {
    this.layout.put(b, first);
    this.airlines[this.problem.blocks[b].airline].members.push(b);
    this.maxCounter = Math.max(this.maxCounter, first + this.problem.blocks[b].width - 1);
  }

  private place(g: number, first: number): void {
    for (const b of this.problem.groups[g].blocks) this.placeBlock(b, first);
  }

  private unplace(g: number): void {
    for (const b of this.problem.groups[g].blocks) {
      const members = this.airlines[this.problem.blocks[b].airline].members;
      members.splice(members.indexOf(b), 1);
      this.layout.lift(b);
    }
  }

  private refreshMax(): void {
    let max = 0;
    this.problem.blocks.forEach((blk, i) => {
      if (this.layout.first[i] > 0) max = Math.max(max, this.layout.first[i] + blk.width - 1);
    });
    this.maxCounter = max;
  }

  /**
   * 1 at each first counter c (1..limit) where some block of group g would meet a busy counter:
   * per block, a window of its own width slides over the counters busy in its own slots.
   */
  private blockedStarts(g: number, limit: number): Uint8Array {
    const blocked = new Uint8Array(limit + 2);
    const before = new Int32Array(limit + 2);
    for (const b of this.problem.groups[g].blocks) {
      const busy = this.layout.busyDuring(b, limit);
      for (let k = 1; k <= limit; k++) before[k] = before[k - 1] + busy[k];
      const w = this.problem.blocks[b].width;
      for (let c = 1; c <= limit; c++) if (before[Math.min(limit, c + w - 1)] > before[c - 1]) blocked[c] = 1;
    }
    return blocked;
  }

  /** Puts group g where it raises the objective least; false when no row has room. */
  insert(g: number): boolean {
    const { problem } = this;
    const group = problem.groups[g];
    const block = problem.blocks[group.blocks[0]];
    const members = this.airlines[block.airline].members;
    const firsts = members.map((m) => this.layout.first[m]);
    const tops = members.map((m) => this.layout.first[m] + problem.blocks[m].width - 1);
    const spread = airlineSpread(firsts, tops);
    let minFirst = Infinity;
    let maxTop = -Infinity;
    for (let k = 0; k < firsts.length; k++) {
      minFirst = Math.min(minFirst, firsts[k]);
      maxTop = Math.max(maxTop, tops[k]);
    }
    const w = group.width;
    const limit = Math.min(problem.counters, this.maxCounter + w);
    const blocked = this.blockedStarts(g, limit);
    // A group of several blocks counts among its airline's as a pair at least (its widest phase).
    const own = group.blocks.length > 1 ? w - 1 : 0;
    let best = 0;
    let bestCost = Infinity;
    for (const r of block.rows) {
      const row = problem.rows[r];
      const lo = row.offset + 1;
      const hi = Math.min(row.offset + row.size - w + 1, Math.max(lo, this.maxCounter + 1));
      for (let c = lo; c <= hi; c++) {
        if (blocked[c]) continue;
        const top = c + w - 1;
        const newSpread = members.length === 0 ? own : Math.max(spread, own, top - minFirst, maxTop - c);
        const cost = Math.max(0, top - this.maxCounter) + newSpread - spread;
        if (cost < bestCost) {
          bestCost = cost;
          best = c;
        }
      }
    }
    if (best === 0) return false;
    this.place(g, best);
    return true;
  }

  /** Places the given groups that are not placed yet, in that order (a fresh greedy when the layout is empty). */
  insertAll(order: readonly number[]): void {
    for (const g of order) if (this.groupFirst(g) === 0) this.insert(g);
  }

  /**
   * Ruin and recreate until `stop()` says so, the objective reaches `floor`, or 20 n² tries in a
   * row bring nothing (small problems settle fast; large ones use the time). Keeps the best
   * layout seen and returns its score. `random` is a seeded generator in [0, 1).
   */
  improve(random: () => number, stop: () => boolean, floor = -Infinity): CheckinScore {
    const { problem } = this;
    const movable = problem.groups.flatMap((g, i) => (problem.blocks[g.blocks[0]].locked > 0 ? [] : [i]));
    let current = this.score();
    let best = current;
    let bestFirst = Int32Array.from(this.layout.first);
    if (movable.length === 0) return best;
    const patience = Math.max(1000, 20 * movable.length * movable.length);
    for (let since = 0; since < patience && !(best.unplaced === 0 && best.objective <= floor) && !stop(); since++) {
      const removed = this.pickRuin(random, movable);
      for (const g of movable) if (this.groupFirst(g) === 0 && !removed.includes(g)) removed.push(g);
      const before = removed.map((g) => this.groupFirst(g));
      for (const g of removed) if (this.groupFirst(g) > 0) this.unplace(g);
      this.refreshMax();
      this.insertAll(this.recreateOrder(removed, random));
      const next = this.score();
      if (compareCheckin(next, current) <= 0) {
        current = next;
        if (compareCheckin(next, best) < 0) {
          best = next;
          bestFirst = Int32Array.from(this.layout.first);
          since = 0;
        }
      } else {
        for (const g of removed) if (this.groupFirst(g) > 0) this.unplace(g);
        removed.forEach((g, k) => {
          if (before[k] > 0) this.place(g, before[k]);
        });
        this.refreshMax();
      }
    }
    this.reset(bestFirst);
    return best;
  }

  /** Replaces the layout by the given first counters (the same for every block of a group). */
  reset(first: Int32Array): void {
    this.problem.groups.forEach((_, g) => {
      if (this.groupFirst(g) > 0) this.unplace(g);
    });
    this.problem.groups.forEach((group, g) => {
      const f = first[group.blocks[0]];
      if (f > 0) this.place(g, f);
    });
    this.refreshMax();
  }

  /** Groups to lift out: one or two airlines', those in a band of counters and time, or those on top. */
  private pickRuin(random: () => number, movable: readonly number[]): number[] {
    const { problem } = this;
    const kind = random();
    const first = this.layout.first;
    const any = (g: number, test: (b: number) => boolean) => problem.groups[g].blocks.some(test);
    if (kind < 0.4) {
      const a1 = Math.floor(random() * problem.airlines.length);
      const a2 = random() < 0.5 ? Math.floor(random() * problem.airlines.length) : a1;
      return movable.filter((g) => any(g, (b) => problem.blocks[b].airline === a1 || problem.blocks[b].airline === a2));
    }
    if (kind < 0.8) {
      const height = 2 + Math.floor(random() * 12);
      const low = 1 + Math.floor(random() * Math.max(1, this.maxCounter - height + 1));
      const t0 = Math.floor(random() * problem.slots);
      const t1 = t0 + 1 + Math.floor(random() * problem.slots * 0.5);
      return movable.filter((g) =>
        any(g, (b) => {
          const blk = problem.blocks[b];
          return first[b] > 0 && first[b] <= low + height && first[b] + blk.width > low && blk.start < t1 && t0 < blk.stop;
        }),
      );
    }
    return movable.filter((g) => any(g, (b) => first[b] + problem.blocks[b].width - 1 >= this.maxCounter - 1) || random() < 0.05);
  }

  private recreateOrder(removed: readonly number[], random: () => number): number[] {
    const { blocks, groups } = this.problem;
    const airline = (g: number) => blocks[groups[g].blocks[0]].airline;
    const start = (g: number) => blocks[groups[g].blocks[0]].start;
    const airlineKey = new Map<number, number>();
    for (const g of removed) if (!airlineKey.has(airline(g))) airlineKey.set(airline(g), random());
    const jitter = new Map(removed.map((g) => [g, random()]));
    const byWidth = random() < 0.5;
    return [...removed].sort(
      (a, b) =>
        airlineKey.get(airline(a))! - airlineKey.get(airline(b))! ||
        (byWidth ? groups[b].width - groups[a].width : start(a) - start(b)) ||
        jitter.get(a)! - jitter.get(b)!,
    );
  }
}

/** Initial group orders tried by the greedy: airline by airline (largest first), widest first, earliest first. */
function greedyOrders(problem: CheckinProblem): number[][] {
  const { blocks, groups } = problem;
  const ids = groups.map((_, i) => i);
  const airline = (g: number) => blocks[groups[g].blocks[0]].airline;
  const start = (g: number) => blocks[groups[g].blocks[0]].start;
  const area = new Map<number, number>();
  for (const b of blocks) area.set(b.airline, (area.get(b.airline) ?? 0) + b.width * (b.stop - b.start));
  return [
    [...ids].sort((a, b) => area.get(airline(b))! - area.get(airline(a))! || airline(a) - airline(b) || groups[b].width - groups[a].width || a - b),
    [...ids].sort((a, b) => groups[b].width - groups[a].width || airline(a) - airline(b) || a - b),
    [...ids].sort((a, b) => start(a) - start(b) || airline(a) - airline(b) || a - b),
  ];
}

/** The best greedy layout over the standard orders. */
export function greedyCheckin(problem: CheckinProblem): CheckinSearch {
  let best: CheckinSearch | null = null;
  for (const order of greedyOrders(problem)) {
    const search = new CheckinSearch(problem);
    search.insertAll(order);
    if (!best || compareCheckin(search.score(), best.score()) < 0) best = search;
  }
  return best!;
}
