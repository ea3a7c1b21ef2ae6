// A make-up layout being changed by the local searches (makeupConsolidate.ts, makeupPerturb.ts):
// the resource of each segregation with an undo log, which segregations each resource holds, and
// the checks the searches need (does a resource fit in a window, is a flight split).
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
  checks = 0;

  constructor(
    private readonly problem: MakeupProblem,
    ids: readonly number[],
    readonly chosen: Int32Array,
  ) {
    this.holders = problem.resources.map(() => new Set<number>());
    for (const i of ids) if (chosen[i] >= 0) this.holders[chosen[i]].add(i);
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
    const { segs } = this.problem;
    // A sweep over the starts and stops inside the window: stops before starts at equal times.
    const events: number[] = [];
    for (const i of this.holders[resource]) {
      const s = segs[i];
      if (s.start >= stop || start >= s.stop) continue;
      events.push(Math.max(s.start, start) * 2 + 1, s.width, Math.min(s.stop, stop) * 2, -s.width);
    }
    const order = Array.from({ length: events.length / 2 }, (_, k) => k * 2).sort((a, b) => events[a] - events[b]);
    const capacity = this.problem.resources[resource].positions;
    let load = 0;
    for (const k of order) if ((load += events[k + 1]) > capacity) return false;
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
    this.holders[this.chosen[seg]].delete(seg);
    this.holders[to].add(seg);
    this.chosen[seg] = to;
  }
}
