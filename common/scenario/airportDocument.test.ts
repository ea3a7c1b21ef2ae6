// buildAirportDocument on a small scenario: local design-day minutes, passengers and shares,
// service times in minutes, security lanes, allocations as windows, bag rules, the default flow,
// the scenario's share of passengers at counters and the applied sizing plan's security lanes; the
// engine's own validator accepts the result.
import { describe, expect, it } from 'vitest';
import { parseAirport } from '../../workers/sim/airportSchema';
import { buildAirportDocument, designDayClock } from './airportDocument';
import type { AirportInput, SimulationApiData } from './documentInput';
import { flightsWithoutCounters, withCounterShare } from './documentFlow';
import { withLaneSchedules } from './documentResources';
import { DEFAULT_DOCUMENT_SETTINGS } from './documentSettings';

const stamp = { scenario_id: 1, created_at: '', updated_at: '', version: 1 };
const flight = (id: number, airline_id: number, number: string, scheduled: string, extra: Partial<SimulationApiData['flights'][number]> = {}) => ({
  ...stamp,
  id,
  source_id: null,
  airline_id,
  flight_number: number,
  suffix: '',
  direction: 'departure' as const,
  origin: 'JFK',
  destination: 'LHR',
  scheduled,
  aircraft_id: 1,
  seats: 200,
  seats_estimated: false,
  locked: false,
  load_factor: 0.8,
  passengers: null,
  sector: 'international' as const,
  terminal_id: null,
  zone_id: 10,
  makeup_zone_id: null,
  turnup_profile_id: 5,
  ...extra,
});
const resource = (
  id: number,
  zone_id: number,
  name: string,
  resource_type: SimulationApiData['resources'][number]['resource_type'],
  service_mean_seconds: number | null,
  display_order = 0,
) => ({
  ...stamp,
  id,
  zone_id,
  name,
  resource_type,
  positions: resource_type.startsWith('makeup') ? 4 : resource_type === 'security' ? 3 : 1,
  service_mean_seconds,
  service_cv: null,
  queue_area_m2: resource_type === 'fullservice' && display_order === 0 ? 25 : null,
  display_order,
});

function scenario(): SimulationApiData {
  return {
    scenario: { name: 'Design day', design_date: '2017-01-02', counter_share: 100 },
    timeZone: 'America/New_York',
    airlines: [
      { ...stamp, id: 1, code: 'BA', icao: 'BAW', name: 'British Airways' },
      { ...stamp, id: 2, code: 'B6', icao: 'JBU', name: 'JetBlue' },
    ],
    aircraft: [{ ...stamp, id: 1, iata: '777', icao: 'B772', name: 'Boeing 777', seats: 300, body: 'wide', container_type: 'AKE' }],
    flights: [
      // 07:00 New York (EST, UTC-5) is minute 420 of the design day.
      flight(100, 1, '178', '2017-01-02T12:00:00Z', { passengers: 150 }),
      // 00:30 the next day in New York: minute 1470.
      flight(101, 2, '1', '2017-01-03T05:30:00Z', { zone_id: 11, aircraft_id: null, sector: 'domestic' }),
      flight(102, 2, '2', '2017-01-02T20:00:00Z', { direction: 'arrival' }),
    ],
    segregations: [
      { ...stamp, id: 1, flight_id: 100, name: 'J', share: 10, bags: 0 },
      { ...stamp, id: 2, flight_id: 100, name: 'Y', share: 90, bags: 0 },
    ],
    turnupProfiles: [{ ...stamp, id: 5, name: 'Short haul', bin_minutes: 60, earliest_minutes: 180, shares: [20, 50, 30], airline_code: null, sector: null }],
    zones: [
      { ...stamp, id: 10, terminal_id: 1, name: 'Zone A', kind: 'checkin', queue_area_m2: null },
      { ...stamp, id: 11, terminal_id: 1, name: 'Island 1', kind: 'checkin', queue_area_m2: null },
      { ...stamp, id: 12, terminal_id: 1, name: 'Security', kind: 'security', queue_area_m2: null },
      { ...stamp, id: 13, terminal_id: 1, name: 'Make-up', kind: 'makeup', queue_area_m2: null },
    ],
    resources: [
      resource(1, 10, 'A01', 'fullservice', 120),
      resource(2, 10, 'A02', 'kiosk', 60, 1),
      resource(3, 11, '1-01', 'fullservice', null),
      resource(4, 12, 'Security North', 'security', 24, 1),
      resource(5, 12, 'Security South', 'security', 24, 0),
      resource(6, 13, 'Carousel 1', 'makeup_carousel', null),
    ],
    resourceAllocations: [
      { ...stamp, id: 1, resource_id: 1, flight_id: 100, airline_id: null, start: '2017-01-02T09:00:00Z', end: '2017-01-02T11:20:00Z', locked: false },
      { ...stamp, id: 2, resource_id: 3, flight_id: null, airline_id: 2, start: '2017-01-03T02:00:00Z', end: '2017-01-03T04:50:00Z', locked: false },
      { ...stamp, id: 3, resource_id: 3, flight_id: 102, airline_id: null, start: '2017-01-02T10:00:00Z', end: '2017-01-02T11:00:00Z', locked: false },
    ],
    baggageAllocations: [
      {
        ...stamp,
        id: 1,
        flight_id: 100,
        segregation_id: 2,
        resource_id: 6,
        position_index: 2,
        start: '2017-01-02T09:30:00Z',
        end: '2017-01-02T11:20:00Z',
        bags: 0,
        containers: 0,
        locked: false,
      },
    ],
    flowGraph: null,
    bagRules: [
      { id: 1, priority: 100, match: {}, bags_per_passenger: 1.2 },
      { id: 2, priority: 20, match: { body: 'wide' }, bags_per_passenger: 1.5 },
    ],
  };
}

