// A stored scenario's airport document, built by the server: the lists the browser's Simulation
// screen fetches (src/features/simulation/loadScenario.ts), read through the list routes' own
// reader so every row, value and order is the API's, put together and built by the same shared
// code (common/scenario/), so the server and the browser build one document for one scenario.
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { scenarios } from '../db/schema';
import { notFound } from '../errors';
import { readScenarioList } from '../routes/scenarioResource';
import type { ResourceSpec } from '../routes/scenarioRows';
import { flightsResource, segregationsResource } from '../routes/flights';
import { airportsResource, zonesResource } from '../routes/places';
import { aircraftResource, airlinesResource, turnupProfilesResource } from '../routes/reference';
import { baggageAllocationsResource, resourceAllocationsResource, resourcesResource } from '../routes/allocations';
import { bagRulesResource } from '../routes/rules';
import { graphsResource } from '../routes/graphs';
import { sizingPlansResource } from '../routes/sizingPlans';
import { buildAirportDocument, type BuiltDocument } from '../../common/scenario/airportDocument';
import type { DocumentSettings } from '../../common/scenario/documentSettings';
import { simulationDataOf, type ScenarioAnswers } from '../../common/scenario/simulationData';

/** The scenario's rows as the API answers them (the caller has checked the user may see it); 404 when there is none. */
async function readScenarioAnswers(ex: Executor, scenarioId: number): Promise<ScenarioAnswers> {
  const [scenario] = await ex
    .select({ name: scenarios.name, design_date: scenarios.design_date, counter_share: scenarios.counter_share })
    .from(scenarios)
    .where(eq(scenarios.id, scenarioId));
  if (!scenario) throw notFound();
  // The rows are the API's DTOs by construction (the list routes' reader); their static types
  // are the generated schema's, which the shared builder is written against.
  const list = async <K extends keyof ScenarioAnswers>(spec: ResourceSpec) => (await readScenarioList(ex, spec, scenarioId)) as unknown as ScenarioAnswers[K];
  const [
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
    list<'airports'>(airportsResource),
    list<'flights'>(flightsResource),
    list<'segregations'>(segregationsResource),
    list<'airlines'>(airlinesResource),
    list<'aircraft'>(aircraftResource),
    list<'turnupProfiles'>(turnupProfilesResource),
    list<'resources'>(resourcesResource),
    list<'zones'>(zonesResource),
    list<'resourceAllocations'>(resourceAllocationsResource),
    list<'baggageAllocations'>(baggageAllocationsResource),
    list<'bagRules'>(bagRulesResource),
    list<'graphs'>(graphsResource),
    list<'plans'>(sizingPlansResource),
  ]);
  return {
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
  };
}

export type DocumentOptions = {
  settings: DocumentSettings;
  /** Another design day than the scenario's own (by default its design date, else its first departure's date). */
  designDate?: string;
};

/** The scenario's airport document with the given settings, as the browser builds it. */
export async function scenarioAirportDocument(ex: Executor, scenarioId: number, { settings, designDate }: DocumentOptions): Promise<BuiltDocument> {
  const answers = await readScenarioAnswers(ex, scenarioId);
  const scenario = designDate === undefined ? answers.scenario : { ...answers.scenario, design_date: designDate };
  return buildAirportDocument(simulationDataOf({ ...answers, scenario }), settings);
}
