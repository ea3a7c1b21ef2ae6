// Space level of service: square metres per waiting passenger in each queue area, rated against
// the planner's bands (IATA ADRM 10th edition style: below the optimum range is sub-optimum, above
// it over-design) by each report bin's mean queue and, what passengers meet, by the queue at each
// moment (the engine's queue levels, queueLevels.ts, at the band steps given here). A queue's area is the sum of its resources' queue areas
// (defaults per resource type, DESIGN-style planning assumptions stated in docs/simulation.md);
// passengers with trolleys count as more than one, by a factor per flight sector, weighted by the
// sectors of the passengers the flow sends to that queue.
import type { AirportDocument, ResourceType } from './airportSchema';
import type { QueueLevelsRaw } from './queueLevels';

export type SpaceBand = 'sub-optimum' | 'optimum' | 'over-design';

/** Queue area in front of one resource when the scenario gives none: m² per counter or kiosk, per security lane. */
export const DEFAULT_QUEUE_AREA_M2: Partial<Record<ResourceType, number>> = { fullservice: 20, bagdrop: 20, kiosk: 5, security: 30 };

/** The space a queue's waiting passengers have, and how it is rated. */
export interface NodeSpace {
  areaM2: number;
  /** Passenger-equivalents per waiting passenger (trolleys), from the sectors of its passengers. */
  trolleyFactor: number;
  /** The optimum range of m² per passenger-equivalent. */
  optimum: [number, number];
}

/** The band of `m2` (per passenger-equivalent) against an optimum range; null when nobody waits. */
export function spaceBand(m2: number | null, [low, high]: readonly [number, number]): SpaceBand | null {
  if (m2 === null) return null;
  if (m2 < low) return 'sub-optimum';
  return m2 <= high ? 'optimum' : 'over-design';
}

/**
 * Square metres per passenger-equivalent for a mean queue length; null below one passenger
 * waiting on average (no crowd to rate: a queue that is empty most of the bin).
 */
function m2PerPassenger(areaM2: number, waiting: number, trolleyFactor = 1): number | null {
  return waiting >= 1 ? areaM2 / (waiting * trolleyFactor) : null;
}

type Resource = AirportDocument['resources'][number];

/** A resource's queue area: its own, else its type's default (a security resource's per lane). */
function queueAreaOf(r: Resource): number {
  if (r.queue_area_m2 !== undefined) return r.queue_area_m2;
  return (DEFAULT_QUEUE_AREA_M2[r.type] ?? 0) * (r.type === 'security' ? r.positions : 1);
}

/**
 * Each queue's and output's share of every flight's passengers: the flow's proportions followed
 * from the flight's splits through the queues (the flow has no cycles), weighted by segregation.
 */
function visitShares(doc: AirportDocument): Map<string, number>[] {
  const queueById = new Map(doc.flow.queues.map((q) => [q.id, q]));
  const spread = (into: Map<string, number>, edges: readonly { node: string; proportion: number }[], weight: number) => {
    for (const e of edges) {
      const w = (weight * e.proportion) / 100;
      if (w === 0) continue;
      into.set(e.node, (into.get(e.node) ?? 0) + w);
      const q = queueById.get(e.node);
      if (q) spread(into, q.to, w);
    }
  };
  return doc.flights.map((f) => {
    const shares = new Map<string, number>();
    for (const g of f.segregations) {
      const split = doc.flow.splits.find((s) => s.airline === f.airline && s.segregation === g.name);
      if (split) spread(shares, split.to, g.share / 100);
    }
    return shares;
  });
}

/** Area, trolley factor and optimum range of each node (queues, then outputs, as the plan lists them). */
export function nodeSpaces(doc: AirportDocument, passengers: readonly number[]): NodeSpace[] {
  const s = doc.settings.space;
  const resourceById = new Map(doc.resources.map((r) => [r.id, r]));
  const visits = visitShares(doc);
  const factorOf = (f: AirportDocument['flights'][number]) => (f.sector !== undefined ? (s.trolley_factors[f.sector] ?? 1) : 1);
  const nodes = [
    ...doc.flow.queues.map((n) => ({ n, optimum: s.checkin_optimum_m2 })),
    ...doc.flow.outputs.map((n) => ({ n, optimum: s.security_optimum_m2 })),
  ];
  return nodes.map(({ n, optimum }) => {
    let weighted = 0;
    let total = 0;
    doc.flights.forEach((f, i) => {
      const pax = passengers[i] * (visits[i].get(n.id) ?? 0);
      weighted += pax * factorOf(f);
      total += pax;
    });
    const areaM2 = n.area_m2 ?? n.resources.reduce((a, r) => a + queueAreaOf(resourceById.get(r)!), 0);
    return { areaM2, trolleyFactor: total > 0 ? weighted / total : 1, optimum: [optimum[0], optimum[1]] };
  });
}

/** A moment's rating: a band, or nobody waiting (fewer than one passenger). */
type SpaceRating = SpaceBand | 'nobody waiting';

/** The ratings in the order of the engine's queue levels (queueLevels.ts): nobody, then ever more crowded. */
const LEVEL_RATINGS: readonly SpaceRating[] = ['nobody waiting', 'over-design', 'optimum', 'sub-optimum'];

/**
 * The queue lengths at which over-design, optimum and sub-optimum begin: m² per passenger-equivalent
 * A / (L x tf) falls as the queue length L grows, so each band begins at a whole queue length, the
 * engine's steps of crowding. Found by spaceBand itself, so a moment is rated as a bin's mean is.
 */
