// What every Gantt (the planning screens' and the report's, make-up and check-in) looks up from
// its data: the design day's clock, flights by id, airline codes by id and the airline colours.
import { airlineColours } from './colours';
import { dayClock } from './time';
import type { ReportAirline, ReportAirlineColour, ReportDay, ReportFlight } from './types';

type GanttSource = { day: ReportDay; flights: ReportFlight[]; airlines: ReportAirline[]; colours?: ReportAirlineColour[] };

/** The airlines' codes, the one with the most flights first (it keeps its own colour). */
function codesByFlights(data: Pick<GanttSource, 'flights' | 'airlines'>): string[] {
  const flights = new Map<number, number>();
  for (const f of data.flights) flights.set(f.airline_id, (flights.get(f.airline_id) ?? 0) + 1);
  return [...data.airlines].sort((a, b) => (flights.get(b.id) ?? 0) - (flights.get(a.id) ?? 0) || a.code.localeCompare(b.code)).map((a) => a.code);
}

export function ganttLookups(data: GanttSource) {
  return {
    clock: dayClock(data.day.designDate, data.day.timeZone),
    flights: new Map(data.flights.map((f) => [f.id, f])),
    codes: new Map(data.airlines.map((a) => [a.id, a.code])),
    colour: airlineColours(data.colours, codesByFlights(data)),
  };
}
