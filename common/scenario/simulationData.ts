// The API's answers for one scenario put together as the airport document's builder reads them:
// the airport's time zone, the newest saved flow graph, the applied sizing plan. The browser
// fetches the answers over HTTP (src/features/simulation/loadScenario.ts) and the server reads the
// same lists itself (server/scenarios/scenarioAnswers.ts); both put them together here, so one
// scenario gives one document wherever it is built.
import type { components } from '../../openapi/schema';
import type { SimulationApiData } from './documentInput';
import type { AppliedPlan } from './documentInput';

type Schemas = components['schemas'];

/** What GET scenarios/{id}/ and the scenario's lists answer, as far as the document reads them. */
export type ScenarioAnswers = Omit<SimulationApiData, 'scenario' | 'timeZone' | 'flowGraph' | 'appliedPlan'> & {
  scenario: SimulationApiData['scenario'];
  airports: Array<Pick<Schemas['Airport'], 'time_zone'>>;
  graphs: Array<Pick<Schemas['PassengerMovementGraph'], 'graph' | 'updated_at'>>;
  plans: Array<Pick<Schemas['SizingPlan'], 'applied' | 'plan'>>;
};

export function simulationDataOf({ scenario, airports, graphs, plans, ...lists }: ScenarioAnswers): SimulationApiData {
  return {
    ...lists,
    scenario: { name: scenario.name, design_date: scenario.design_date, counter_share: scenario.counter_share },
    // The design day runs from local midnight of the scenario's airport (the first, as the API lists them).
    timeZone: airports[0]?.time_zone || 'UTC',
    // The flow editor saves one graph per scenario; the newest wins if there are more.
    flowGraph: [...graphs].sort((a, b) => b.updated_at.localeCompare(a.updated_at))[0]?.graph ?? null,
    appliedPlan: (plans.find((p) => p.applied)?.plan as AppliedPlan | undefined) ?? null,
  };
}
