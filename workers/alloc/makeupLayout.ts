// A make-up layout being changed by the local searches (makeupConsolidate.ts, makeupPerturb.ts):
// the resource of each segregation with an undo log, which segregations each resource holds, and
// the checks the searches need (does a resource fit in a window, is a flight split). Each
// resource keeps its load between consecutive start and stop times of the part, so a fit check
// reads the window's stretch of it instead of sweeping everything the resource holds: the fit
// checks were half of the searches' time. Load changes wait until a fit check reads them, merged
// by resource and stretch: a flight's segregations share their times, so moving a flight, or
// undoing a move, updates its stretches once, and a move undone before any check costs nothing.
import type { MakeupProblem } from './makeupModel';

export interface Window {
  readonly resource: number;
  readonly start: number;
  readonly stop: number;
  /** The part's stretches it covers, from `first` to before `last`, when known (Layout.windowOf). */
  readonly first?: number;
  readonly last?: number;
}

/** Resource per segregation with an undo log, and the checks the chains need. */
export class Layout {
  /**
   * Which segregations each resource holds, in the order they came (as a Set would keep them, so
   * the searches' choices do not depend on how this is stored): a doubly linked list per
   * resource through `next` and `prev` (-1 ends it). A Set's add and delete were a fifth of the
   * searches' time.
   */
  private readonly head: Int32Array;
  private readonly tail: Int32Array;
  private readonly next: Int32Array;
  private readonly prev: Int32Array;
  /** The undo log: each move's segregation and the resource it came from, one after the other. */
  private readonly log: number[] = [];
  /** The part's distinct start and stop times, ascending. */
  private readonly times: Float64Array;
  /** Per resource (made when first used), its load from times[k] to times[k + 1]. */
  private readonly loads: (Int32Array | undefined)[];
  /** Per segregation of the part, the stretches it covers: from first[i] to before last[i]. */
  private readonly first: Int32Array;
  private readonly last: Int32Array;
  /** Load changes not yet applied: resource, first and last stretch, width. */
  private readonly pending: number[] = [];
  checks = 0;

  constructor(
    private readonly problem: MakeupProblem,
    ids: readonly number[],
    readonly chosen: Int32Array,
  ) {
    const { segs } = problem;
    this.times = Float64Array.from(new Set(ids.flatMap((i) => [segs[i].start, segs[i].stop]))).sort();
    this.loads = problem.resources.map(() => undefined);
    this.first = new Int32Array(segs.length);
    this.last = new Int32Array(segs.length);
    for (const i of ids) {
      this.first[i] = this.firstAtOrAfter(segs[i].start);
      this.last[i] = this.firstAtOrAfter(segs[i].stop);
    }
    this.head = new Int32Array(problem.resources.length).fill(-1);
    this.tail = new Int32Array(problem.resources.length).fill(-1);
    this.next = new Int32Array(segs.length);
    this.prev = new Int32Array(segs.length);
    for (const i of ids) if (chosen[i] >= 0) this.place(i, chosen[i]);
  }

  /** The segregations on a resource, in the order they came. */
  on(resource: number): number[] {
    const list: number[] = [];
    for (let i = this.head[resource]; i >= 0; i = this.next[i]) list.push(i);
    return list;
  }

  move(seg: number, to: number): void {
    this.log.push(seg, this.chosen[seg]);
    this.relocate(seg, to);
  }

  mark(): number {
    return this.log.length;
  }

  /** The flights whose segregations moved since `mark`. */
  flightsMovedSince(mark: number): Set<number> {
    const flights = new Set<number>();
    for (let k = mark; k < this.log.length; k += 2) flights.add(this.problem.segs[this.log[k]].flight);
    return flights;
  }

  undo(mark: number): void {
    const log = this.log;
    while (log.length > mark) {
      const from = log.pop()!;
      this.relocate(log.pop()!, from);
    }
  }

  /** The window on `resource` from the first start to the last stop of the part's segregations `segs`. */
  windowOf(resource: number, segs: readonly number[]): Window {
    const all = this.problem.segs;
    let start = Infinity;
    let stop = -Infinity;
    let first = this.times.length;
    let last = 0;
    for (const i of segs) {
      start = Math.min(start, all[i].start);
      stop = Math.max(stop, all[i].stop);
      first = Math.min(first, this.first[i]);
      last = Math.max(last, this.last[i]);
    }
    return { resource, start, stop, first, last };
  }

  /** Whether the resource holds its segregations within its positions throughout the window. */
  fits({ resource, start, stop, first, last }: Window): boolean {
    this.checks++;
    if (this.pending.length > 0) this.applyPending();
    const load = this.loads[resource];
    if (!load) return true;
    const capacity = this.problem.resources[resource].positions;
    // The stretches from the one holding `start` to the last beginning before `stop`.
    const to = last ?? this.firstAtOrAfter(stop);
    for (let k = first ?? Math.max(0, this.firstAfter(start) - 1); k < to; k++) {
      if (load[k] > capacity) return false;
    }
    return true;
  }

  isSplit(flight: number): boolean {
    let first = -1;
    for (const i of this.problem.flightSegs[flight]) {
      const r = this.chosen[i];
      if (r < 0) continue;
      if (first < 0) first = r;
      else if (r !== first) return true;
    }
    return false;
  }

  private relocate(seg: number, to: number): void {
    this.remove(seg, this.chosen[seg]);
    this.place(seg, to);
  }

  private place(seg: number, resource: number): void {
    const last = this.tail[resource];
    this.prev[seg] = last;
    this.next[seg] = -1;
    if (last >= 0) this.next[last] = seg;
    else this.head[resource] = seg;
    this.tail[resource] = seg;
    this.chosen[seg] = resource;
    this.addLoad(seg, resource, this.problem.segs[seg].width);
  }

  private remove(seg: number, resource: number): void {
    const before = this.prev[seg];
    const after = this.next[seg];
    if (before >= 0) this.next[before] = after;
    else this.head[resource] = after;
    if (after >= 0) this.prev[after] = before;
    else this.tail[resource] = before;
    this.addLoad(seg, resource, -this.problem.segs[seg].width);
  }

  private addLoad(seg: number, resource: number, width: number): void {
    const pending = this.pending;
    const first = this.first[seg];
    const last = this.last[seg];
    for (let p = 0; p < pending.length; p += 4) {
      if (pending[p] === resource && pending[p + 1] === first && pending[p + 2] === last) {
        pending[p + 3] += width;
        return;
      }
    }
    pending.push(resource, first, last, width);
  }

  private applyPending(): void {
    const pending = this.pending;
    for (let p = 0; p < pending.length; p += 4) {
      const width = pending[p + 3];
      if (width === 0) continue;
      const load = (this.loads[pending[p]] ??= new Int32Array(this.times.length));
      for (let k = pending[p + 1], end = pending[p + 2]; k < end; k++) load[k] += width;
    }
    pending.length = 0;
  }

  /** Index of the first of the part's times at or after t (their count when none is). */
  private firstAtOrAfter(t: number): number {
    return this.search(t, false);
  }

  /** Index of the first of the part's times after t (their count when none is). */
  private firstAfter(t: number): number {
    return this.search(t, true);
  }

  private search(t: number, after: boolean): number {
    const { times } = this;
    let lo = 0;
    let hi = times.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (times[mid] < t || (after && times[mid] === t)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
