// Whether a flight matches a rule's criteria. Pure: the caller gathers the facts of a flight
// (its airline code, aircraft, local time at the airport) once, and every rule set uses this
// one definition of "matches". An empty criterion matches everything.

/** A rule's flight criteria, as the rules tables store them (JSON). */
export type FlightMatch = {
  airline_codes?: string[];
  destinations?: string[];
  sector?: 'domestic' | 'schengen' | 'international';
  body?: 'narrow' | 'wide';
  aircraft_types?: string[];
  flight_number_ranges?: Array<[number, number]>;
  /** ISO weekdays 1 (Monday) to 7. */
  days?: number[];
  /** Local time of day window, minutes since midnight, [from, to). */
  time_of_day?: [number, number];
  segregation_names?: string[];
};

export type FlightFacts = {
  airline_code: string;
  flight_number: number;
  /** The other end: destination of a departure, origin of an arrival. */
  other_airport: string;
  sector: 'domestic' | 'schengen' | 'international';
  body: 'narrow' | 'wide' | null;
  aircraft_type: string;
  /** ISO weekday at the airport, 1 (Monday) to 7. */
  weekday: number;
  /** Minutes after local midnight at the airport. */
  minute_of_day: number;
  segregation_name?: string;
};

const has = <T>(list: T[] | undefined): list is T[] => Array.isArray(list) && list.length > 0;

export function matchesFlight(match: FlightMatch, f: FlightFacts): boolean {
  if (has(match.airline_codes) && !match.airline_codes.includes(f.airline_code)) return false;
  if (has(match.destinations) && !match.destinations.includes(f.other_airport)) return false;
  if (match.sector && match.sector !== f.sector) return false;
  if (match.body && match.body !== f.body) return false;
  if (has(match.aircraft_types) && !match.aircraft_types.includes(f.aircraft_type)) return false;
  if (has(match.flight_number_ranges) && !match.flight_number_ranges.some(([lo, hi]) => f.flight_number >= lo && f.flight_number <= hi)) {
    return false;
  }
  if (has(match.days) && !match.days.includes(f.weekday)) return false;
  if (match.time_of_day) {
    const [from, to] = match.time_of_day;
    // A window may wrap midnight, e.g. [1320, 360] for 22:00 to 06:00.
    const inside = from <= to ? f.minute_of_day >= from && f.minute_of_day < to : f.minute_of_day >= from || f.minute_of_day < to;
    if (!inside) return false;
  }
  if (has(match.segregation_names) && (f.segregation_name === undefined || !match.segregation_names.includes(f.segregation_name))) {
    return false;
  }
  return true;
}

/** The first rule (lowest priority number, then lowest id) that matches, if any. */
export function firstMatch<R extends { priority: number; id: number; match: FlightMatch }>(rules: R[], facts: FlightFacts): R | undefined {
  return [...rules].sort((a, b) => a.priority - b.priority || a.id - b.id).find((r) => matchesFlight(r.match, facts));
}
