// Arithmetic on sizing tallies: sums over replications, and a period's share within target with
// its 95 % interval, pooled the way the definition asks (within-target passengers over arrivals,
// all replications together) and with the spread between replications for the interval.
import { studentTQuantile } from '../confidence';
import type { ShareEstimate, SizingTally } from './types';

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

const t975cache = new Map<number, number>();
/** Student's t 97.5 % quantile with n - 1 degrees of freedom (n replications). */
function t975(n: number): number {
  if (!t975cache.has(n - 1)) t975cache.set(n - 1, studentTQuantile(0.975, n - 1));
  return t975cache.get(n - 1)!;
}

function column(perReplication: readonly SizingTally[], id: string, period: number, what: 'arrivals' | 'within'): number[] {
  return perReplication.map((t) => t[id]?.[what][period] ?? 0);
}

const total = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);

/** Variance of the mean of `xs` (one value per replication), from their spread about `mean`. */
function meanVariance(xs: readonly number[], mean: number): number {
  let ss = 0;
  for (const x of xs) ss += (x - mean) ** 2;
  return ss / (xs.length - 1) / xs.length;
}

/** Per replication, its within-target passengers less the pooled share of its arrivals: the ratio's linearisation. */
function residuals(within: readonly number[], arrivals: readonly number[], share: number): number[] {
  return within.map((w, r) => w - share * arrivals[r]);
}

/**
 * Share within target of one station's period from per-replication tallies: the pooled ratio
 * W/A, its interval from the delta method over replications (the ratio estimator's variance),
 * clipped to [0, 1]. A period nobody joins meets any target: share 1, interval [1, 1].
 */
export function estimateShare(perReplication: readonly SizingTally[], id: string, period: number): ShareEstimate {
  const n = perReplication.length;
  const a = column(perReplication, id, period, 'arrivals');
  const w = column(perReplication, id, period, 'within');
  const arrivals = total(a);
  if (arrivals === 0) return { share: 1, ci95: [1, 1], arrivals: 0 };
  const share = total(w) / arrivals;
  if (n < 2) return { share, ci95: [0, 1], arrivals };
  const meanArrivals = arrivals / n;
  const half = (t975(n) * Math.sqrt(meanVariance(residuals(w, a, share), 0))) / meanArrivals;
  return { share, ci95: [Math.max(0, share - half), Math.min(1, share + half)], arrivals: meanArrivals };
}

/** A changed plan's share, and whether the change touched the period at all. */
export interface ChangedShareEstimate extends ShareEstimate {
  /** No replication's count within target changed. */
  unchanged: boolean;
}

/**
 * A changed plan's share of a period, from a base plan measured on more replications: the base's
 * share plus the mean change of the within-target counts over the changed plan's replications,
 * which are the base's first ones (common random numbers: the change is zero wherever the
 * servers removed were not needed, so it settles on far fewer replications than a share does).
 * Arrivals do not depend on the servers, so both are over the base's mean arrivals. The
 * interval's variance is the base share's, the mean change's, and twice their covariance: the
 * change pairs with the base's first n replications, so that covariance is the pairs' own over
 * the base's N (the delta method, as for the share). Student's t on the fewer replications.
 */
export function estimateChangedShare(base: readonly SizingTally[], changed: readonly SizingTally[], id: string, period: number): ChangedShareEstimate {
  const from = estimateShare(base, id, period);
  const n = changed.length;
  if (n < 2) return { ...from, ci95: [0, 1], unchanged: false };
  if (from.arrivals === 0) return { ...from, unchanged: true };
  const N = base.length;
  const before = column(base, id, period, 'within');
  const residual = residuals(before, column(base, id, period, 'arrivals'), from.share);
  const change = column(changed, id, period, 'within').map((w, r) => w - before[r]);
  const mean = total(change) / n;
  let products = 0;
  change.forEach((c, r) => (products += residual[r] * (c - mean)));
  const variance = meanVariance(residual, 0) + meanVariance(change, mean) + (2 * products) / (n - 1) / N;
  const half = (t975(Math.min(n, N)) * Math.sqrt(Math.max(0, variance))) / from.arrivals;
  const share = from.share + mean / from.arrivals;
  return { share, ci95: [Math.max(0, share - half), Math.min(1, share + half)], arrivals: from.arrivals, unchanged: change.every((c) => c === 0) };
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
