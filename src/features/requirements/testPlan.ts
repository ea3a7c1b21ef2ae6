// A small requirements plan for the tests: one check-in group and one checkpoint, 30-minute
// periods from 06:00.
import type { AirportSizingOutput, AirportStationSizing } from './model/plan';

export function station(kind: AirportStationSizing['kind'], label: string, servers: number[], current: number[], capacity: number): AirportStationSizing {
  return {
    label,
    kind,
    servers,
    period_minutes: 30,
    share_within_target: servers.map(() => 0.97),
    share_ci95: servers.map(() => [0.95, 0.99] as [number, number]),
    server_minutes: servers.reduce((a, b) => a + b, 0) * 30,
    locally_minimal: true,
    notes: [],
    capacity,
    current_servers: current,
    current_server_minutes: current.reduce((a, b) => a + b, 0) * 30,
    peak: Math.max(...servers),
  };
}

export function testPlan(securityLanes = [2, 4, 4, 3]): AirportSizingOutput {
  return {
    origin_minute: 360,
    replications: 8,
    wall_ms: 1234,
    stations: {
      'Security South / common': station('security', 'Security South', securityLanes, [6, 6, 6, 6], 8),
      'Zone A / common': station('checkin', 'Zone A / all airlines', [3, 5, 6, 2], [6, 6, 6, 6], 10),
    },
  };
}
