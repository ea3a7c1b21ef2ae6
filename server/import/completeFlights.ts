// What a schedule leaves out, filled in alike for every reading of a file (an upload, a season, a
// design day): seats for flights with neither seats nor an aircraft type of known size, marked as
// estimated, and the sector from the two airports' countries where the reference data knows
// them. Each fill is a warning, so the planner sees what was assumed and for which flights.
import { distanceKm, knownAirport } from '../reference/airports';
import { plausibleSeats } from '../reference/lookup';
import { CLASS_SEATS, LONG_HAUL_KM } from '../reference/typicalSeats';
import { someLines } from './scheduleTable';
import type { ImportedFlight, ImportIssue, ImportResult } from './types';

/** Fewest typed flight numbers of an airline and haul whose median seats stand for its usual gauge. */
const MIN_SAMPLE = 3;

type Haul = 'short' | 'long';

/** Unknown distances (an airport the reference data does not list) count as short haul. */
const haulOf = (f: ImportedFlight): Haul => ((distanceKm(f.origin, f.destination) ?? 0) > LONG_HAUL_KM ? 'long' : 'short');

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : Math.round((sorted[mid - 1] + sorted[mid]) / 2);
}

const knownSeats = (f: ImportedFlight) => plausibleSeats(f.seats, f.aircraft_type) ?? 0;

/**
 * Seats for the flights that have none: the median seats of the same airline's flights of the
 * same haul in the file, else a typical narrow or wide body (CLASS_SEATS).
 */
function estimateSeats(flights: ImportedFlight[]): { flights: ImportedFlight[]; warning: ImportIssue | null } {
  // Each flight number counts once, so that a season repeating one typed flight every day does
  // not pass for an airline's usual gauge.
  const gaugeKey = (f: ImportedFlight) => `${f.airline}|${haulOf(f)}`;
  const gauges = new Map<string, Map<string, number>>();
  for (const f of flights) {
    const seats = knownSeats(f);
    if (seats === 0) continue;
    const key = gaugeKey(f);
    if (!gauges.has(key)) gauges.set(key, new Map());
    gauges.get(key)!.set(f.flight_number, seats);
  }
  const lines: number[] = [];
  let byAirline = 0;
  const completed = flights.map((f) => {
    if (knownSeats(f) > 0) return f;
    lines.push(f.line);
    const own = [...(gauges.get(gaugeKey(f))?.values() ?? [])];
    if (own.length >= MIN_SAMPLE) byAirline++;
    const seats = own.length >= MIN_SAMPLE ? median(own) : CLASS_SEATS[haulOf(f) === 'long' ? 'wide' : 'narrow'];
    return { ...f, seats, seats_estimated: true };
  });
  if (lines.length === 0) return { flights: completed, warning: null };
  const byClass = lines.length - byAirline;
  const message =
    `${lines.length} flights had no aircraft type and no seats (lines ${someLines(lines)}): seats estimated, ` +
    `${byAirline} from their airline's median seats at that distance, ${byClass} as a typical narrow body (${CLASS_SEATS.narrow} seats; ` +
    `a wide body, ${CLASS_SEATS.wide}, beyond ${LONG_HAUL_KM.toLocaleString('en')} km). They are marked as estimated and counted in every total.`;
  return { flights: completed, warning: { line: 0, message } };
}

/**
 * The sector of flights the file gives none: domestic when both airports are in one country the
 * reference data knows, international when in two; else left to the default (international) and
 * the airports named in a warning.
 */
function deriveSectors(flights: ImportedFlight[]): { flights: ImportedFlight[]; warning: ImportIssue | null } {
  const unplaced = new Set<string>();
  let left = 0;
  const completed = flights.map((f): ImportedFlight => {
    if (f.sector) return f;
    const here = knownAirport(f.origin)?.country;
    const there = knownAirport(f.destination)?.country;
    if (here && there) return { ...f, sector: here === there ? 'domestic' : 'international' };
    left++;
    for (const code of [f.origin, f.destination]) if (!knownAirport(code)) unplaced.add(code);
    return f;
  });
  if (left === 0) return { flights: completed, warning: null };
  const codes = [...unplaced].sort();
  const named = codes.length <= 10 ? codes.join(', ') : `${codes.slice(0, 10).join(', ')} and ${codes.length - 10} more`;
  const message =
    `${left} flights to or from airports whose country the reference data does not know (${named}): ` +
    'their sector is left international; set it with an import rule or in the flights grid.';
  return { flights: completed, warning: { line: 0, message } };
}

/** A readable file's flights with their seats and sectors completed, and what was assumed. */
export function completeFlights(result: ImportResult): ImportResult {
  if (result.errors.length || result.flights.length === 0) return result;
  const seats = estimateSeats(result.flights);
  const sectors = deriveSectors(seats.flights);
  const warnings = [seats.warning, sectors.warning].filter((w): w is ImportIssue => w !== null);
  return { ...result, flights: sectors.flights, warnings: [...result.warnings, ...warnings] };
}