/** A saved flow graph (flow.json) sending every airline and segregation to Zone A's queue 1, then Security South. */
function savedGraph() {
  const at = { x: 0, y: 0 };
  const node = (id: string, kind: string, extra: object) => ({ id, kind, position: at, ...extra });
  return {
    format: 'airport-planner/flow',
    version: 1,
    nodes: [
      node('ba', 'airline', { code: 'BA', airline_id: 1, segregations: ['J', 'Y'] }),
      node('b6', 'airline', { code: 'B6', airline_id: 2, segregations: ['ALL'] }),
      node('area', 'area', { zone_id: 10, name: 'Zone A' }),
      node('q1', 'queue', { zone_id: 10, queue: 1 }),
      node('r1', 'resource', { zone_id: 10, resource_id: 1, resource_type: 'fullservice' }),
      node('out', 'output', { resource_id: 5, name: 'Security South' }),
    ],
    edges: [
      { source: 'ba', target: 'q1', source_handle: 'BA|J|0' },
      { source: 'ba', target: 'q1', source_handle: 'BA|Y|0' },
      { source: 'b6', target: 'q1', source_handle: 'B6|ALL|0' },
      { source: 'q1', target: 'r1' },
      { source: 'r1', target: 'out' },
    ],
    splits: [
      { id: 'BA|J|0', proportion: 100 },
      { id: 'BA|Y|0', proportion: 100 },
      { id: 'B6|ALL|0', proportion: 100 },
    ],
  };
}

