// A scenario's departures as the schedule studies read them: in the airport's local time, with
// their airline code, terminal name and passengers (the flight's own, else seats x load factor).
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { airlines, flights, terminals } from '../db/schema';
import { homeAirport } from '../scenarios/flightFacts';
import { localDateAndMinute } from '../../workers/report/zonedTime';
import type { SeasonFlight } from '../../workers/schedule/season';

export async function scenarioDepartures(ex: Executor, scenarioId: number): Promise<{ flights: SeasonFlight[]; timeZone: string }> {
  const timeZone = (await homeAirport(ex, scenarioId))?.time_zone ?? 'UTC';
  const rows = await ex
    .select({ flight: flights, code: airlines.code, terminal: terminals.name })
    .from(flights)
    .innerJoin(airlines, eq(airlines.id, flights.airline_id))
    .leftJoin(terminals, eq(terminals.id, flights.terminal_id))
    .where(eq(flights.scenario_id, scenarioId));
  const departures = rows
    .filter((r) => r.flight.direction === 'departure')
    .map(({ flight: f, code, terminal }): SeasonFlight => {
      const { date, minute } = localDateAndMinute(f.scheduled.getTime(), timeZone);
      return {
        id: f.id,
        date,
        minute,
        airline: code,
        flight_number: f.flight_number,
        destination: f.destination,
        aircraft_type: '',
        seats: f.seats,
        passengers: f.passengers ?? Math.round(f.seats * f.load_factor),
        sector: f.sector,
        ...(terminal !== null && { terminal }),
      };
    });
  return { flights: departures, timeZone };
}
