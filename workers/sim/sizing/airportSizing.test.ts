// Sizing an airport document: every check-in group and checkpoint, in planners' terms, beside
// what the document opens today; and the lane schedule a security resource can be given.
import { describe, expect, it } from 'vitest';
import { compileAirport } from '../airport';
import { parseAirport } from '../airportSchema';
import { SimError } from '../errors';
import { currentServers } from './airportSizing';
import { prepareSizing } from './problem';
import { sizeToTarget } from './search';
import { smallAirport } from './smallAirport.fixture';
import type { AirportSizingOutput } from './types';

const clock = () => performance.now();

describe('sizing an airport day', async () => {
  const problem = prepareSizing(smallAirport());
  const out = (await sizeToTarget(problem, { clock })) as AirportSizingOutput;

  it('sizes every check-in group and the checkpoint, each to its queue target and the document share', () => {
    expect(Object.keys(out.stations).sort()).toEqual(['desks / airline BA', 'desks / flight U21', 'sec / common']);
    // Check-in first (depth 0), the checkpoint it feeds after (depth 1).
    expect(problem.sized.map((s) => [s.id, s.spec.target, s.spec.period_minutes, s.depth]).sort()).toEqual([
      ['desks / airline BA', { wait_minutes: 15, share: 0.9 }, 30, 0],
      ['desks / flight U21', { wait_minutes: 15, share: 0.9 }, 30, 0],
      ['sec / common', { wait_minutes: 5, share: 0.9 }, 30, 1],
    ]);
  });
  it("speaks planners' terms: labels, kinds, what the terminal has and the peak", () => {
    const ba = out.stations['desks / airline BA'];
    expect(ba).toMatchObject({ label: 'Zone A / BA', kind: 'checkin', capacity: 4, period_minutes: 30, locally_minimal: true });
    expect(out.stations['desks / flight U21'].label).toBe('Zone A / flight U21');
    expect(out.stations['sec / common']).toMatchObject({ label: 'Security', kind: 'security', capacity: 5 });
    for (const s of Object.values(out.stations)) {
      expect(s.peak).toBe(Math.max(...s.servers));
      expect(s.peak).toBeLessThanOrEqual(s.capacity);
      expect(s.current_servers).toHaveLength(s.servers.length);
      expect(s.share_within_target.every((x, p) => x >= 0.9 || s.notes.some((n) => n.startsWith(clockOf(out, s.period_minutes, p))))).toBe(true);
    }
  });
  it('puts period 0 at the network origin, the first turn-up (07:30)', () => {
    expect(out.origin_minute).toBe(450);
  });
  it('says what the document opens today, the most at once per period, and its server-minutes', () => {
    // BA's desks: D1 from 07:30, D2 from 08:00, both to 09:20 (network minutes 0-110, 30-110).
    const ba = out.stations['desks / airline BA'];
    expect(ba.current_servers.slice(0, 4)).toEqual([1, 2, 2, 2]);
    expect(ba.current_server_minutes).toBe(110 + 80);
    // The checkpoint opens by S2's schedule (1 lane, 3 from 08:30, none from 10:00); S1, with
    // neither allocations nor a schedule beside a scheduled resource, never opens.
    expect(out.stations['sec / common'].current_servers.slice(0, 6)).toEqual([1, 1, 3, 3, 3, 0]);
  });
});

/** "07:00" for period p of an output whose period 0 starts at origin_minute. */
function clockOf(out: AirportSizingOutput, period: number, p: number): string {
  const m = out.origin_minute + p * period;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

describe('the current plan of a station', () => {
  it('counts the most servers open at once in a period and the exact server-minutes', () => {
    const facts = {
      label: 'x',
      kind: 'checkin' as const,
      capacity: 3,
      current: [
        { servers: 1, schedule: [{ from_minutes: 10, to_minutes: 20, servers: 1 }] },
        { servers: 2, schedule: null },
      ],
    };
    expect(currentServers(facts, 2, 30)).toEqual({ servers: [3, 2], minutes: 10 + 2 * 60 });
  });
});

describe('a security lane schedule', () => {
  it("opens the resource's lanes as it says, in network minutes, instead of its allocations", () => {
    const doc = smallAirport();
    doc.resource_allocations.push({ resource: 'S2', from_minutes: 300, to_minutes: 900 } as (typeof doc.resource_allocations)[number]);
    const { network } = compileAirport(parseAirport(doc));
    const sec = network.stations.find((s) => s.id === 'sec / common')!;
    expect(sec.pools!.map((p) => [p.id, p.servers, p.schedule])).toEqual([
      // The first interval starts before the network's origin (07:30): it is cut there.
      [
        'S2',
        3,
        [
          { from_minutes: 0, to_minutes: 60, servers: 1 },
          { from_minutes: 60, to_minutes: 150, servers: 3 },
        ],
      ],
    ]);
  });
  const invalid = (change: (r: Record<string, unknown>[]) => void) => {
    const doc = smallAirport();
    change(doc.resources as Record<string, unknown>[]);
    try {
      parseAirport(doc);
    } catch (e) {
      return (e as SimError).message;
    }
    return 'valid';
  };
  it('is checked field by field', () => {
    expect(invalid((r) => (r[5].lane_schedule = [{ from_minutes: 420, to_minutes: 500, lanes: 4 }]))).toBe(
      "resources[5].lane_schedule[0].lanes: must not exceed the resource's positions (3)",
    );
    expect(invalid((r) => (r[5].lane_schedule = [{ from_minutes: 420, to_minutes: 400, lanes: 1 }]))).toBe(
      'resources[5].lane_schedule[0].to_minutes: must be after from_minutes',
    );
    expect(
      invalid(
        (r) =>
          (r[5].lane_schedule = [
            { from_minutes: 420, to_minutes: 500, lanes: 1 },
            { from_minutes: 480, to_minutes: 520, lanes: 2 },
          ]),
      ),
    ).toBe('resources[5].lane_schedule: intervals overlap at minute 480');
    expect(invalid((r) => (r[0].lane_schedule = []))).toBe('resources[0].lane_schedule: only a security resource has a lane schedule');
    expect(invalid((r) => (r[5].lane_schedule = [{ from_minutes: 420, to_minutes: 500, lanes: -1 }]))).toBe(
      'resources[5].lane_schedule[0].lanes: must be a non-negative integer',
    );
  });
  it('comes with the sizing settings, checked too', () => {
    const bad = (sizing: unknown) => () => prepareSizing({ ...smallAirport(), sizing });
    expect(bad({ share: 1 })).toThrow('sizing.share: must be a number between 0 and 1 (exclusive)');
    expect(bad({ period_minutes: 2 })).toThrow('sizing.period_minutes: must be a number of minutes from 5 to 240');
    expect(bad({ period: 30 })).toThrow('sizing.period: unknown field');
  });
});