describe('buildAirportDocument', () => {
  it('gives STD and windows in local minutes of the design day, before and after midnight', () => {
    const clock = designDayClock('America/New_York', '2017-01-02');
    expect(clock('2017-01-02T05:00:00Z')).toBe(0);
    expect(clock('2017-01-02T04:30:00Z')).toBe(-30);
    expect(clock('2017-01-03T05:30:00Z')).toBe(1470);

    const { document } = buildAirportDocument(scenario(), DEFAULT_DOCUMENT_SETTINGS);
    expect(document.flights.map((f) => [f.id, f.std_minutes])).toEqual([
      ['BA 178', 420],
      ['B6 1', 1470],
    ]);
    expect(document.resource_allocations).toEqual([
      { resource: 'A01', flight: 'BA 178', from_minutes: 240, to_minutes: 380 },
      { resource: '1-01', airline: 'B6', from_minutes: 1260, to_minutes: 1430 },
    ]);
    expect(document.makeup_allocations).toEqual([
      { flight: 'BA 178', segregation: 'Y', resource: 'Carousel 1', position: 2, from_minutes: 270, to_minutes: 380 },
    ]);
  });

  it('keeps passengers or seats and load factor, the segregation shares and service times in minutes', () => {
    const { document } = buildAirportDocument(scenario(), { ...DEFAULT_DOCUMENT_SETTINGS, seed: 9, replications: 3 });
    expect(document.seed).toBe(9);
    expect(document.replications).toBe(3);
    const [ba, b6] = document.flights;
    expect(ba.passengers).toBe(150);
    expect(ba.segregations).toEqual([
      { name: 'J', share: 10 },
      { name: 'Y', share: 90 },
    ]);
    expect(b6).toMatchObject({ seats: 200, load_factor: 0.8, turnup_profile: 'Short haul', segregations: [{ name: 'ALL', share: 100 }] });
    expect(document.resources.find((r) => r.id === 'A01')?.mean_service_minutes).toBe(2);
    expect(document.resources.find((r) => r.id === 'Security North')?.mean_service_minutes).toBe(0.4);
    expect(document.resources.find((r) => r.id === '1-01')).not.toHaveProperty('mean_service_minutes');
    expect(document.resources.find((r) => r.id === 'Carousel 1')?.positions).toBe(4);
  });

  it("keeps the queue areas a scenario gives and every flight's sector, for the space level of service", () => {
    const { document } = buildAirportDocument(scenario(), DEFAULT_DOCUMENT_SETTINGS);
    expect(document.resources.find((r) => r.id === 'A01')?.queue_area_m2).toBe(25);
    expect(document.resources.find((r) => r.id === 'A02')).not.toHaveProperty('queue_area_m2');
    expect(document.flights.map((f) => f.sector)).toEqual(['international', 'domestic']);
    expect(document.flow.queues.every((q) => q.area_m2 === undefined)).toBe(true);
  });

  it("shares a zone's queue area among the queues and checkpoints whose resources stand in it", () => {
    const data = scenario();
    data.zones = data.zones.map((z) => (z.id === 11 ? { ...z, queue_area_m2: 240 } : z.id === 12 ? { ...z, queue_area_m2: 300 } : z));
    const { document } = buildAirportDocument(data, DEFAULT_DOCUMENT_SETTINGS);
    // Zone areas: Island 1's 240 m² for its one queue, the security zone's 300 m² shared by its
    // two checkpoints; Zone A gives none, so its queue keeps its resources' areas.
    const queueIn = (resource: string) => document.flow.queues.find((q) => q.resources.includes(resource))!;
    expect(queueIn('1-01').area_m2).toBe(240);
    expect(queueIn('A01')).not.toHaveProperty('area_m2');
    expect(document.flow.outputs.map((o) => o.area_m2)).toEqual([150, 150]);
  });

  it('gives security resources their lanes (positions) and counters none', () => {
    const { document } = buildAirportDocument(scenario(), DEFAULT_DOCUMENT_SETTINGS);
    expect(document.resources.find((r) => r.id === 'Security North')?.positions).toBe(3);
    expect(document.resources.find((r) => r.id === 'A01')).not.toHaveProperty('positions');
    expect(parseAirport(document).resources.find((r) => r.id === 'Security South')?.positions).toBe(3);
  });

  it('resolves bag rules per flight with all its facts (the wide body rule wins over the default)', () => {
    const { document } = buildAirportDocument(scenario(), DEFAULT_DOCUMENT_SETTINGS);
    expect(document.bag_rules).toEqual([
      { airline: 'BA', segregation: 'J', bags_per_passenger: 1.5 },
      { airline: 'BA', segregation: 'Y', bags_per_passenger: 1.5 },
      { airline: 'B6', segregation: 'ALL', bags_per_passenger: 1.2 },
    ]);
  });

  it('builds the default flow: zone queue, then the security lanes evenly, with LoS targets by process', () => {
    const settings = { ...DEFAULT_DOCUMENT_SETTINGS, losTargets: { ...DEFAULT_DOCUMENT_SETTINGS.losTargets, economy: 15, security: 8 } };
    const { document, processes } = buildAirportDocument(scenario(), settings);
    const security = [
      { node: 'Security South', proportion: 50 },
      { node: 'Security North', proportion: 50 },
    ];
    expect(document.flow.splits).toEqual([
      { airline: 'BA', segregation: 'J', to: [{ node: 'Zone A', proportion: 100 }] },
      { airline: 'BA', segregation: 'Y', to: [{ node: 'Zone A', proportion: 100 }] },
      { airline: 'B6', segregation: 'ALL', to: [{ node: 'Island 1', proportion: 100 }] },
    ]);
    expect(document.flow.queues).toEqual([
      { id: 'Zone A', name: 'Zone A', resources: ['A01', 'A02'], to: security, los_target_minutes: 15 },
      { id: 'Island 1', name: 'Island 1', resources: ['1-01'], to: security, los_target_minutes: 15 },
    ]);
    expect(document.flow.outputs.map((o) => [o.id, o.los_target_minutes])).toEqual([
      ['Security South', 8],
      ['Security North', 8],
    ]);
    expect(processes).toEqual({ 'Zone A': 'economy', 'Island 1': 'economy', 'Security South': 'security', 'Security North': 'security' });
    expect(() => parseAirport(document)).not.toThrow();
  });

  it('gives a queue of business segregations only the business target', () => {
    const data = scenario();
    data.segregations = data.segregations.filter((s) => s.name === 'J').map((s) => ({ ...s, share: 100 }));
    data.flights = data.flights.filter((f) => f.id === 100);
    const { document, processes } = buildAirportDocument(data, DEFAULT_DOCUMENT_SETTINGS);
    expect(processes['Zone A']).toBe('business');
    expect(document.flow.queues[0].los_target_minutes).toBe(5);
  });

  it('puts an airline whose flights use two zones in the zone most of them use, and says so', () => {
    const data = scenario();
    data.flights.push(flight(103, 2, '3', '2017-01-02T15:00:00Z', { zone_id: 11 }), flight(104, 2, '4', '2017-01-02T16:00:00Z', { zone_id: 10 }));
    const { document, notes } = buildAirportDocument(data, DEFAULT_DOCUMENT_SETTINGS);
    expect(document.flow.splits.find((s) => s.airline === 'B6')?.to).toEqual([{ node: 'Island 1', proportion: 100 }]);
    expect(notes).toContain('B6 has flights in 2 check-in zones; all its passengers queue in Island 1.');
  });

  it('uses the saved flow graph through the flow editor converter when it covers every flight, else the default flow', () => {
    const graph = savedGraph();
    const built = buildAirportDocument({ ...scenario(), flowGraph: graph }, DEFAULT_DOCUMENT_SETTINGS);
    expect(built.flowSource).toBe('graph');
    expect(built.document.flow.queues).toEqual([
      { id: 'queue-10-1', name: 'Zone A Queue 1', resources: ['A01'], to: [{ node: 'output-5', proportion: 100 }], los_target_minutes: 20 },
    ]);
    expect(built.document.flow.outputs).toEqual([{ id: 'output-5', name: 'Security South', resources: ['Security South'], los_target_minutes: 10 }]);
    expect(built.processes).toEqual({ 'queue-10-1': 'economy', 'output-5': 'security' });
    expect(() => parseAirport(built.document)).not.toThrow();

    const partial = {
      ...graph,
      nodes: graph.nodes.filter((n) => n.id !== 'b6'),
      edges: graph.edges.filter((e) => e.source !== 'b6'),
      splits: graph.splits.slice(0, 2),
    };
    const fallback = buildAirportDocument({ ...scenario(), flowGraph: partial }, DEFAULT_DOCUMENT_SETTINGS);
    expect(fallback.flowSource).toBe('default');
    expect(fallback.notes).toContain('The saved flow graph is incomplete (it has no split for B6 ALL); the default flow is used.');
  });
});