export function bandSteps(space: NodeSpace): number[] {
  // The level of a queue length, as LEVEL_RATINGS orders them; it never falls as the queue grows.
  const levelAt = (length: number) => LEVEL_RATINGS.indexOf(spaceBand(space.areaM2 / (length * space.trolleyFactor), space.optimum)!);
  // From the length where m² per passenger-equivalent meets `m2`, to the first whole length at `level`.
  const firstAt = (level: number, m2: number) => {
    let length = Math.max(1, Math.ceil(space.areaM2 / (space.trolleyFactor * m2)));
    while (length > 1 && levelAt(length - 1) >= level) length--;
    while (levelAt(length) < level) length++;
    return length;
  };
  const [low, high] = space.optimum;
  return [1, firstAt(2, high), firstAt(3, low)];
}

export interface SpaceOutput {
  area_m2: number;
  trolley_factor: number;
  optimum_m2_per_passenger: [number, number];
  /** Per report bin: m² per waiting passenger, and per passenger-equivalent with trolleys (null: nobody waiting), from the bin's mean queue. */
  m2_per_passenger_series: { start_minutes: number; values: (number | null)[] };
  m2_with_trolleys_series: { start_minutes: number; values: (number | null)[] };
  /** Per report bin, the mean queue's band with trolleys (what the playback colours by, with the mean it shows). */
  band_series: { start_minutes: number; values: (SpaceBand | null)[] };
  /** Share of the minutes anyone waits (any replication) at optimum, by the queue at each moment. */
  share_at_optimum: number | null;
  /** The bin whose peak queue (peak_queue_series) leaves the least space per passenger-equivalent. */
  worst: { band: SpaceBand; m2_with_trolleys: number; at_minutes: number } | null;
  // The by-moment figures below are missing from runs saved before them (issue 36).
  /** Share of the minutes anyone waits at sub-optimum (crowded), by the queue at each moment. */
  share_sub_optimum?: number | null;
  /** Minutes of the run at each rating, by the queue at each moment: mean over replications. */
  minutes_by_rating?: Record<SpaceRating, number>;
  /** Share of the passengers arriving at the queue by the rating of the queue they found. */
  passenger_share_by_rating?: Record<SpaceRating, number> | null;
  /**
   * Per report bin: the longest queue at any moment of the bin in each replication, then the 95th
   * percentile of those over the replications (nearest rank: the longest with one to nineteen
   * replications), and its band with trolleys (null: fewer than one waiting).
   */
  peak_queue_series?: { start_minutes: number; values: number[] };
  peak_band_series?: { start_minutes: number; values: (SpaceBand | null)[] };
}

/** The nearest-rank q-quantile of values: the smallest that at least a share q of them do not exceed. */
function nearestRank(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)];
}

/** Mean over replications of a per-level count, by rating. */
function byRating(perRep: readonly (readonly number[])[]): Record<SpaceRating, number> {
  return Object.fromEntries(LEVEL_RATINGS.map((rating, k) => [rating, perRep.reduce((a, xs) => a + xs[k], 0) / perRep.length])) as Record<SpaceRating, number>;
}

/**
 * The space figures of one queue: per report bin from its mean queue length (`queueLength`, in
 * design-day minutes), and moment by moment from each replication's crowding (`levels`, whose
 * steps are bandSteps(space), its bins from `queueLength.start_minutes`).
 */
export function summariseSpace(
  space: NodeSpace,
  queueLength: { start_minutes: number; values: readonly number[] },
  levels: readonly QueueLevelsRaw[],
  binMinutes: number,
): SpaceOutput {
  const round = (x: number | null) => (x === null ? null : Math.round(x * 100) / 100);
  const start = queueLength.start_minutes;
  const withTrolleys = (q: number) => m2PerPassenger(space.areaM2, q, space.trolleyFactor);
  const mean = queueLength.values.map(withTrolleys);
  const bins = Math.max(0, ...levels.map((l) => l.peak.length));
  const peaks = Array.from({ length: bins }, (_, b) =>
    nearestRank(
      levels.map((l) => l.peak[b] ?? 0),
      0.95,
    ),
  );
  const peakBands = peaks.map((q) => spaceBand(withTrolleys(q), space.optimum));
  const worstAt = peaks.reduce((best, q, b) => (q >= 1 && (best < 0 || q > peaks[best]) ? b : best), -1);
  const minutes = byRating(levels.map((l) => l.minutes));
  const found = byRating(levels.map((l) => l.found));
  const waiting = minutes['over-design'] + minutes.optimum + minutes['sub-optimum'];
  const arrivals = LEVEL_RATINGS.reduce((a, r) => a + found[r], 0);
  const ofWaiting = (rating: SpaceBand) => (waiting > 0 ? minutes[rating] / waiting : null);
  return {
    area_m2: space.areaM2,
    trolley_factor: Math.round(space.trolleyFactor * 1000) / 1000,
    optimum_m2_per_passenger: space.optimum,
    m2_per_passenger_series: { start_minutes: start, values: queueLength.values.map((q) => round(m2PerPassenger(space.areaM2, q))) },
    m2_with_trolleys_series: { start_minutes: start, values: mean.map(round) },
    band_series: { start_minutes: start, values: mean.map((m2) => spaceBand(m2, space.optimum)) },
    share_at_optimum: ofWaiting('optimum'),
    worst: worstAt < 0 ? null : { band: peakBands[worstAt]!, m2_with_trolleys: round(withTrolleys(peaks[worstAt]))!, at_minutes: start + worstAt * binMinutes },
    share_sub_optimum: ofWaiting('sub-optimum'),
    minutes_by_rating: minutes,
    passenger_share_by_rating: arrivals > 0 ? (Object.fromEntries(LEVEL_RATINGS.map((r) => [r, found[r] / arrivals])) as Record<SpaceRating, number>) : null,
    peak_queue_series: { start_minutes: start, values: peaks },
    peak_band_series: { start_minutes: start, values: peakBands },
  };
}
