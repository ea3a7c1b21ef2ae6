// Airline common check-in (DESIGN.md 4.4): an airline's departures whose counter windows overlap
// or touch share one block of counters. Each such cluster becomes one entry of the check-in
// engine, with the summed passengers and a turn-up profile that is the exact superposition of its
// flights' profiles, so the engine sizes the block from the demand the cluster really sees. An
// airline flying at 06:00 and at 22:00 gets two clusters, not one block held all day. Pure.
import type { TurnUp } from '../../workers/alloc/checkinSizing';

export type FlightWindow = {
  id: string;
  airlineId: number;
  /** Minutes of the design day: departure, counter opening and closing. */
  std: number;
  open: number;
  close: number;
  passengers: number;
  /** Share of passengers turning up in the slot starting `before` minutes before the flight's STD. */
  profile: readonly TurnUp[];
  /** The counter row (check-in zone) of the flight, or null when it has none with counters. */
  row: string | null;
};

export type AirlineCluster = {
  airlineId: number;
  flights: FlightWindow[];
  open: number;
  close: number;
  /** The last STD of the cluster: the profile's slots count back from it. */
  std: number;
  passengers: number;
  profile: TurnUp[];
  row: string | null;
};

/** Each airline's flights, merged into clusters of overlapping or touching counter windows. */
export function airlineClusters(flights: readonly FlightWindow[]): AirlineCluster[] {
  const byAirline = new Map<number, FlightWindow[]>();
  for (const f of flights) byAirline.set(f.airlineId, [...(byAirline.get(f.airlineId) ?? []), f]);
  const clusters: AirlineCluster[] = [];
  for (const [airlineId, own] of byAirline) {
    const sorted = [...own].sort((a, b) => a.open - b.open || a.close - b.close);
    let group: FlightWindow[] = [];
    let close = -Infinity;
    for (const f of sorted) {
      if (group.length && f.open > close) {
        clusters.push(clusterOf(airlineId, group));
        group = [];
      }
      group.push(f);
      close = group.length === 1 ? f.close : Math.max(close, f.close);
    }
    if (group.length) clusters.push(clusterOf(airlineId, group));
  }
  return clusters.sort((a, b) => a.open - b.open || a.airlineId - b.airlineId);
}

function clusterOf(airlineId: number, flights: FlightWindow[]): AirlineCluster {
  const std = Math.max(...flights.map((f) => f.std));
  return {
    airlineId,
    flights,
    open: Math.min(...flights.map((f) => f.open)),
    close: Math.max(...flights.map((f) => f.close)),
    std,
    passengers: flights.reduce((n, f) => n + f.passengers, 0),
    profile: superposedProfile(flights, std),
    row: mostCommonRow(flights),
  };
}

/**
 * The flights' turn-up profiles as one profile counting back from `std`: each flight's slots
 * shifted by how much earlier it leaves, its shares normalised and weighted by its passengers
 * (equally when no flight has any), slots at the same minute summed.
 */
export function superposedProfile(flights: readonly FlightWindow[], std: number): TurnUp[] {
  const anyone = flights.some((f) => f.passengers > 0);
  const shares = new Map<number, number>();
  for (const f of flights) {
    const total = f.profile.reduce((n, p) => n + p.share, 0);
    if (!(total > 0)) continue;
    const weight = anyone ? f.passengers : 1;
    for (const p of f.profile) {
      const before = p.before + (std - f.std);
      shares.set(before, (shares.get(before) ?? 0) + (p.share / total) * weight);
    }
  }
  return [...shares].sort((a, b) => b[0] - a[0]).map(([before, share]) => ({ before, share }));
}

/** The row most of the flights use (on a tie, the one the earliest of them uses); null when none has one. */
export function mostCommonRow(flights: readonly FlightWindow[]): string | null {
  const votes = new Map<string, number>();
  for (const f of flights) if (f.row !== null) votes.set(f.row, (votes.get(f.row) ?? 0) + 1);
  let best: string | null = null;
  for (const [row, n] of votes) if (best === null || n > votes.get(best)!) best = row;
  return best;
}
