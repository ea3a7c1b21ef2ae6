// Summaries over replications: pooled means, Student t intervals over replication means,
// percentiles from merged histograms and mean series. Runs on the main thread in the browser,
// so it stays linear in the size of the raw results.
import type { GroupRaw, ReplicationRaw, StationRaw } from './measurements';
import { HISTOGRAM_BINS, addInto, histogramQuantile } from './stats';
import { meanCI } from './confidence';

export type CI = [number, number] | null;

export interface WaitSummary {
  wait_mean_minutes: number;
  wait_mean_ci95: CI;
  p_wait_gt: Record<string, number>;
  p_wait_gt_ci95: Record<string, CI>;
  wait_percentiles_minutes: { p50: number; p90: number; p95: number; max: number };
  queue_length_mean: number;
  queue_length_ci95: CI;
  /** The longest queue of a replication at any moment, mean over replications. */
  queue_length_max: number;
  queue_length_max_ci95: CI;
  queue_length_series: number[];
  /** The 95% interval of the queue length in each bin over replications (null with one). */
  queue_length_band: { low: (number | null)[]; high: (number | null)[] };
  wait_mean_series: (number | null)[];
}

export const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

/** A t interval of a probability, kept inside [0, 1] where the normal approximation strays. */
export const probabilityCI = (values: readonly number[]): CI => {
  const ci = meanCI(values).ci95;
  return ci && [Math.max(0, ci[0]), Math.min(1, ci[1])];
};
const ratio = (a: number, b: number) => (b > 0 ? a / b : 0);

/** Threshold keys as written in the document: 5 -> "5", 1.5 -> "1.5". */
export const thresholdKey = (t: number) => String(t);

/**
 * Wait and queue statistics of a set of stations pooled into one report group (a network station,
 * or an airport queue with its per-flight stations), over all replications.
 */
export function summariseWaits(
  reps: readonly ReplicationRaw[],
  group: number,
  stations: readonly number[],
  thresholds: readonly number[],
  binMinutes: number,
): WaitSummary {
  const groups: GroupRaw[] = reps.map((r) => r.groups[group]);
  const st = (r: ReplicationRaw): StationRaw[] => stations.map((j) => r.stations[j]);
  const servedPerRep = reps.map((r) => sum(st(r).map((s) => s.served)));
  const waitPerRep = reps.map((r) => sum(st(r).map((s) => s.waitSum)));
  const served = sum(servedPerRep);
  const hist = new Float64Array(HISTOGRAM_BINS);
  for (const g of groups) addInto(hist, g.hist);
  const p_wait_gt: Record<string, number> = {};
  const p_wait_gt_ci95: Record<string, CI> = {};
  thresholds.forEach((t, k) => {
    p_wait_gt[thresholdKey(t)] = ratio(sum(groups.map((g) => g.gt[k])), served);
    p_wait_gt_ci95[thresholdKey(t)] = probabilityCI(groups.map((g, i) => ratio(g.gt[k], servedPerRep[i])));
  });
  const queueMeans = reps.map((r, i) => ratio(sum(groups[i].queueArea), r.horizon));
  const queueMax = meanCI(groups.map((g) => g.queueMax));
  const bins = Math.max(0, ...groups.map((g) => g.queueArea.length), ...groups.map((g) => g.waitCount.length));
  const queueSeries = new Array<number>(bins).fill(0);
  const waitSum = new Array<number>(bins).fill(0);
  const waitCount = new Array<number>(bins).fill(0);
  for (const g of groups) {
    g.queueArea.forEach((a, b) => (queueSeries[b] += a / binMinutes / reps.length));
    g.waitSum.forEach((w, b) => (waitSum[b] += w));
    g.waitCount.forEach((c, b) => (waitCount[b] += c));
  }
  const band = queueSeries.map((_, b) => meanCI(groups.map((g) => (g.queueArea[b] ?? 0) / binMinutes)).ci95);
  return {
    wait_mean_minutes: ratio(sum(waitPerRep), served),
    wait_mean_ci95: meanCI(reps.map((_, i) => ratio(waitPerRep[i], servedPerRep[i]))).ci95,
    p_wait_gt,
    p_wait_gt_ci95,
    wait_percentiles_minutes: {
      p50: histogramQuantile(hist, 0.5),
      p90: histogramQuantile(hist, 0.9),
      p95: histogramQuantile(hist, 0.95),
      max: reps.reduce((m, r) => st(r).reduce((mm, s) => Math.max(mm, s.waitMax), m), 0),
    },
    queue_length_mean: meanCI(queueMeans).mean,
    queue_length_ci95: meanCI(queueMeans).ci95,
    queue_length_max: queueMax.mean,
    queue_length_max_ci95: queueMax.ci95,
    queue_length_series: queueSeries,
    queue_length_band: { low: band.map((ci) => ci && Math.max(0, ci[0])), high: band.map((ci) => ci && ci[1]) },
    wait_mean_series: waitSum.map((w, b) => (waitCount[b] > 0 ? w / waitCount[b] : null)),
  };
}

