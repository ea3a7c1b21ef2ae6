// Everything the airport document is built from, fetched at once for one scenario, with the
// scenario's applied sizing plan (its security lanes' opening schedule). The client is a
// parameter so the API tests fetch through this same code (tests/api/airportDocument.test.ts).
import type { ApiClient } from '../../api/client';
import { unwrap } from '../../api/errors';
import type { SimulationApiData } from '../../../common/scenario/documentInput';
import { simulationDataOf } from '../../../common/scenario/simulationData';

export async function loadSimulationData(api: ApiClient, scenarioId: number): Promise<SimulationApiData> {
  const query = { params: { query: { scenario_id: scenarioId } } };
  const [
    scenario,
    airports,
    flights,
    segregations,
    airlines,
    aircraft,
    turnupProfiles,
    resources,
    zones,
    resourceAllocations,
    baggageAllocations,
    bagRules,
    graphs,
    plans,
  ] = await Promise.all([
    unwrap(api.GET('/api/scenarios/{id}/', { params: { path: { id: scenarioId } } })),
    unwrap(api.GET('/api/airports/', query)),
    unwrap(api.GET('/api/flights/', query)),
    unwrap(api.GET('/api/segregations/', query)),
    unwrap(api.GET('/api/airlines/', query)),
    unwrap(api.GET('/api/aircraft/', query)),
    unwrap(api.GET('/api/turnup-profiles/', query)),
    unwrap(api.GET('/api/allocation/resource/', query)),
    unwrap(api.GET('/api/zones/', query)),
    unwrap(api.GET('/api/allocation/resource-allocation/', query)),
    unwrap(api.GET('/api/allocation/baggage-allocation/', query)),
    unwrap(api.GET('/api/rules/bagsperallocation/', query)),
    unwrap(api.GET('/api/passenger-movement-graphs/', query)),
    unwrap(api.GET('/api/sizing-plans/', query)),
  ]);
  return simulationDataOf({
    scenario,
    airports,
    flights,
    segregations,
    airlines,
    aircraft,
    turnupProfiles,
    resources,
    zones,
    resourceAllocations,
    baggageAllocations,
    bagRules,
    graphs,
    plans,
  });
}
