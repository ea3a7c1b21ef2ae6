// What the simulation screen loads for a scenario (src/features/simulation/loadScenario.ts), read
// through a test app's API by the benchmarks that build the airport document as the screen does.
import type { SimulationApiData } from '../../common/scenario/airportDocument';

/**
 * `getJson('flights/?scenario_id=1')`: the parsed body of a GET under /api/, untyped as an
 * injected response's `json()` is (the API's own tests check its shapes).
 */
export type GetJson = (path: string) => Promise<any>;

export async function simulationData(scenarioId: number, getJson: GetJson): Promise<SimulationApiData> {
  const list = (path: string) => getJson(`${path}/?scenario_id=${scenarioId}`);
  return {
    scenario: await getJson(`scenarios/${scenarioId}/`),
    timeZone: (await list('airports'))[0].time_zone,
    flights: await list('flights'),
    segregations: await list('segregations'),
    airlines: await list('airlines'),
    aircraft: await list('aircraft'),
    turnupProfiles: await list('turnup-profiles'),
    resources: await list('allocation/resource'),
    zones: await list('zones'),
    resourceAllocations: await list('allocation/resource-allocation'),
    baggageAllocations: await list('allocation/baggage-allocation'),
    bagRules: await list('rules/bagsperallocation'),
    flowGraph: (await list('passenger-movement-graphs'))[0]?.graph ?? null,
  };
}