export interface UtilisationSeries {
  /** Busy over open server-minutes per bin, pooled over replications; null where nothing was open. */
  values: (number | null)[];
  /** The 95% interval of the per-replication shares (null with one replication or nothing open). */
  low: (number | null)[];
  high: (number | null)[];
}

/** Utilisation per bin of a set of utilisation groups pooled together (a resource, a queue's resources). */
export function utilisationSeries(reps: readonly ReplicationRaw[], members: readonly number[]): UtilisationSeries {
  const perRep = reps.map((r) => {
    const us = members.map((k) => r.utilisation[k]);
    const bins = Math.max(0, ...us.map((u) => u.open.length));
    const busy = new Array<number>(bins).fill(0);
    const open = new Array<number>(bins).fill(0);
    for (const u of us) {
      u.busy.forEach((b, i) => (busy[i] += b));
      u.open.forEach((o, i) => (open[i] += o));
    }
    return { busy, open };
  });
  const bins = Math.max(0, ...perRep.map((r) => r.open.length));
  const values: (number | null)[] = [];
  const low: (number | null)[] = [];
  const high: (number | null)[] = [];
  for (let i = 0; i < bins; i++) {
    const open = sum(perRep.map((r) => r.open[i] ?? 0));
    // Less than a second of server time open in the bin is a boundary artefact, not a measure.
    if (open < 1 / 60) {
      values.push(null);
      low.push(null);
      high.push(null);
      continue;
    }
    values.push(sum(perRep.map((r) => r.busy[i] ?? 0)) / open);
    const shares = perRep.filter((r) => (r.open[i] ?? 0) > 0).map((r) => r.busy[i] / r.open[i]);
    const ci = shares.length === reps.length ? probabilityCI(shares) : null;
    low.push(ci && ci[0]);
    high.push(ci && ci[1]);
  }
  return { values, low, high };
}

/** Mean over replications with its interval, for any per-replication measure. */
export function perReplication(reps: readonly ReplicationRaw[], measure: (r: ReplicationRaw) => number) {
  return meanCI(reps.map(measure));
}

/** The run-level figures every output starts with. */
export function runFigures(reps: readonly ReplicationRaw[]) {
  const events = sum(reps.map((r) => r.events));
  const wallMs = sum(reps.map((r) => r.wallMs));
  const tis = meanCI(reps.map((r) => ratio(r.timeInSystemSum, r.timeInSystemCount)));
  return {
    events,
    wall_ms: wallMs,
    events_per_second: wallMs > 0 ? events / (wallMs / 1000) : 0,
    time_in_system_mean_minutes: ratio(sum(reps.map((r) => r.timeInSystemSum)), sum(reps.map((r) => r.timeInSystemCount))),
    time_in_system_ci95: tis.ci95,
  };
}
