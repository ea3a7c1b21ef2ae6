// Everything the flights screen shows of a scenario, in one load: its flights as grid rows with
// their segregation counts and make-up allocations, the lists the grid's choices come from, where
// the flights came from, and whether the caller may edit.
import { provenanceWords } from '../season/model/provenanceWords';
import type { ScenarioProvenance } from '../../../workers/schedule/provenance';
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import { dayClock } from '../../../workers/report/time';
import { flightAllocations } from './allocationColumns';
import { buildFlightRows, countByFlight, lookupsFrom } from './flightRows';

export async function loadScenarioFlights(scenarioId: number, projectId: number) {
  const query = { params: { query: { scenario_id: scenarioId } } };
  const [project, scenario, airports, airlines, aircraft, zones, turnupProfiles, flights, segregations, resources, baggage] = await Promise.all([
    unwrap(api.GET('/api/projects/{id}/', { params: { path: { id: projectId } } })),
    unwrap(api.GET('/api/scenarios/{id}/', { params: { path: { id: scenarioId } } })),
    unwrap(api.GET('/api/airports/', query)),
    unwrap(api.GET('/api/airlines/', query)),
    unwrap(api.GET('/api/aircraft/', query)),
    unwrap(api.GET('/api/zones/', query)),
    unwrap(api.GET('/api/turnup-profiles/', query)),
    unwrap(api.GET('/api/flights/', query)),
    unwrap(api.GET('/api/segregations/', query)),
    unwrap(api.GET('/api/allocation/resource/', query)),
    unwrap(api.GET('/api/allocation/baggage-allocation/', query)),
  ]);
  const timeZone = airports[0]?.time_zone || 'UTC';
  const designDate = scenario.design_date ?? (flights[0]?.scheduled.slice(0, 10) || '1970-01-01');
  const allocations = flightAllocations(baggage, resources, segregations, dayClock(designDate, timeZone));
  const lookups = lookupsFrom({
    airlines,
    aircraft,
    segregationCounts: countByFlight(segregations),
    timeZone,
    designDate: scenario.design_date,
    allocations,
  });
  return {
    provenance: provenanceWords(scenario.provenance as ScenarioProvenance),
    canEdit: project.role !== 'viewer',
    timeZone: lookups.timeZone,
    lookups,
    refs: { zones, turnupProfiles, aircraft },
    rows: buildFlightRows({
      flights,
      airlines,
      aircraft,
      segregationCounts: lookups.segregationCounts,
      timeZone: lookups.timeZone,
      designDate: scenario.design_date,
      allocations,
    }),
  };
}
