// What every Gantt (the planning screens' and the report's, make-up and check-in) looks up from
// its data: the design day's clock, flights by id, airline codes by id and the airline colours.
import { airlineColours } from './colours';
import { dayClock } from './time';
import type { ReportAirline, ReportAirlineColour, ReportDay, ReportFlight } from './types';

type GanttSource = { day: ReportDay; flights: ReportFlight[]; airlines: ReportAirline[]; colours?: ReportAirlineColour[] };

export function ganttLookups(data: GanttSource) {
  return {
    clock: dayClock(data.day.designDate, data.day.timeZone),
    flights: new Map(data.flights.map((f) => [f.id, f])),
    codes: new Map(data.airlines.map((a) => [a.id, a.code])),
    colour: airlineColours(data.colours),
  };
}
