// Arithmetic on sizing tallies: sums over replications, and a period's share within target with
// its 95 % interval, pooled the way the definition asks (within-target passengers over arrivals,
// all replications together) and with the spread between replications for the interval.
import { studentTQuantile } from '../confidence';
import type { SizingTally } from './types';

/** Grows a station's counts, with zeros, until they cover period p. */
export function coverPeriod(counts: SizingTally[string], p: number): void {
  while (counts.arrivals.length <= p) {
    counts.arrivals.push(0);
    counts.within.push(0);
  }
}

/** Adds b into a (per station, per period), growing a's periods as needed. */
export function addTally(a: SizingTally, b: SizingTally): SizingTally {
  for (const [id, counts] of Object.entries(b)) {
    const into = (a[id] ??= { arrivals: [], within: [] });
    counts.arrivals.forEach((n, p) => {
      coverPeriod(into, p);
      into.arrivals[p] += n;
      into.within[p] += counts.within[p];
    });
  }
  return a;
}

export interface ShareEstimate {
  share: number;
  ci95: [number, number];
  /** Mean arrivals per replication. */
  arrivals: number;
}

const t975 = new Map<number, number>();

/**
 * Share within target of one station's period from per-replication tallies: the pooled ratio
 * W/A, its interval from the delta method over replications (the ratio estimator's variance),
 * clipped to [0, 1]. A period nobody joins meets any target: share 1, interval [1, 1].
 */
export function estimateShare(perReplication: readonly SizingTally[], id: string, period: number): ShareEstimate {
  const n = perReplication.length;
  const a = perReplication.map((t) => t[id]?.arrivals[period] ?? 0);
  const w = perReplication.map((t) => t[id]?.within[period] ?? 0);
  const arrivals = a.reduce((s, x) => s + x, 0);
  if (arrivals === 0) return { share: 1, ci95: [1, 1], arrivals: 0 };
  const share = w.reduce((s, x) => s + x, 0) / arrivals;
  if (n < 2) return { share, ci95: [0, 1], arrivals };
  let ss = 0;
  for (let r = 0; r < n; r++) ss += (w[r] - share * a[r]) ** 2;
  const meanArrivals = arrivals / n;
  if (!t975.has(n - 1)) t975.set(n - 1, studentTQuantile(0.975, n - 1));
  const half = (t975.get(n - 1)! * Math.sqrt(ss / (n - 1) / n)) / meanArrivals;
  return { share, ci95: [Math.max(0, share - half), Math.min(1, share + half)], arrivals: meanArrivals };
}

/** Periods a station's tallies cover: up to its last period anybody joined. */
export function periodsCovered(perReplication: readonly SizingTally[], id: string): number {
  let periods = 0;
  for (const t of perReplication) {
    const arrivals = t[id]?.arrivals ?? [];
    for (let p = arrivals.length - 1; p >= periods; p--) {
      if (arrivals[p] > 0) {
        periods = p + 1;
        break;
      }
    }
  }
  return periods;
}
