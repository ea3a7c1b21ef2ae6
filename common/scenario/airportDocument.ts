// The scenario's API data turned into the airport document the simulation engine runs
// (docs/simulation.md, "The airport document"): departures with their segregations and turn-up
// profiles, resources with service times, counter allocations as opening windows, make-up
// allocations, bag rules and the passenger flow. Pure and free of UI, so the browser, the server
// (GET scenarios/{id}/airport-document/), the benchmarks and the tests build one document the same
// way. Times are minutes of the design day in the airport's local time. Each part is built in its
// own module (document*.ts); this one puts them together in order.
import type { components } from '../../openapi/schema';
import { DEFAULT_BAGS_PER_PASSENGER, type AirportDocument } from '../../workers/sim/airportSchema';
import { buildBagRules } from './documentBags';
import { buildFlights, designDateOf, designDayClock } from './documentFlights';
import { defaultFlow, flightsWithoutCounters, graphFlow, withCounterShare } from './documentFlow';
import { buildMakeupAllocations, buildResourceAllocations, buildResources, withLaneSchedules, withZoneAreas, type AppliedPlan } from './documentResources';
import type { DocumentSettings, Process } from './documentSettings';

export { designDayClock };

type Schemas = components['schemas'];

/** The engine's input as the client writes it (defaults left to the engine). */
export type AirportInput = {
  kind: 'airport';
  name?: string;
  design_date?: string;
  seed: number;
  replications: number;
  settings: Partial<AirportDocument['settings']>;
  turnup_profiles: AirportDocument['turnup_profiles'];
  flights: Array<Omit<AirportDocument['flights'][number], 'seats' | 'load_factor'> & { seats?: number; load_factor?: number }>;
  resources: Array<Omit<AirportDocument['resources'][number], 'service_dist' | 'positions'> & { positions?: number }>;
  resource_allocations: AirportDocument['resource_allocations'];
  flow: {
    splits: AirportDocument['flow']['splits'];
    queues: Array<Omit<AirportDocument['flow']['queues'][number], 'checks_bags'>>;
    outputs: AirportDocument['flow']['outputs'];
  };
  bag_rules: AirportDocument['bag_rules'];
  makeup_allocations: AirportDocument['makeup_allocations'];
};

export type SimulationApiData = {
  /** counter_share: percent of passengers who check in at a staffed counter (the rest go straight to security). */
  scenario: Pick<Schemas['Scenario'], 'name' | 'design_date' | 'counter_share'>;
  /** The airport's IANA time zone; the design day runs from its local midnight. */
  timeZone: string;
  flights: Schemas['Flight'][];
  segregations: Schemas['Segregation'][];
  airlines: Schemas['Airline'][];
  aircraft: Schemas['Aircraft'][];
  turnupProfiles: Schemas['TurnupProfile'][];
  resources: Schemas['Resource'][];
  zones: Schemas['Zone'][];
  resourceAllocations: Schemas['ResourceAllocation'][];
  baggageAllocations: Schemas['BaggageAllocation'][];
  /** The bags-per-allocation rules; `match` is the rule's flight criteria (common/rules/matchFlight). */
  bagRules: Array<Pick<Schemas['BagsPerAllocationRule'], 'id' | 'priority' | 'bags_per_passenger'> & { match: object }>;
  /** The saved passenger movement graph (the flow editor's flow.json), if the scenario has one. */
  flowGraph: unknown;
  /** The scenario's applied sizing plan, if any: its security lanes become opening schedules. */
  appliedPlan?: AppliedPlan | null;
};

export type BuiltDocument = {
  document: AirportInput;
  /** The process of each queue and output, for the level-of-service table. */
  processes: Record<string, Process>;
  /** Which flow the passengers follow: the saved graph, or the default flow. */
  flowSource: 'graph' | 'default';
  /** Plain words on what the builder had to decide (flights left out, zones shared, the flow). */
  notes: string[];
};

export function buildAirportDocument(data: SimulationApiData, settings: DocumentSettings): BuiltDocument {
  const notes: string[] = [];
  const departures = data.flights.filter((f) => f.direction === 'departure');
  const designDate = designDateOf(data, departures);
  const minutes = designDayClock(data.timeZone, designDate);

  const flights = buildFlights(data, departures, designDate, minutes, notes);
  const terminal = buildResources(data);
  const resourceAllocations = buildResourceAllocations(data, terminal, flights.flightId, minutes, notes);
  const makeupAllocations = buildMakeupAllocations(data, terminal, flights.flightId, minutes);

  const fromGraph = graphFlow(data, terminal.resourceId, terminal.resources, flights.flights, settings, notes);
  const built = fromGraph ?? defaultFlow(data, departures, flights.flightId, terminal.resourceId, flights.flights, settings, notes);
  const shared = withCounterShare(built.flow, data.scenario.counter_share, notes);
  const { bagsFactor } = shared;
  const flow = withZoneAreas(shared.flow, data, terminal.resourceId);
  const resources = withLaneSchedules(terminal.resources, flow.outputs, data.appliedPlan, notes);
  const closed = flightsWithoutCounters(flights.flights, flow, resourceAllocations);
  if (closed.length) {
    notes.push(
      `${closed.length} of ${flights.flights.length} departures have no counter open for them at their first check-in queue (no allocation for the flight, its airline or everyone): their passengers can only miss check-in. Run the check-in allocation or allocate counters.`,
    );
  }

  return {
    document: {
      kind: 'airport',
      name: data.scenario.name,
      design_date: designDate,
      seed: settings.seed,
      replications: settings.replications,
      settings: {
        bin_minutes: 5,
        playback: settings.playback,
        space: { checkin_optimum_m2: settings.space.checkin, security_optimum_m2: settings.space.security, trolley_factors: settings.space.trolley },
        ...(bagsFactor !== 1 && { bags_per_passenger: Math.round(DEFAULT_BAGS_PER_PASSENGER * bagsFactor * 1000) / 1000 }) },
      turnup_profiles: flights.turnupProfiles,
      flights: flights.flights,
      resources,
      resource_allocations: resourceAllocations,
      flow,
      bag_rules: buildBagRules(data, flights, bagsFactor),
      makeup_allocations: makeupAllocations,
    },
    processes: built.processes,
    flowSource: fromGraph ? 'graph' : 'default',
    notes,
  };
}
