// The scenario's API data turned into the airport document the simulation engine runs
// (docs/simulation.md, "The airport document"): departures with their segregations and turn-up
// profiles, resources with service times, counter allocations as opening windows, make-up
// allocations, bag rules and the passenger flow. Pure and free of UI, so the browser, the server
// (GET scenarios/{id}/airport-document/), the benchmarks and the tests build one document the same
// way. Times are minutes of the design day in the airport's local time. Each part is built in its
// own module (document*.ts); this one puts them together in order.
import { DEFAULT_BAGS_PER_PASSENGER } from '../../workers/sim/airportSchema';
import { buildBagRules } from './documentBags';
import { buildFlights, designDateOf, designDayClock } from './documentFlights';
import { defaultFlow, flightsWithoutCounters, graphFlow, withCounterShare } from './documentFlow';
import { buildMakeupAllocations, buildResourceAllocations, buildResources, withLaneSchedules, withZoneAreas } from './documentResources';
import type { AirportInput, SimulationApiData } from './documentInput';
import type { DocumentSettings, Process } from './documentSettings';

export { designDayClock };

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
        ...(bagsFactor !== 1 && { bags_per_passenger: Math.round(DEFAULT_BAGS_PER_PASSENGER * bagsFactor * 1000) / 1000 }),
      },
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