describe('passengers at counters (the scenario counter share)', () => {
  const withShare = (counter_share: number, extra: Partial<SimulationApiData> = {}) => ({
    ...scenario(),
    scenario: { ...scenario().scenario, counter_share },
    ...extra,
  });

  it('sends the share to the check-in queues and the rest straight to security, evenly', () => {
    const { document, notes } = buildAirportDocument(withShare(40), DEFAULT_DOCUMENT_SETTINGS);
    const to = (queue: string) => [
      { node: queue, proportion: 40 },
      { node: 'Security South', proportion: 30 },
      { node: 'Security North', proportion: 30 },
    ];
    expect(document.flow.splits).toEqual([
      { airline: 'BA', segregation: 'J', to: to('Zone A') },
      { airline: 'BA', segregation: 'Y', to: to('Zone A') },
      { airline: 'B6', segregation: 'ALL', to: to('Island 1') },
    ]);
    expect(notes.find((n) => n.startsWith('40 % of each departure'))).toMatch(
      /other 60 % check in online or at a kiosk without hold baggage and go straight to security \(Security South, Security North\)/,
    );
    expect(() => parseAirport(document)).not.toThrow();
  });

  it('gives the counter passengers all the bags: rule value x 100 / share', () => {
    const { document, notes } = buildAirportDocument(withShare(40), DEFAULT_DOCUMENT_SETTINGS);
    expect(document.bag_rules).toEqual([
      { airline: 'BA', segregation: 'J', bags_per_passenger: 3.75 },
      { airline: 'BA', segregation: 'Y', bags_per_passenger: 3.75 },
      { airline: 'B6', segregation: 'ALL', bags_per_passenger: 3 },
    ]);
    // Flights no rule matches get the engine's default, scaled the same way.
    expect(document.settings.bags_per_passenger).toBe(3);
    expect(notes.some((n) => n.includes('2.5 times the bags per passenger'))).toBe(true);
  });

  it('changes nothing at 100 %, and says so when there is no security to send the others to', () => {
    const full = buildAirportDocument(withShare(100), DEFAULT_DOCUMENT_SETTINGS);
    expect(full.document.flow.splits[0].to).toEqual([{ node: 'Zone A', proportion: 100 }]);
    expect(full.document.settings).not.toHaveProperty('bags_per_passenger');
    expect(full.notes.some((n) => n.includes('% of each departure'))).toBe(false);

    const noSecurity = withShare(50);
    noSecurity.resources = noSecurity.resources.filter((r) => r.resource_type !== 'security');
    const built = buildAirportDocument(noSecurity, DEFAULT_DOCUMENT_SETTINGS);
    expect(built.document.flow.splits[0].to).toEqual([{ node: 'Zone A', proportion: 100 }]);
    expect(built.document.bag_rules[0].bags_per_passenger).toBe(1.5);
    expect(built.notes).toContain(
      'Passengers at counters is 50 %, but the flow has no security output for the others to go to: every passenger checks in at a counter.',
    );
  });

  it('scales the splits of a saved flow graph too', () => {
    const { document, flowSource } = buildAirportDocument(withShare(80, { flowGraph: savedGraph() }), DEFAULT_DOCUMENT_SETTINGS);
    expect(flowSource).toBe('graph');
    for (const split of document.flow.splits) {
      expect(split.to).toEqual([
        { node: 'queue-10-1', proportion: 80 },
        { node: 'output-5', proportion: 20 },
      ]);
    }
    expect(() => parseAirport(document)).not.toThrow();
  });

  it('merges the online share into a split that already leads straight to security', () => {
    const flow = {
      splits: [
        {
          airline: 'XY',
          segregation: 'Y',
          to: [
            { node: 'desks', proportion: 50 },
            { node: 'south', proportion: 50 },
          ],
        },
      ],
      queues: [{ id: 'desks', resources: ['A01'], to: [{ node: 'south', proportion: 100 }] }],
      outputs: [
        { id: 'south', resources: ['S01'] },
        { id: 'north', resources: ['S02'] },
      ],
    };
    const { flow: shared, bagsFactor } = withCounterShare(flow, 60, []);
    expect(shared.splits[0].to).toEqual([
      { node: 'desks', proportion: 30 },
      { node: 'south', proportion: 50 },
      { node: 'north', proportion: 20 },
    ]);
    expect(shared.queues).toBe(flow.queues);
    expect(bagsFactor).toBeCloseTo(100 / 60, 12);
  });
});

