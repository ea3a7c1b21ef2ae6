// What the airport document is built from and what it is: the scenario's API data, and the
// engine's input as the client writes it (defaults left to the engine). Types only, so every
// part of the builder (document*.ts) and its callers share them without importing each other.
import type { components } from '../../openapi/schema';
import type { AirportDocument } from '../../workers/sim/airportSchema';

type Schemas = components['schemas'];

/** What the document takes from the scenario's applied sizing plan (a sizing engine's SizingOutput). */
export type AppliedPlan = {
  origin_minute: number;
  stations: Record<string, { kind: string; servers: number[]; period_minutes: number }>;
};

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
