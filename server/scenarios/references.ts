// Which columns of each scenario table point at rows of which other table: the one list both
// the API (a reference must stay inside its scenario) and the scenario clone (every reference
// is remapped into the copy) work from.
import { aircraft, airlines, airports, flightScheduleFiles, flights, resources, segregations, terminals, turnupProfiles, zones } from '../db/schema';
import type { ScenarioTable } from '../routes/scenarioRows';

export type References = Record<string, ScenarioTable>;

export const TERMINAL_REFS: References = { airport_id: airports };
export const ZONE_REFS: References = { terminal_id: terminals };
export const FLIGHT_REFS: References = {
  source_id: flightScheduleFiles,
  airline_id: airlines,
  aircraft_id: aircraft,
  terminal_id: terminals,
  zone_id: zones,
  makeup_zone_id: zones,
  turnup_profile_id: turnupProfiles,
};
export const SEGREGATION_REFS: References = { flight_id: flights };
export const RESOURCE_REFS: References = { zone_id: zones };
export const RESOURCE_ALLOCATION_REFS: References = { resource_id: resources, flight_id: flights, airline_id: airlines };
export const BAGGAGE_ALLOCATION_REFS: References = { flight_id: flights, segregation_id: segregations, resource_id: resources };
/** Ids inside a flight import rule's actions. */
export const IMPORT_ACTION_REFS: References = {
  terminal_id: terminals,
  zone_id: zones,
  makeup_zone_id: zones,
  turnup_profile_id: turnupProfiles,
};
