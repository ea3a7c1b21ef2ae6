// Fewer split flights at a fixed placement, in two steps. First a quick swap: a split flight's
// segregations move to one resource and other flights' segregations alive with them go the other
// way. Then ejection chains: the flight's segregations come together on one resource; where that
// resource overflows, another flight's segregations on it move to a third resource as a group,
// and where that one overflows, a further flight moves on in turn (up to MAX_DEPTH moves deep,
// shallow chains first). A change is kept only when every resource it touched still fits and
// fewer of the flights it moved are split. The set of placed segregations never changes, so the
// unassigned count stays what it was.
import type { MakeupProblem } from './makeupModel';

/** How many flights a chain may move out of the way. */
const MAX_DEPTH = 2;
/** Flights tried for eviction from one overflowing resource, narrowest first. */
const EVICTION_CANDIDATES = 6;
/**
 * Resource-fit checks one flight's chains may spend (about 0.1 s) before the pass moves on: a
 * flight that cannot come together would otherwise take the time of all the others.
 */
const FLIGHT_BUDGET = 20_000;

interface Window {
  readonly resource: number;
  readonly start: number;
  readonly stop: number;
}

/** Resource per segregation with an undo log, and the checks the chains need. */
class Layout {
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

/**
 * Reduces the number of split flights among the segregations `ids`; `chosen` (a resource per
 * segregation, -1 unassigned) is changed in place and stays feasible. `timeUp` is asked between
 * flights.
 */
export function consolidateFlights(problem: MakeupProblem, ids: readonly number[], chosen: Int32Array, timeUp: () => boolean): void {
  swapPartners(problem, ids, chosen);
  ejectionChains(problem, ids, chosen, timeUp);
}

function ejectionChains(problem: MakeupProblem, ids: readonly number[], chosen: Int32Array, timeUp: () => boolean): void {
  const { segs } = problem;
  const layout = new Layout(problem, ids, chosen);
  const flights = [...new Set(ids.filter((i) => chosen[i] >= 0).map((i) => segs[i].flight))];
  const movable = (flight: number) => problem.flightSegs[flight].every((i) => segs[i].lockedResource < 0);
  const windowOf = (resource: number, moved: readonly number[]): Window => ({
    resource,
    start: Math.min(...moved.map((i) => segs[i].start)),
    stop: Math.max(...moved.map((i) => segs[i].stop)),
  });
  /** Resources every one of `moved` may use, the most promising first. */
  const targets = (moved: readonly number[], from: number, flight: number): number[] => {
    const others = problem.flightSegs[flight].filter((i) => chosen[i] >= 0 && !moved.includes(i)).map((i) => chosen[i]);
    return segs[moved[0]].eligible
      .filter((r) => r !== from && moved.every((i) => segs[i].eligible.includes(r)))
      .sort((a, b) => Number(others.includes(b)) - Number(others.includes(a)));
  };

  // A chain: while some touched resource overflows, move one flight's segregations off it.
  // `moved` holds each flight the chain moved and whether it was split before.
  const settle = (pending: readonly Window[], depth: number, moved: Map<number, boolean>): boolean => {
    if (layout.checks > limit) return false;
    const full = pending.find((w) => !layout.fits(w));
    if (!full) return fewerSplit(moved);
    if (depth === 0) return false;
    const evictable = evictionGroups(problem, layout, full, (flight) => !moved.has(flight) && movable(flight));
    for (const [flight, list] of evictable) {
      const next = new Map(moved).set(flight, layout.isSplit(flight));
      for (const to of targets(list, full.resource, flight)) {
        const mark = layout.mark();
        for (const i of list) layout.move(i, to);
        if (settle([...pending, windowOf(to, list)], depth - 1, next)) return true;
        layout.undo(mark);
      }
    }
    return false;
  };
  const fewerSplit = (moved: Map<number, boolean>) => {
    let change = 0;
    for (const [flight, was] of moved) change += Number(layout.isSplit(flight)) - Number(was);
    return change < 0;
  };

  let limit = 0;
  const unsplit = (flight: number, depth: number): boolean => {
    limit = layout.checks + FLIGHT_BUDGET;
    const placed = problem.flightSegs[flight].filter((i) => chosen[i] >= 0);
    const held = (r: number) => placed.filter((i) => chosen[i] === r).length;
    for (const home of targets(placed, -1, flight).sort((a, b) => held(b) - held(a))) {
      const outs = placed.filter((i) => chosen[i] !== home);
      const mark = layout.mark();
      for (const i of outs) layout.move(i, home);
      if (settle([windowOf(home, outs)], depth, new Map([[flight, true]]))) return true;
      layout.undo(mark);
    }
    return false;
  };

  // Shallow chains first: they are cheap and leave the deep ones less to do.
  for (let depth = 0; depth <= MAX_DEPTH; depth++) {
    for (let improved = true; improved && !timeUp(); ) {
      improved = false;
      for (const flight of flights) {
        if (timeUp()) return;
        if (movable(flight) && layout.isSplit(flight) && unsplit(flight, depth)) improved = true;
      }
    }
  }
}

/**
 * What may leave an overflowing resource, narrowest first: each flight's segregations on it in
 * the window, together, and for a flight already split, each one alone (it may join the rest of
 * its flight).
 */
function evictionGroups(
  problem: MakeupProblem,
  layout: Layout,
  full: Window,
  may: (flight: number) => boolean,
): (readonly [flight: number, segs: readonly number[]])[] {
  const { segs } = problem;
  const byFlight = new Map<number, number[]>();
  for (const i of layout.on(full.resource)) {
    const flight = segs[i].flight;
    if (!may(flight) || segs[i].stop <= full.start || full.stop <= segs[i].start) continue;
    byFlight.set(flight, [...(byFlight.get(flight) ?? []), i]);
  }
  const groups = [...byFlight].flatMap(([flight, list]) => [
    [flight, list] as const,
    ...(list.length > 1 && layout.isSplit(flight) ? list.map((i) => [flight, [i]] as const) : []),
  ]);
  const width = (list: readonly number[]) => list.reduce((sum, i) => sum + segs[i].width, 0);
  return groups.sort((a, b) => width(a[1]) - width(b[1])).slice(0, EVICTION_CANDIDATES);
}

/**
 * Brings split flights together at resource level: all of a flight's segregations move to one
 * eligible resource (those already holding most of the flight first); where that resource is
 * then too full, segregations of other flights alive at the same time go the other way, to the
 * resources the flight left. A try is kept only if every resource still fits and the part has
 * fewer split flights; the unassigned count never changes.
 */
function swapPartners(problem: MakeupProblem, ids: readonly number[], chosen: Int32Array): void {
  const { segs } = problem;
  const layout = new Layout(problem, ids, chosen);
  const flights = [...new Set(ids.filter((i) => chosen[i] >= 0).map((i) => segs[i].flight))];
  const fits = (r: number) => layout.fits({ resource: r, start: -Infinity, stop: Infinity });
  const resourcesOf = (flight: number) => new Set(problem.flightSegs[flight].filter((i) => chosen[i] >= 0).map((i) => chosen[i]));
  const splitCount = () => flights.filter((f) => layout.isSplit(f)).length;
  const overlap = (a: number, b: number) => Math.min(segs[a].stop, segs[b].stop) - Math.max(segs[a].start, segs[b].start);

  for (const flight of flights) {
    const placed = problem.flightSegs[flight].filter((i) => chosen[i] >= 0);
    if (!layout.isSplit(flight) || placed.some((i) => segs[i].lockedResource >= 0)) continue;
    const candidates = segs[placed[0]].eligible.filter((r) => placed.every((i) => segs[i].eligible.includes(r)));
    candidates.sort((a, b) => placed.filter((i) => chosen[i] === b).length - placed.filter((i) => chosen[i] === a).length);
    const before = splitCount();
    for (const r of candidates) {
      const mark = layout.mark();
      const outs = placed.filter((i) => chosen[i] !== r);
      const left = outs.map((i) => chosen[i]);
      for (const i of outs) layout.move(i, r);
      outs.forEach((i, k) => {
        if (fits(r)) return;
        const q = left[k];
        const partner = [...layout.on(r)]
          .filter((g) => segs[g].flight !== flight && segs[g].lockedResource < 0 && segs[g].eligible.includes(q) && overlap(g, i) > 0)
          .sort((a, b) => Number(resourcesOf(segs[b].flight).has(q)) - Number(resourcesOf(segs[a].flight).has(q)) || overlap(b, i) - overlap(a, i))[0];
        if (partner !== undefined) layout.move(partner, q);
      });
      if ([...new Set(left).add(r)].every(fits) && splitCount() < before) break;
      layout.undo(mark);
    }
  }
}
