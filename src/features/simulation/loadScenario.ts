// Everything the airport document is built from, fetched at once for one scenario, with the
// scenario's applied sizing plan (its security lanes' opening schedule).
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import type { SimulationApiData } from './model/airportDocument';
import type { AppliedPlan } from './model/documentResources';

export async function loadSimulationData(scenarioId: number): Promise<SimulationApiData> {
  const query = { params: { query: { scenario_id: scenarioId } } };
  const [scenario, airports, flights, segregations, airlines, aircraft, turnupProfiles, resources, zones, resourceAllocations, baggageAllocations, bagRules, graphs, plans] =
    await Promise.all([
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
  return {
    scenario,
    timeZone: airports[0]?.time_zone || 'UTC',
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
    // The flow editor saves one graph per scenario; the newest wins if there are more.
    flowGraph: [...graphs].sort((a, b) => b.updated_at.localeCompare(a.updated_at))[0]?.graph ?? null,
    appliedPlan: (plans.find((p) => p.applied)?.plan as AppliedPlan | undefined) ?? null,
  };
}
