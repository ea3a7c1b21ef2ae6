// The departures part of the airport document: the design day and its clock, the turn-up
// profiles, and each departure with its passengers, segregations and profile, plus the facts the
// bag rules match on.
import type { components } from '../../openapi/schema';
import type { FlightFacts } from '../rules/matchFlight';
import type { AirportInput, SimulationApiData } from './documentInput';
import { uniqueNamer } from './uniqueNamer';

type Flight = components['schemas']['Flight'];

/** Wall-clock minutes of the design day in a time zone (the evening before is negative). */
export function designDayClock(timeZone: string, designDate: string): (iso: string) => number {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const base = Date.parse(`${designDate}T00:00:00Z`);
  return (iso) => {
    const p = Object.fromEntries(format.formatToParts(new Date(iso)).map((x) => [x.type, x.value]));
    const days = Math.round((Date.parse(`${p.year}-${p.month}-${p.day}T00:00:00Z`) - base) / 86_400_000);
    return days * 1440 + Number(p.hour) * 60 + Number(p.minute) + Number(p.second) / 60;
  };
}

/** The scenario's design date, else the local date of its first departure. */
export function designDateOf(data: SimulationApiData, departures: Flight[]): string {
  if (data.scenario.design_date) return data.scenario.design_date;
  const first = [...departures].sort((a, b) => a.scheduled.localeCompare(b.scheduled))[0]?.scheduled;
  return first ? new Intl.DateTimeFormat('en-CA', { timeZone: data.timeZone }).format(new Date(first)) : '1970-01-01';
}

/** Shares rescaled to total exactly 100 (the API allows a segregation set that does not). */
function toHundred(shares: number[]): number[] {
  const total = shares.reduce((a, b) => a + b, 0);
  return total > 0 ? shares.map((s) => (s * 100) / total) : shares.map(() => 100 / shares.length);
}

export type BuiltFlights = {
  flights: AirportInput['flights'];
  turnupProfiles: AirportInput['turnup_profiles'];
  /** API flight id to the document's flight id and flight, for the flights simulated. */
  flightId: Map<number, string>;
  builtFlight: Map<number, AirportInput['flights'][number]>;
  facts: Map<number, FlightFacts>;
};

export function buildFlights(
  data: SimulationApiData,
  departures: Flight[],
  designDate: string,
  minutes: (iso: string) => number,
  notes: string[],
): BuiltFlights {
  const airlineCode = new Map(data.airlines.map((a) => [a.id, a.code]));
  const aircraftOf = new Map(data.aircraft.map((a) => [a.id, a]));

  // Turn-up profiles: the flight's own, else the first matching its airline and sector.
  const profileName = uniqueNamer();
  const profileId = new Map(data.turnupProfiles.map((p) => [p.id, profileName(p.name)]));
  const profileFor = (f: Flight, airline: string) => {
    if (f.turnup_profile_id !== null && profileId.has(f.turnup_profile_id)) return profileId.get(f.turnup_profile_id)!;
    const match = data.turnupProfiles.find((p) => (p.airline_code === null || p.airline_code === airline) && (p.sector === null || p.sector === f.sector));
    return match ? profileId.get(match.id)! : undefined;
  };

  const segregationsOf = new Map<number, SimulationApiData['segregations']>();
  for (const s of data.segregations) segregationsOf.set(s.flight_id, [...(segregationsOf.get(s.flight_id) ?? []), s]);

  const flightName = uniqueNamer();
  const built: BuiltFlights = {
    flights: [],
    turnupProfiles: data.turnupProfiles.map((p) => ({
      id: profileId.get(p.id)!,
      bin_minutes: p.bin_minutes,
      earliest_minutes: p.earliest_minutes,
      shares: p.shares,
    })),
    flightId: new Map(),
    builtFlight: new Map(),
    facts: new Map(),
  };
  let noProfile = 0;
  for (const f of departures) {
    const airline = airlineCode.get(f.airline_id) ?? `airline ${f.airline_id}`;
    const turnup = profileFor(f, airline);
    if (!turnup) {
      noProfile++;
      continue;
    }
    const id = flightName(`${airline} ${f.flight_number}${f.suffix}`);
    const own = segregationsOf.get(f.id) ?? [];
    const shares = toHundred(own.map((s) => s.share));
    const std = minutes(f.scheduled);
    const flight: AirportInput['flights'][number] = {
      id,
      airline,
      std_minutes: std,
      ...(f.passengers !== null ? { passengers: f.passengers } : { seats: Math.max(1, f.seats), load_factor: f.load_factor }),
      turnup_profile: turnup,
      sector: f.sector,
      segregations: own.length ? own.map((s, i) => ({ name: s.name, share: shares[i] })) : [{ name: 'ALL', share: 100 }],
    };
    built.flights.push(flight);
    built.flightId.set(f.id, id);
    built.builtFlight.set(f.id, flight);
    const aircraft = f.aircraft_id !== null ? aircraftOf.get(f.aircraft_id) : undefined;
    built.facts.set(f.id, {
      airline_code: airline,
      flight_number: Number.parseInt(f.flight_number, 10) || 0,
      other_airport: f.destination,
      sector: f.sector,
      body: aircraft?.body ?? null,
      aircraft_type: aircraft?.iata ?? '',
      weekday: ((new Date(`${designDate}T00:00:00Z`).getUTCDay() + 6 + Math.floor(std / 1440)) % 7) + 1,
      minute_of_day: ((std % 1440) + 1440) % 1440,
    });
  }
  if (noProfile) notes.push(`${noProfile} departures left out: no turn-up profile applies to them.`);
  return built;
}
