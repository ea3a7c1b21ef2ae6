// A small requirements plan for the tests: one check-in group and one checkpoint, 30-minute
// periods from 06:00, verified as met in every period; the same plan with periods verification
// could not call met; and as saved before plans were verified (issue 33), without its fields.
import type { AirportSizingOutput, AirportStationSizing } from './model/plan';

export function station(kind: AirportStationSizing['kind'], label: string, servers: number[], current: number[], capacity: number): AirportStationSizing {
  return {
    label,
    kind,
    servers,
    period_minutes: 30,
    share_within_target: servers.map(() => 0.97),
    share_ci95: servers.map(() => [0.95, 0.99] as [number, number]),
    period_status: servers.map(() => 'met' as const),
    search_share_within_target: servers.map(() => 0.98),
    verification_replications: 16,
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
    verification_replications: 16,
    wall_ms: 1234,
    search_ms: 800,
    verify_ms: 400,
    stations: {
      'Security South / common': station('security', 'Security South', securityLanes, [6, 6, 6, 6], 8),
      'Zone A / common': station('checkin', 'Zone A / all airlines', [3, 5, 6, 2], [6, 6, 6, 6], 10),
    },
  };
}

/** The test plan as the database holds plans sized before verification: its shares were the search's. */
export function legacyPlan(): AirportSizingOutput {
  const { verification_replications: _replications, search_ms: _search, verify_ms: _verify, ...plan } = testPlan();
  const legacy = ({ period_status: _status, search_share_within_target: _estimate, verification_replications: _fresh, ...rest }: AirportStationSizing) => rest;
  return { ...plan, stations: Object.fromEntries(Object.entries(plan.stations).map(([id, s]) => [id, legacy(s)])) };
}

/** The test plan with its checkpoint's 06:30-07:00 too close to call and 07:30-08:00 missed. */
export function closeCallPlan(): AirportSizingOutput {
  const plan = testPlan();
  const security = plan.stations['Security South / common'];
  security.period_status = ['met', 'too_close', 'met', 'missed'];
  security.share_within_target[1] = 0.948;
  security.share_ci95[1] = [0.942, 0.954];
  security.search_share_within_target = [0.98, 0.962, 0.98, 0.93];
  return plan;
}
