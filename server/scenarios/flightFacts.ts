// Loads a scenario's flights with the facts rules match on (airline code, aircraft, local time
// at the scenario's airport), in one query, for the rule-applying jobs.
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { aircraft, airlines, airports, flights } from '../db/schema';
import { zoneOffsetMs } from '../../workers/report/zonedTime';
import type { FlightFacts } from '../../common/rules/matchFlight';

export type FlightWithFacts = { flight: typeof flights.$inferSelect; facts: FlightFacts };

/** The scenario's airport: the first one entered (a scenario models one airport). */
export async function homeAirport(ex: Executor, scenarioId: number) {
  const [airport] = await ex.select().from(airports).where(eq(airports.scenario_id, scenarioId)).orderBy(asc(airports.id)).limit(1);
  return airport;
}

/** The scenario's flights with their facts, or only `flightId`'s. */
export async function loadFlightFacts(ex: Executor, scenarioId: number, flightId?: number): Promise<FlightWithFacts[]> {
  const timeZone = (await homeAirport(ex, scenarioId))?.time_zone ?? 'UTC';
  const rows = await ex
    .select({ flight: flights, airline_code: airlines.code, body: aircraft.body, aircraft_type: aircraft.iata })
    .from(flights)
    .innerJoin(airlines, eq(airlines.id, flights.airline_id))
    .leftJoin(aircraft, eq(aircraft.id, flights.aircraft_id))
    .where(and(eq(flights.scenario_id, scenarioId), flightId === undefined ? undefined : eq(flights.id, flightId)))
    .orderBy(asc(flights.scheduled), asc(flights.id));
  return rows.map(({ flight, airline_code, body, aircraft_type }) => {
    const utc = flight.scheduled.getTime();
    const local = new Date(utc + zoneOffsetMs(timeZone, utc));
    return {
      flight,
      facts: {
        airline_code,
        flight_number: Number(flight.flight_number),
        other_airport: flight.direction === 'departure' ? flight.destination : flight.origin,
        sector: flight.sector,
        body,
        aircraft_type: aircraft_type ?? '',
        weekday: ((local.getUTCDay() + 6) % 7) + 1,
        minute_of_day: local.getUTCHours() * 60 + local.getUTCMinutes(),
      },
    };
  });
}
