// The run's output reshaped for the charts: queue-length series with the 95% band between
// replications, waiting-time distributions from the exceedance shares, make-up bags per position
// and the utilisation of each resource, overall and over time. Pure; the charts only draw what
// these return.
import type { TimedUtilisation } from '../../../../workers/sim/airportOutputs';
import type { AirportOutput, QueueOutput } from './results';

/** A point of a time series; y is null where there is nothing to measure (the line breaks). */
type BandPoint = { x: number; y: number | null; low: number | null; high: number | null };
export type Series = { id: string; label: string; points: BandPoint[] };
export type TimeRange = { from: number; to: number } | null;

const within = (range: TimeRange) => (p: { x: number }) => !range || (p.x >= range.from && p.x < range.to);

/** Queue length over time per queue, with the 95% interval of the mean over replications. */
export function queueLengthSeries(output: AirportOutput, range: TimeRange): Series[] {
  return Object.entries(output.queues).map(([id, q]) => {
    const { start_minutes: start, values, low, high } = q.queue_length_series;
    const points = values.map((y, i) => ({ x: start + i * output.bin_minutes, y, low: low[i], high: high[i] }));
    return { id, label: id, points: points.filter(within(range)) };
  });
}

/** Mean wait of the passengers joining each queue per bin (bins nobody joined are left out). */
export function waitMeanSeries(output: AirportOutput, range: TimeRange): Series[] {
  return Object.entries(output.queues).map(([id, q]) => {
    const { start_minutes: start, values } = q.wait_mean_series;
    const points = values.flatMap((y, i) => (y === null ? [] : [{ x: start + i * output.bin_minutes, y, low: null, high: null }]));
    return { id, label: id, points: points.filter(within(range)) };
  });
}

export type Bucket = { label: string; share: number };

/**
 * The waiting-time distribution of a queue as shares per interval between the reported
 * thresholds: no wait, then (a, b] for each pair, then above the last.
 */
export function waitDistribution(queue: QueueOutput): Bucket[] {
  const thresholds = Object.keys(queue.p_wait_gt)
    .map(Number)
    .sort((a, b) => a - b);
  const gt = (t: number) => queue.p_wait_gt[String(t)];
  const buckets: Bucket[] = [];
  if (thresholds[0] === 0) buckets.push({ label: 'No wait', share: 1 - gt(0) });
  const lower = thresholds[0] === 0 ? thresholds : [0, ...thresholds];
  for (let i = 0; i + 1 < lower.length; i++) {
    const from = lower[i];
    const to = lower[i + 1];
    const above = i === 0 && thresholds[0] !== 0 ? 1 : gt(from);
    buckets.push({ label: `${from}–${to}`, share: above - gt(to) });
  }
  const last = thresholds[thresholds.length - 1];
  buckets.push({ label: `> ${last}`, share: gt(last) });
  return buckets.map((b) => ({ ...b, share: Math.max(0, b.share) }));
}

/** Bags reaching each position of one make-up resource per bin. */
export function makeupSeries(output: AirportOutput, resource: string, range: TimeRange): Series[] {
  return output.makeup.positions
    .filter((p) => p.resource === resource)
    .map((p) => ({
      id: `${p.resource}/${p.position}`,
      label: `Position ${p.position + 1}`,
      points: p.bags_series.values.map((y, i) => ({ x: p.bags_series.start_minutes + i * output.bin_minutes, y, low: null, high: null })).filter(within(range)),
    }));
}

/** The make-up resources that received bags, in the output's order. */
export function makeupResources(output: AirportOutput): string[] {
  return [...new Set(output.makeup.positions.filter((p) => p.bags > 0).map((p) => p.resource))];
}

/** A utilisation series in percent, null (a break in the line) where nothing was open. */
function utilisationPoints(u: TimedUtilisation, binMinutes: number, range: TimeRange): BandPoint[] {
  const percent = (v: number | null) => (v === null ? null : v * 100);
  return u.values
    .map((v, i) => ({ x: u.start_minutes + i * binMinutes, y: percent(v), low: percent(u.low[i]), high: percent(u.high[i]) }))
    .filter(within(range));
}

/** Utilisation over time of each queue's resources together, with the 95% band over replications. */
export function queueUtilisationSeries(output: AirportOutput, range: TimeRange): Series[] {
  return Object.entries(output.queues)
    .filter(([, q]) => q.utilisation_series.values.length > 0)
    .map(([id, q]) => ({ id, label: id, points: utilisationPoints(q.utilisation_series, output.bin_minutes, range) }));
}

/** Utilisation over time of each resource of one queue that opened (its counters or lanes), in percent. */
export function resourceUtilisationRows(
  output: AirportOutput,
  queueId: string,
): Array<{ id: string; label: string; cells: Array<{ x: number; value: number | null }> }> {
  return (output.queues[queueId]?.resources ?? [])
    .filter((id) => (output.resources[id]?.utilisation_series.values.length ?? 0) > 0)
    .map((id) => {
      const u = output.resources[id].utilisation_series;
      return { id, label: id, cells: u.values.map((v, i) => ({ x: u.start_minutes + i * output.bin_minutes, value: v === null ? null : v * 100 })) };
    });
}

export type Bar = { label: string; value: number; low: number | null; high: number | null };

/** Utilisation of every resource that was open, in percent, with its 95% interval. */
export function utilisationBars(output: AirportOutput): Bar[] {
  return Object.entries(output.resources)
    .filter(([, r]) => r.open_minutes > 0)
    .map(([label, r]) => ({
      label,
      value: r.utilisation * 100,
      low: r.utilisation_ci95 && r.utilisation_ci95[0] * 100,
      high: r.utilisation_ci95 && r.utilisation_ci95[1] * 100,
    }));
}

/** Flights with missed passengers, most first (at most `limit`). */
export function missedBars(output: AirportOutput, limit = 25): Bar[] {
  return output.flights
    .filter((f) => f.missed > 0)
    .sort((a, b) => b.missed - a.missed)
    .slice(0, limit)
    .map((f) => ({ label: f.id, value: f.missed, low: f.missed_ci95?.[0] ?? null, high: f.missed_ci95?.[1] ?? null }));
}

/** The first and last minute the output covers: the default time range of the charts. */
export function outputSpan(output: AirportOutput): { from: number; to: number } {
  const starts = Object.values(output.queues).map((q) => q.queue_length_series.start_minutes);
  const ends = Object.values(output.queues).map((q) => q.queue_length_series.start_minutes + q.queue_length_series.values.length * output.bin_minutes);
  return { from: Math.min(...starts), to: Math.max(...ends) };
}
