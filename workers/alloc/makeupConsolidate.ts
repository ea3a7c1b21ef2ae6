// Fewer split flights at a fixed placement, in three steps. First a quick swap: a split flight's
// segregations move to one resource and other flights' segregations alive with them go the other
// way. Then ejection chains: the flight's segregations come together on one resource; where that
// resource overflows, another flight's segregations on it move to a third resource as a group,
// and where that one overflows, a further flight moves on in turn (up to MAX_DEPTH moves deep,
// shallow chains first). A change is kept only when every resource it touched still fits and
// fewer of the flights it moved are split. Last, where the chains stop, perturbations walk on
// (makeupPerturb.ts). The set of placed segregations never changes, so the unassigned count stays
// what it was.
import type { MakeupProblem } from './makeupModel';
import { Layout, type Window } from './makeupLayout';
import { perturbAndRepair } from './makeupPerturb';
import { mulberry32 } from './random';

/** How many flights a chain may move out of the way. */
const MAX_DEPTH = 2;
/** Flights tried for eviction from one overflowing resource, narrowest first. */
const EVICTION_CANDIDATES = 6;
/**
 * Resource-fit checks one flight's chains may spend (about 2.5 ms with their moves on bench:alloc's
 * 1,000-departure day) before the pass moves on: a flight that cannot come together would
 * otherwise take the time of all the others. Counted in checks, not time, so a run is repeatable.
 * 20,000 before: with 5,000 the perturbations' repairs cost less, so more of them fit in the
 * time, and generated days of 1,000 departures end with fewer split flights at 25 s (seed 6: 7 in
 * four runs against 10 or 11 in three; seed 7: 8 against 9; none worse).
 */
const FLIGHT_BUDGET = 5_000;
/** Seed of the perturbations' choices, so a run with the same time gives the same layout. */
const SEED = 1;

/**
 * Reduces the number of split flights among the segregations `ids`; `chosen` (a resource per
 * segregation, -1 unassigned) is changed in place and stays feasible. `timeUp` is asked between
 * flights.
 */
export function consolidateFlights(problem: MakeupProblem, ids: readonly number[], chosen: Int32Array, timeUp: () => boolean): void {
  swapPartners(problem, ids, chosen);
  const chains = new EjectionChains(problem, ids, chosen);
  chains.converge(timeUp);
  perturbAndRepair(problem, chains, mulberry32(SEED), timeUp);
}

/**
 * Ejection chains over a part's layout: `tryUnsplit` brings one split flight together by the
 * shallowest chain that works; `converge` runs that over every split flight, shallow chains
 * first, until a pass changes nothing.
 */
export class EjectionChains {
  readonly layout: Layout;
  /** The part's flights with a placed segregation. */
  readonly flights: number[];
  /** Per flight, 1 when all its segregations may use the same resources (then `targets` need not check each). */
  private readonly sameEligible: Uint8Array;
  private limit = 0;

  constructor(
    private readonly problem: MakeupProblem,
    ids: readonly number[],
    private readonly chosen: Int32Array,
  ) {
    this.layout = new Layout(problem, ids, chosen);
    this.flights = [...new Set(ids.filter((i) => chosen[i] >= 0).map((i) => problem.segs[i].flight))];
    const eligibleKey = (i: number) => problem.segs[i].eligible.join();
    this.sameEligible = Uint8Array.from(problem.flightSegs, (list) => Number(list.every((i) => eligibleKey(i) === eligibleKey(list[0]))));
  }

  movable(flight: number): boolean {
    return this.problem.flightSegs[flight].every((i) => this.problem.segs[i].lockedResource < 0);
  }

  /** Resources every one of `moved` may use other than `from`, those holding the rest of the flight first. */
  targets(moved: readonly number[], from: number, flight: number): number[] {
    const { segs, flightSegs } = this.problem;
    const others: number[] = [];
    for (const i of flightSegs[flight]) if (this.chosen[i] >= 0 && !moved.includes(i)) others.push(this.chosen[i]);
    const sameEligible = this.sameEligible[flight] === 1;
    const usable = segs[moved[0]].eligible.filter((r) => r !== from && (sameEligible || moved.every((i) => segs[i].eligible.includes(r))));
    if (others.length === 0) return usable;
    return [...usable.filter((r) => others.includes(r)), ...usable.filter((r) => !others.includes(r))];
  }

