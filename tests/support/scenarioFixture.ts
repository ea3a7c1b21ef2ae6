// A small but complete scenario built through the API (one of every kind of row), shared by
// the resource, permission and clone tests.
import { expect } from 'vitest';
import { flightScheduleFiles } from '../../server/db/schema';
import type { TestApp } from './app';

export type Fixture = { token: string } & Record<
  | 'project'
  | 'scenario'
  | 'source'
  | 'airport'
  | 'terminal'
  | 'checkinZone'
  | 'makeupZone'
  | 'airline'
  | 'aircraft'
  | 'profile'
  | 'flight'
  | 'segregation'
  | 'counter'
  | 'carousel'
  | 'resourceAllocation'
  | 'baggageAllocation'
  | 'importRule'
  | 'segregationRule'
  | 'bagsRule'
  | 'graph'
  | 'run'
  | 'plan',
  number
>;

export async function buildScenario(t: TestApp, token: string, name = 'Design day'): Promise<Fixture> {
  const post = async (url: string, payload: object) => {
    const res = await t.as(token, { method: 'POST', url: `/api/${url}`, payload });
    expect(res.statusCode, `${url} ${res.body}`).toBe(201);
    return res.json().id as number;
  };
  const project = await post('projects/', { name: `${name} project` });
  const scenario = await post('scenarios/', { project_id: project, name, design_date: '2017-01-02' });
  const [file] = await t.database.db
    .insert(flightScheduleFiles)
    .values({ scenario_id: scenario, name: 'jfk.csv', format: 'csv', import_status: 'imported' })
    .returning();
  const s = { scenario_id: scenario };
  const airport = await post('airports/', { ...s, iata: 'jfk', name: 'John F Kennedy', time_zone: 'America/New_York' });
  const terminal = await post('terminals/', { ...s, airport_id: airport, name: 'Terminal 1', code: 'T1' });
  const checkinZone = await post('zones/', { ...s, terminal_id: terminal, name: 'Checkin Zone A', kind: 'checkin' });
  const makeupZone = await post('zones/', { ...s, terminal_id: terminal, name: 'Make-up 1', kind: 'makeup' });
  const airline = await post('airlines/', { ...s, code: 'b6', name: 'JetBlue' });
  const aircraft = await post('aircraft/', { ...s, iata: '320', name: 'Airbus A320', seats: 162 });
  const profile = await post('turnup-profiles/', {
    ...s,
    name: 'Short haul',
    bin_minutes: 30,
    earliest_minutes: 180,
    shares: [10, 20, 30, 25, 10, 5],
  });
  const flight = await post('flights/', {
    ...s,
    source_id: file.id,
    airline_id: airline,
    flight_number: '901',
    destination: 'FLL',
    scheduled: '2017-01-02T10:20:00-05:00',
    aircraft_id: aircraft,
    seats: 200,
    zone_id: checkinZone,
    makeup_zone_id: makeupZone,
    turnup_profile_id: profile,
  });
  const segregation = await post('segregations/', { ...s, flight_id: flight, name: 'y', share: 100, bags: 200 });
  const counter = await post('allocation/resource/', {
    ...s,
    zone_id: checkinZone,
    name: 'Counter 1',
    resource_type: 'fullservice',
    service_mean_seconds: 120,
    service_cv: 0.5,
  });
  const carousel = await post('allocation/resource/', { ...s, zone_id: makeupZone, name: 'Carousel 1', resource_type: 'makeup_carousel', positions: 4 });
  const resourceAllocation = await post('allocation/resource-allocation/', {
    ...s,
    resource_id: counter,
    flight_id: flight,
    start: '2017-01-02T12:20:00Z',
    end: '2017-01-02T14:40:00Z',
  });
  const baggageAllocation = await post('allocation/baggage-allocation/', {
    ...s,
    flight_id: flight,
    segregation_id: segregation,
    resource_id: carousel,
    position_index: 1,
    start: '2017-01-02T12:50:00Z',
    end: '2017-01-02T14:40:00Z',
    bags: 200,
    containers: 5,
  });
  const importRule = await post('rules/flight-import/', {
    ...s,
    priority: 10,
    match: { airline_codes: ['B6'] },
    actions: { zone_id: checkinZone, turnup_profile_id: profile },
  });
  const segregationRule = await post('rules/segregation/', {
    ...s,
    priority: 10,
    segregations: [
      { name: 'J', share: 10 },
      { name: 'Y', share: 90 },
    ],
  });
  const bagsRule = await post('rules/bagsperallocation/', { ...s, priority: 10, bags_per_passenger: 1.2 });
  const graph = await post('passenger-movement-graphs/', {
    ...s,
    name: 'Main flow',
    graph: { version: 1, nodes: [{ id: 'zone-1', data: { zone_id: checkinZone } }], edges: [] },
  });
  const run = await post('simulation-runs/', { ...s, name: 'First run', settings: { replications: 1, seed: 1 }, results: { stations: {} } });
  const plan = await post('sizing-plans/', { ...s, name: 'Morning plan', plan: { stations: { 'Check-in': { servers: [4, 6], period_minutes: 30 } } } });
  return {
    token,
    run,
    plan,
    project,
    scenario,
    source: file.id,
    airport,
    terminal,
    checkinZone,
    makeupZone,
    airline,
    aircraft,
    profile,
    flight,
    segregation,
    counter,
    carousel,
    resourceAllocation,
    baggageAllocation,
    importRule,
    segregationRule,
    bagsRule,
    graph,
  };
}
