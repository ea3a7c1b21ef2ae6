// A make-up layout being changed by the local searches (makeupConsolidate.ts, makeupPerturb.ts):
// the resource of each segregation with an undo log, which segregations each resource holds, and
// the checks the searches need (does a resource fit in a window, is a flight split). Each
// resource keeps its load between consecutive start and stop times of the part, so a fit check
// reads the window's stretch of it instead of sweeping everything the resource holds: the fit
// checks were half of the searches' time.
import type { MakeupProblem } from './makeupModel';

export interface Window {
  readonly resource: number;
  readonly start: number;
  readonly stop: number;
}

/** Resource per segregation with an undo log, and the checks the chains need. */
export class Layout {
  private readonly holders: Set<number>[];
  private readonly log: [seg: number, from: number][] = [];
  /** The part's distinct start and stop times, ascending. */
  private readonly times: Float64Array;
  /** Per resource (made when first used), its load from times[k] to times[k + 1]. */
  private readonly loads: (Int32Array | undefined)[];
  /** Per segregation of the part, the stretches it covers: from first[i] to before last[i]. */
  private readonly first: Int32Array;
  private readonly last: Int32Array;
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
    this.holders = problem.resources.map(() => new Set<number>());
    for (const i of ids) if (chosen[i] >= 0) this.place(i, chosen[i]);
  }

  on(resource: number): Set<number> {
    return this.holders[resource];
  }

  move(seg: number, to: number): void {
    this.log.push([seg, this.chosen[seg]]);
    this.relocate(seg, to);
  }

  mark(): number {
    return this.log.length;
  }

  /** The flights whose segregations moved since `mark`. */
  flightsMovedSince(mark: number): Set<number> {
    return new Set(this.log.slice(mark).map(([seg]) => this.problem.segs[seg].flight));
  }

  undo(mark: number): void {
    while (this.log.length > mark) {
      const [seg, from] = this.log.pop()!;
      this.relocate(seg, from);
    }
  }

  /** Whether the resource holds its segregations within its positions throughout the window. */
  fits({ resource, start, stop }: Window): boolean {
    this.checks++;
    const load = this.loads[resource];
    if (!load) return true;
    const capacity = this.problem.resources[resource].positions;
    // The stretches from the one holding `start` to the last beginning before `stop`.
    const to = this.firstAtOrAfter(stop);
    for (let k = Math.max(0, this.firstAfter(start) - 1); k < to; k++) {
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
    this.holders[resource].add(seg);
    this.chosen[seg] = resource;
    this.addLoad(seg, resource, this.problem.segs[seg].width);
  }

  private remove(seg: number, resource: number): void {
    this.holders[resource].delete(seg);
    this.addLoad(seg, resource, -this.problem.segs[seg].width);
  }

  private addLoad(seg: number, resource: number, width: number): void {
    const load = (this.loads[resource] ??= new Int32Array(this.times.length));
    for (let k = this.first[seg], end = this.last[seg]; k < end; k++) load[k] += width;
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