  /** Brings a split flight together by the shallowest chain that works; whether it did. */
  tryUnsplit(flight: number): boolean {
    for (let depth = 0; depth <= MAX_DEPTH; depth++) if (this.unsplit(flight, depth)) return true;
    return false;
  }

  converge(timeUp: () => boolean): void {
    // Shallow chains first: they are cheap and leave the deep ones less to do.
    for (let depth = 0; depth <= MAX_DEPTH; depth++) {
      for (let improved = true; improved && !timeUp();) {
        improved = false;
        for (const flight of this.flights) {
          if (timeUp()) return;
          if (this.movable(flight) && this.layout.isSplit(flight) && this.unsplit(flight, depth)) improved = true;
        }
      }
    }
  }

  private unsplit(flight: number, depth: number): boolean {
    const { layout, chosen } = this;
    this.limit = layout.checks + FLIGHT_BUDGET;
    const placed = this.problem.flightSegs[flight].filter((i) => chosen[i] >= 0);
    const held = (r: number) => placed.filter((i) => chosen[i] === r).length;
    for (const home of this.targets(placed, -1, flight).sort((a, b) => held(b) - held(a))) {
      const outs = placed.filter((i) => chosen[i] !== home);
      const mark = layout.mark();
      for (const i of outs) layout.move(i, home);
      if (this.settle([layout.windowOf(home, outs)], depth, new Map([[flight, true]]))) return true;
      layout.undo(mark);
    }
    return false;
  }

  /**
   * A chain: while some touched resource overflows, move one flight's segregations off it.
   * `moved` holds each flight the chain moved and whether it was split before.
   */
  private settle(pending: readonly Window[], depth: number, moved: Map<number, boolean>): boolean {
    const { layout } = this;
    if (layout.checks > this.limit) return false;
    const full = pending.find((w) => !layout.fits(w));
    if (!full) return this.fewerSplit(moved);
    if (depth === 0) return false;
    const evictable = evictionGroups(this.problem, layout, full, (flight) => !moved.has(flight) && this.movable(flight));
    for (const [flight, list] of evictable) {
      const next = new Map(moved).set(flight, layout.isSplit(flight));
      for (const to of this.targets(list, full.resource, flight)) {
        const mark = layout.mark();
        for (const i of list) layout.move(i, to);
        if (this.settle([...pending, layout.windowOf(to, list)], depth - 1, next)) return true;
        layout.undo(mark);
      }
    }
    return false;
  }

  private fewerSplit(moved: Map<number, boolean>): boolean {
    let change = 0;
    for (const [flight, was] of moved) change += Number(this.layout.isSplit(flight)) - Number(was);
    return change < 0;
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
    if (segs[i].stop <= full.start || full.stop <= segs[i].start || !may(flight)) continue;
    const list = byFlight.get(flight);
    if (list) list.push(i);
    else byFlight.set(flight, [i]);
  }
  const groups: { flight: number; list: readonly number[]; width: number }[] = [];
  const width = (list: readonly number[]) => list.reduce((sum, i) => sum + segs[i].width, 0);
  for (const [flight, list] of byFlight) {
    groups.push({ flight, list, width: width(list) });
    if (list.length > 1 && layout.isSplit(flight)) for (const i of list) groups.push({ flight, list: [i], width: segs[i].width });
  }
  return groups
    .sort((a, b) => a.width - b.width)
    .slice(0, EVICTION_CANDIDATES)
    .map((g) => [g.flight, g.list] as const);
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
        const partner = layout
          .on(r)
          .filter((g) => segs[g].flight !== flight && segs[g].lockedResource < 0 && segs[g].eligible.includes(q) && overlap(g, i) > 0)
          .sort((a, b) => Number(resourcesOf(segs[b].flight).has(q)) - Number(resourcesOf(segs[a].flight).has(q)) || overlap(b, i) - overlap(a, i))[0];
        if (partner !== undefined) layout.move(partner, q);
      });
      if ([...new Set(left).add(r)].every(fits) && splitCount() < before) break;
      layout.undo(mark);
    }
  }
}
