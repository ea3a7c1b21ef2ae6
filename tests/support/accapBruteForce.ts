// Exhaustive check-in optima for tests: every first counter of every block tried, the ACCAP
// objective (highest counter plus the airline spreads) of each valid layout, on one row or on
// several with phased groups and locks; and small random instances to try them on.
import { mulberry32 } from '../../workers/alloc/random';

export interface AccapFlight {
  id: number;
  airline: number;
  start: number;
  duration: number;
  counters: number;
}

/** Exhaustive ACCAP optimum over first counters 1..sum of widths: each flight a group of its own. */
export function accapBruteForce(flights: readonly AccapFlight[]): number {
  const total = flights.reduce((s, f) => s + f.counters, 0);
  return bruteForceGroups(
    flights.map((f) => [{ airline: String(f.airline), start: f.start, end: f.start + f.duration, counters: f.counters }]),
    total,
  );
}

export type PhaseBlock = { airline: string; start: number; end: number; counters: number };

/** Exhaustive optimum when each group's blocks share one first counter, on one row of `size` counters. */
export function bruteForceGroups(groups: readonly PhaseBlock[][], size: number): number {
  return bruteForceRows(
    groups.map((blocks) => ({ blocks, rows: [0] })),
    [size],
  );
}

/** Blocks sharing one first counter, the rows they may use (indices) and a global first counter they are locked to. */
export interface GroupToPlace {
  blocks: readonly PhaseBlock[];
  rows: readonly number[];
  locked?: number;
}

/**
 * Exhaustive optimum over rows of the given sizes laid end to end (global counter numbers, as the
 * engine counts them): a group lies inside one of its rows, or at its lock. Infinity if none fits.
 */
export function bruteForceRows(groups: readonly GroupToPlace[], rowSizes: readonly number[]): number {
  const offsets = rowSizes.map((_, r) => rowSizes.slice(0, r).reduce((a, b) => a + b, 0));
  const width = groups.map((g) => Math.max(...g.blocks.map((b) => b.counters)));
  const options = groups.map((g, k) =>
    g.locked !== undefined ? [g.locked] : g.rows.flatMap((r) => Array.from({ length: Math.max(0, rowSizes[r] - width[k] + 1) }, (_, c) => offsets[r] + 1 + c)),
  );
  const first = groups.map(() => 1);
  const clash = (i: number, j: number) =>
    groups[i].blocks.some((a) =>
      groups[j].blocks.some((b) => a.start < b.end && b.start < a.end && first[i] < first[j] + b.counters && first[j] < first[i] + a.counters),
    );
  let best = Infinity;
  const visit = (k: number) => {
    if (k === groups.length) {
      const blocks = groups.flatMap((g, i) => g.blocks.map((b) => ({ ...b, first: first[i], top: first[i] + b.counters - 1 })));
      const spread = new Map<string, number>();
      blocks.forEach((f, i) =>
        blocks.forEach((g, j) => {
          if (i !== j && f.airline === g.airline) spread.set(f.airline, Math.max(spread.get(f.airline) ?? 0, f.top - g.first));
        }),
      );
      best = Math.min(best, Math.max(...blocks.map((b) => b.top)) + [...spread.values()].reduce((a, b) => a + b, 0));
      return;
    }
    for (const c of options[k]) {
      first[k] = c;
      let ok = true;
      for (let j = 0; j < k && ok; j++) if (clash(k, j)) ok = false;
      if (ok) visit(k + 1);
    }
  };
  visit(0);
  return best;
}

/** A small random ACCAP instance from a seed: flights opening in the first slots, 1 to 3 long. */
export function randomAccap(seed: number, size: { flights: number; airlines: number; times: number; maxCounters: number }) {
  const random = mulberry32(seed);
  const flights: AccapFlight[] = Array.from({ length: size.flights }, (_, i) => ({
    id: i + 1,
    airline: 1 + Math.floor(random() * size.airlines),
    start: 1 + Math.floor(random() * (size.times - 2)),
    duration: 1 + Math.floor(random() * 3),
    counters: 1 + Math.floor(random() * size.maxCounters),
  }));
  return { times: size.times, airlines: size.airlines, flights };
}
