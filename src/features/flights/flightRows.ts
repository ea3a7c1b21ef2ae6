// The flights grid's rows (pure, tested): the API's flights joined with the airline codes, the
// aircraft types and the segregation counts, STD shown in the airport's local time, and the
// passengers the API derives when none are given (seats x load factor).
import type { components } from '../../../openapi/schema';
import { NO_ALLOCATION, type FlightAllocationFields } from './allocationColumns';
import { parseMinutes } from '../../charts/timeFormat';
import { zonedWallToUtc } from '../../../workers/report/zonedTime';

export type Flight = components['schemas']['Flight'];
type Airline = components['schemas']['Airline'];
type Aircraft = components['schemas']['Aircraft'];
type Segregation = Pick<components['schemas']['Segregation'], 'flight_id'>;

export type FlightRow = Flight &
  FlightAllocationFields & {
    airline_code: string;
    aircraft_type: string;
    std_local: string;
    /** The passengers given, or seats x load factor when none are. */
    passengers_shown: number;
    passengers_derived: boolean;
    segregation_count: number;
  };

/** "HH:MM" in the airport's time zone, with "+1" / "-1" when the local day is not the design day. */
export function formatLocalTime(iso: string, timeZone: string, designDate: string | null): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  const time = `${parts.hour}:${parts.minute}`;
  const day = `${parts.year}-${parts.month}-${parts.day}`;
  if (!designDate || day === designDate) return time;
  const offset = Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${designDate}T00:00:00Z`)) / 86_400_000);
  return `${time} ${offset > 0 ? '+' : ''}${offset}`;
}

/**
 * A typed STD ("HH:MM", "HH:MM +1") in the airport's local time on the design day (else the
 * flight's own local day) as the ISO instant the API stores; null when it does not read as a time.
 */
export function parseLocalTime(text: string, timeZone: string, designDate: string | null, currentIso: string): string | null {
  const minutes = parseMinutes(text);
  if (minutes === null) return null;
  const day = designDate ?? new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(currentIso));
  return new Date(zonedWallToUtc(Date.parse(`${day}T00:00:00Z`) + minutes * 60_000, timeZone)).toISOString();
}

export function countByFlight(segregations: readonly Segregation[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const s of segregations) counts.set(s.flight_id, (counts.get(s.flight_id) ?? 0) + 1);
  return counts;
}

type RowSources = {
  flights: readonly Flight[];
  airlines: readonly Airline[];
  aircraft: readonly Aircraft[];
  segregationCounts: ReadonlyMap<number, number>;
  timeZone: string;
  designDate: string | null;
  /** The make-up allocation per flight (the allocation columns); none when not loaded. */
  allocations?: ReadonlyMap<number, FlightAllocationFields>;
};

export function buildFlightRows({ flights, ...sources }: RowSources): FlightRow[] {
  const lookups = lookupsFrom(sources);
  return flights.map((flight) => toRow(flight, lookups));
}

export type Lookups = {
  airlineCodes: ReadonlyMap<number, string>;
  aircraftTypes: ReadonlyMap<number, string>;
  segregationCounts: ReadonlyMap<number, number>;
  timeZone: string;
  designDate: string | null;
  allocations?: ReadonlyMap<number, FlightAllocationFields>;
};

/** One row; also used to redo a row after an edit. */
export function toRow(flight: Flight, lookups: Lookups): FlightRow {
  const derived = flight.passengers === null;
  return {
    ...flight,
    ...(lookups.allocations?.get(flight.id) ?? NO_ALLOCATION),
    airline_code: lookups.airlineCodes.get(flight.airline_id) ?? '?',
    aircraft_type: flight.aircraft_id === null ? '' : (lookups.aircraftTypes.get(flight.aircraft_id) ?? ''),
    std_local: formatLocalTime(flight.scheduled, lookups.timeZone, lookups.designDate),
    passengers_shown: derived ? Math.round(flight.seats * flight.load_factor) : (flight.passengers as number),
    passengers_derived: derived,
    segregation_count: lookups.segregationCounts.get(flight.id) ?? 0,
  };
}

export function lookupsFrom(sources: Omit<RowSources, 'flights'>): Lookups {
  return {
    airlineCodes: new Map(sources.airlines.map((a) => [a.id, a.code])),
    aircraftTypes: new Map(sources.aircraft.map((a) => [a.id, a.iata])),
    segregationCounts: sources.segregationCounts,
    timeZone: sources.timeZone,
    designDate: sources.designDate,
    allocations: sources.allocations,
  };
}

/** "292 flights", or "40 of 292 flights shown" while the grid's filters hide some. */
export const shownCount = (shown: number | null, total: number) =>
  shown === null || shown === total ? `${total} flight${total === 1 ? '' : 's'}` : `${shown} of ${total} flights shown`;
