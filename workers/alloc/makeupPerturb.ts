// Iterated local search on split flights, once the ejection chains (makeupConsolidate.ts) can do
// no more alone. A split flight, picked at random, is forced together on one of its resources
// (picked at random), and other flights' segregations there move, one by one in random order,
// to other resources where they fit, which may split their flights; the chains then try to bring
// every flight this split back together. The change is kept when no more flights are split than
// before, so the search also walks across equally good layouts to escape where the chains stop,
// and undone otherwise. The placed set never changes and every resource keeps fitting.
import type { Layout } from './makeupLayout';
import type { MakeupProblem } from './makeupModel';

/** What the perturbations ask of the ejection chains that run them (makeupConsolidate.ts). */
interface Chains {
  readonly layout: Layout;
  readonly flights: readonly number[];
  movable(flight: number): boolean;
  targets(moved: readonly number[], from: number, flight: number): number[];
  tryUnsplit(flight: number): boolean;
}

/**
 * Tries in a row without fewer split flights after which the search stops before its time. On a
 * day of 1,000 departures a try takes about 10 ms and gains still come after hundreds of tries
 * without one (100 stopped it early there), so the time limit ends such a search first; this
 * stops one that has no limit, and a small day's, where tries take a millisecond or less.
 */
const STALE_TRIES = 10_000;

export function perturbAndRepair(problem: MakeupProblem, chains: Chains, random: () => number, timeUp: () => boolean): void {
  const { layout } = chains;
  const split = new Set(chains.flights.filter((f) => chains.movable(f) && layout.isSplit(f)));
  for (let stale = 0; split.size > 0 && stale < STALE_TRIES && !timeUp();) {
    const flights = [...split];
    const flight = flights[Math.floor(random() * flights.length)];
    const mark = layout.mark();
    if (!forceTogether(problem, chains, flight, random)) {
      layout.undo(mark);
      stale++;
      continue;
    }
    for (const f of layout.flightsMovedSince(mark)) if (chains.movable(f) && layout.isSplit(f)) chains.tryUnsplit(f);
    const touched = layout.flightsMovedSince(mark);
    let change = 0;
    for (const f of touched) change += Number(layout.isSplit(f)) - Number(split.has(f));
    if (change > 0) {
      layout.undo(mark);
      stale++;
      continue;
    }
    for (const f of touched) {
      if (layout.isSplit(f)) split.add(f);
      else split.delete(f);
    }
    stale = change < 0 ? 0 : stale + 1;
  }
}

/** Puts all of a split flight's segregations on one of the resources they may all use, pushing others off it; whether it fits. */
function forceTogether(problem: MakeupProblem, chains: Chains, flight: number, random: () => number): boolean {
  const { segs } = problem;
  const { layout } = chains;
  const placed = problem.flightSegs[flight].filter((i) => layout.chosen[i] >= 0);
  const homes = chains.targets(placed, -1, flight);
  if (homes.length === 0) return false;
  const home = homes[Math.floor(random() * homes.length)];
  for (const i of placed) if (layout.chosen[i] !== home) layout.move(i, home);
  const window = layout.windowOf(home, placed);
  const others = shuffle(
    layout.on(home).filter((i) => segs[i].flight !== flight && segs[i].start < window.stop && window.start < segs[i].stop && chains.movable(segs[i].flight)),
    random,
  );
  for (const i of others) {
    if (layout.fits(window)) return true;
    for (const to of shuffle(
      segs[i].eligible.filter((r) => r !== home),
      random,
    )) {
      const mark = layout.mark();
      layout.move(i, to);
      if (layout.fits(layout.windowOf(to, [i]))) break;
      layout.undo(mark);
    }
  }
  return layout.fits(window);
}

function shuffle<T>(items: T[], random: () => number): T[] {
  for (let k = items.length - 1; k > 0; k--) {
    const j = Math.floor(random() * (k + 1));
    [items[k], items[j]] = [items[j], items[k]];
  }
  return items;
}