describe('flightsWithoutCounters', () => {
  it('names the flights whose queue has allocations, none open to the flight, its airline or everyone', () => {
    const data = scenario();
    data.flights.push(flight(105, 1, '179', '2017-01-02T14:00:00Z', { passengers: 90 }));
    const { document, notes } = buildAirportDocument(data, DEFAULT_DOCUMENT_SETTINGS);
    // Zone A's only allocation is for BA 178; BA 179 has none. B6's island opens for the airline.
    expect(flightsWithoutCounters(document.flights, document.flow, document.resource_allocations)).toEqual(['BA 179']);
    expect(notes.some((n) => n.startsWith('1 of 3 departures have no counter open'))).toBe(true);
  });
});

describe('the applied sizing plan', () => {
  const plan = (servers: number[], kind = 'security') => ({
    origin_minute: 360,
    stations: { 'Security South / common': { kind, servers, period_minutes: 30 } },
  });
  const laneSchedule = (document: AirportInput, id: string) => document.resources.find((r) => r.id === id)?.lane_schedule;

  it("opens a checkpoint's lanes per period from the plan, equal neighbouring periods as one window", () => {
    const { document, notes } = buildAirportDocument({ ...scenario(), appliedPlan: plan([1, 1, 3, 2]) }, DEFAULT_DOCUMENT_SETTINGS);
    // Periods start at the plan's origin (06:00 = minute 360), 30 minutes each.
    expect(laneSchedule(document, 'Security South')).toEqual([
      { from_minutes: 360, to_minutes: 420, lanes: 1 },
      { from_minutes: 420, to_minutes: 450, lanes: 3 },
      { from_minutes: 450, to_minutes: 480, lanes: 2 },
    ]);
    expect(laneSchedule(document, 'Security North')).toBeUndefined();
    expect(notes).toContain('Security lanes open as the applied sizing plan says (1 checkpoint).');
    expect(parseAirport(document).resources.find((r) => r.id === 'Security South')?.lane_schedule).toHaveLength(3);
  });

  it('leaves check-in stations and a scenario without a plan alone', () => {
    for (const appliedPlan of [null, plan([2], 'checkin')]) {
      const { document } = buildAirportDocument({ ...scenario(), appliedPlan }, DEFAULT_DOCUMENT_SETTINGS);
      expect(document.resources.some((r) => 'lane_schedule' in r)).toBe(false);
    }
  });

  it("fills an output's resources in order, each up to its lanes", () => {
    const resources = [
      { id: 'S1', name: 'S1', type: 'security' as const, positions: 2 },
      { id: 'S2', name: 'S2', type: 'security' as const, positions: 2 },
    ];
    const outputs = [{ id: 'Checkpoint', name: 'Checkpoint', resources: ['S1', 'S2'] }];
    const applied = { origin_minute: 0, stations: { Checkpoint: { kind: 'security', servers: [1, 3], period_minutes: 60 } } };
    const [s1, s2] = withLaneSchedules(resources, outputs, applied, []);
    expect(s1).toMatchObject({
      lane_schedule: [
        { from_minutes: 0, to_minutes: 60, lanes: 1 },
        { from_minutes: 60, to_minutes: 120, lanes: 2 },
      ],
    });
    expect(s2).toMatchObject({
      lane_schedule: [
        { from_minutes: 0, to_minutes: 60, lanes: 0 },
        { from_minutes: 60, to_minutes: 120, lanes: 1 },
      ],
    });
  });
});
