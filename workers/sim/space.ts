// Space level of service: square metres per waiting passenger in each queue area, rated per
// report bin against the planner's bands (IATA ADRM 10th edition style: below the optimum range
// is sub-optimum, above it over-design). A queue's area is the sum of its resources' queue areas
// (defaults per resource type, DESIGN-style planning assumptions stated in docs/simulation.md);
// passengers with trolleys count as more than one, by a factor per flight sector, weighted by the
// sectors of the passengers the flow sends to that queue.
import type { AirportDocument, ResourceType } from './airportSchema';

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

export interface SpaceOutput {
  area_m2: number;
  trolley_factor: number;
  optimum_m2_per_passenger: [number, number];
  /** Per report bin: m² per waiting passenger, and per passenger-equivalent with trolleys (null: nobody waiting). */
  m2_per_passenger_series: { start_minutes: number; values: (number | null)[] };
  m2_with_trolleys_series: { start_minutes: number; values: (number | null)[] };
  /** Per report bin, rated with trolleys. */
  band_series: { start_minutes: number; values: (SpaceBand | null)[] };
  /** Share of the bins with passengers waiting that were rated optimum. */
  share_at_optimum: number | null;
  /** The bin with the least space per passenger-equivalent. */
  worst: { band: SpaceBand; m2_with_trolleys: number; at_minutes: number } | null;
}

/** The space figures of one queue from its mean queue length per report bin. */
export function summariseSpace(space: NodeSpace, queueLength: { start_minutes: number; values: readonly number[] }, binMinutes: number): SpaceOutput {
  const round = (x: number | null) => (x === null ? null : Math.round(x * 100) / 100);
  const plain = queueLength.values.map((q) => m2PerPassenger(space.areaM2, q));
  const withTrolleys = queueLength.values.map((q) => m2PerPassenger(space.areaM2, q, space.trolleyFactor));
  const bands = withTrolleys.map((m2) => spaceBand(m2, space.optimum));
  const rated = bands.filter((b) => b !== null);
  let worstAt = -1;
  withTrolleys.forEach((m2, i) => {
    if (m2 !== null && (worstAt < 0 || m2 < withTrolleys[worstAt]!)) worstAt = i;
  });
  const start = queueLength.start_minutes;
  return {
    area_m2: space.areaM2,
    trolley_factor: Math.round(space.trolleyFactor * 1000) / 1000,
    optimum_m2_per_passenger: space.optimum,
    m2_per_passenger_series: { start_minutes: start, values: plain.map(round) },
    m2_with_trolleys_series: { start_minutes: start, values: withTrolleys.map(round) },
    band_series: { start_minutes: start, values: bands },
    share_at_optimum: rated.length > 0 ? rated.filter((b) => b === 'optimum').length / rated.length : null,
    worst: worstAt < 0 ? null : { band: bands[worstAt]!, m2_with_trolleys: round(withTrolleys[worstAt])!, at_minutes: start + worstAt * binMinutes },
  };
}
