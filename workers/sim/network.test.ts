// Behaviour of the network document beyond queueing theory: validation errors that name the
// field, reproducibility from the seed, opening schedules, finite queues, deadlines and exits.
import { describe, expect, it } from 'vitest';
import { SimError } from './errors';
import { Replication } from './eventLoop';
import { Stream } from './random';
import { prepare, simulateSync as simulateAny } from './run';

const clock = () => performance.now();

function simulate(doc: unknown, overrides: { seed?: number; replications?: number } = {}) {
  const out = simulateAny(doc, overrides, { clock });
  if (out.kind !== 'network') throw new Error('expected a network output');
  return out;
}

/** The issue's example, with a smaller count. */
const issueExample = () => ({
  kind: 'network',
  seed: 1,
  replications: 1,
  sources: [{ id: 'arrivals', to: 'checkin', arrivals: { type: 'poisson', rate_per_hour: 100, count: 2000 } }],
  stations: [
    {
      id: 'checkin',
      servers: 10,
      service: { dist: 'exponential', mean_minutes: 5 },
      queue_capacity: null,
      routes: [{ to: 'security', p: 1.0 }],
    },
  ],
  report: { wait_thresholds_minutes: [0, 1, 5, 10], bin_minutes: 15 },
});

function validationError(doc: unknown): SimError {
  try {
    simulate(doc);
  } catch (e) {
    expect(e).toBeInstanceOf(SimError);
    expect((e as SimError).code).toBe('invalid_document');
    return e as SimError;
  }
  throw new Error('expected a validation error');
}

describe('validation', () => {
  const bad = (mutate: (d: any) => void) => {
    const d = issueExample();
    mutate(d);
    return validationError(d);
  };

  it('names the field and the rule', () => {
    expect(bad((d) => (d.stations[0].servers = 0)).message).toBe('stations[0].servers: must be a positive integer');
    expect(bad((d) => (d.stations[0].servers = 2.5)).field).toBe('stations[0].servers');
    expect(bad((d) => delete d.stations[0].servers).message).toBe('stations[0].servers: must be a positive integer');
    expect(bad((d) => (d.stations[0].service = { dist: 'weibull', mean_minutes: 5 })).field).toBe('stations[0].service.dist');
    expect(bad((d) => (d.stations[0].service = { dist: 'gamma', mean_minutes: 5 })).message).toBe('stations[0].service.cv: must be a non-negative number');
    expect(bad((d) => (d.stations[0].service.mean_minutes = -1)).field).toBe('stations[0].service.mean_minutes');
    expect(bad((d) => (d.sources[0].arrivals.count = 0)).field).toBe('sources[0].arrivals.count');
    expect(bad((d) => (d.sources[0].arrivals.type = 'bursty')).field).toBe('sources[0].arrivals.type');
    expect(bad((d) => (d.sources[0].to = 'nowhere')).message).toBe('sources[0].to: unknown station "nowhere"');
    expect(bad((d) => (d.stations[0].routes = [{ to: 'security', p: 0.5 }])).message).toContain('sum to 1');
    expect(bad((d) => (d.stations[0].routes = [{ to: 'security', p: -0.5 }])).message).toBe('stations[0].routes[0].p: must be a probability');
    expect(bad((d) => (d.stations[0].queue_capcity = 3)).message).toBe('stations[0].queue_capcity: unknown field');
    expect(bad((d) => d.stations.push({ ...d.stations[0] })).message).toContain('duplicate station id');
    expect(bad((d) => (d.kind = 'graph')).field).toBe('kind');
    expect(bad((d) => (d.report.bin_minutes = 0)).field).toBe('report.bin_minutes');
  });
  it('checks schedules', () => {
    const withSchedule = (schedule: unknown) => bad((d) => (d.stations[0].schedule = schedule));
    expect(withSchedule([{ from_minutes: 10, to_minutes: 5, servers: 1 }]).field).toBe('stations[0].schedule[0].to_minutes');
    expect(withSchedule([{ from_minutes: 0, to_minutes: 5, servers: 11 }]).field).toBe('stations[0].schedule[0].servers');
    expect(
      withSchedule([
        { from_minutes: 0, to_minutes: 50, servers: 1 },
        { from_minutes: 40, to_minutes: 60, servers: 1 },
      ]).message,
    ).toContain('overlap');
  });
  it('validates overrides like the document', () => {
    expect(() => simulate(issueExample(), { replications: 0 })).toThrow('replications: must be a positive integer');
    expect(validationError('not a document').message).toContain('JSON object');
  });
});

describe('runs', () => {
  it('run the issue example as written: a route to a non-station is an exit', () => {
    const out = simulate(issueExample());
    expect(out.events).toBe(4000);
    expect(out.stations.checkin.served).toBe(2000);
    expect(out.exits).toEqual({ security: 2000 });
    expect(Object.keys(out.stations.checkin.p_wait_gt)).toEqual(['0', '1', '5', '10']);
    expect(out.stations.checkin.queue_length_series.length).toBeGreaterThan(70);
  });
  it('count waits over thresholds given in any order as over the same thresholds ascending', () => {
    const withThresholds = (t: number[]) => ({ ...issueExample(), report: { wait_thresholds_minutes: t, bin_minutes: 15 } });
    const ascending = simulate(withThresholds([0, 1, 5, 10])).stations.checkin.p_wait_gt;
    const mixed = simulate(withThresholds([5, 0, 10, 1])).stations.checkin.p_wait_gt;
    expect(mixed).toEqual(ascending);
    expect(ascending['0']).toBeGreaterThan(ascending['1']);
    expect(ascending['1']).toBeGreaterThan(ascending['10']);
  });
  it('are reproducible from the seed and differ between seeds', () => {
    const strip = (o: object) => JSON.stringify(o, (k, v) => (k === 'wall_ms' || k === 'events_per_second' ? undefined : v));
    const a = simulate(issueExample(), { seed: 5, replications: 2 });
    const b = simulate(issueExample(), { seed: 5, replications: 2 });
    const c = simulate(issueExample(), { seed: 6, replications: 2 });
    expect(strip(a)).toBe(strip(b));
    expect(a.stations.checkin.wait_mean_minutes).not.toBe(c.stations.checkin.wait_mean_minutes);
    expect(a.seed).toBe(5);
    expect(a.replications).toBe(2);
  });
});

const deterministic = (station: object, minutes: number[]) => ({
  kind: 'network',
  sources: [{ id: 'a', to: 's', arrivals: { type: 'times', minutes } }],
  stations: [{ id: 's', servers: 1, service: { dist: 'deterministic', mean_minutes: 5 }, ...station }],
  report: { wait_thresholds_minutes: [0], bin_minutes: 10 },
});

describe('opening schedules', () => {
  it('hold the queue while closed and serve from the opening', () => {
    // Closed until minute 60: arrivals at 10, 20, 30 start at 60, 65, 70.
    const out = simulate(deterministic({ schedule: [{ from_minutes: 60, to_minutes: 200, servers: 1 }] }, [10, 20, 30]));
    const st = out.stations.s;
    expect(st.wait_mean_minutes).toBeCloseTo((50 + 45 + 40) / 3, 12);
    expect(st.served).toBe(3);
    expect(st.missed).toBe(0);
    // Queue length per 10 minutes: 1, 2, then 3 until the opening at 60; then 2 and 1.
    expect(st.queue_length_series.slice(0, 8)).toEqual([0, 1, 2, 3, 3, 3, 1.5, 0]);
    // Busy 15 of the 15 minutes the station was open during the run (60 to 75).
    expect(st.utilisation).toBeCloseTo(1, 12);
  });
  it('follow the number of servers per interval', () => {
    const out = simulate(
      deterministic(
        {
          servers: 2,
          schedule: [
            { from_minutes: 0, to_minutes: 10, servers: 1 },
            { from_minutes: 10, to_minutes: 100, servers: 2 },
          ],
        },
        [0, 0, 0],
      ),
    );
    // One server until 10: starts at 0, 5; the second server opens at 10: third starts at 10.
    expect(out.stations.s.wait_mean_minutes).toBeCloseTo((0 + 5 + 10) / 3, 12);
  });
  it('count as missed whoever waits when a station closes for good', () => {
    const out = simulate(deterministic({ schedule: [{ from_minutes: 0, to_minutes: 12, servers: 1 }] }, [0, 1, 2, 3, 20]));
    // Starts at 0, 5, 10; at 12 one is still waiting; the arrival at 20 finds it closed.
    expect(out.stations.s).toMatchObject({ arrivals: 5, served: 3, missed: 2, lost: 0 });
  });
});

describe('server pools', () => {
  const pooled = (pools: object[], minutes: number[]) => ({
    kind: 'network',
    sources: [{ id: 'a', to: 's', arrivals: { type: 'times', minutes } }],
    stations: [{ id: 's', pools }],
    report: { wait_thresholds_minutes: [0], bin_minutes: 10 },
  });
  const det = (mean: number) => ({ dist: 'deterministic', mean_minutes: mean });

  it('serve one queue at their own speeds, taking turns', () => {
    // Five at minute 0. fast (1 min) takes the 1st, slow (3 min) the 2nd; fast then serves the
    // 3rd and 4th at 1 and 2; at 3 both free, slow's turn: the 5th waits 3. Run ends at 6.
    const st = simulate(
      pooled(
        [
          { id: 'fast', servers: 1, service: det(1) },
          { id: 'slow', servers: 1, service: det(3) },
        ],
        [0, 0, 0, 0, 0],
      ),
    ).stations.s;
    expect(st.wait_mean_minutes).toBeCloseTo((0 + 0 + 1 + 2 + 3) / 5, 12);
    expect(st.pools!.fast.utilisation).toBeCloseTo(3 / 6, 12);
    expect(st.pools!.slow.utilisation).toBeCloseTo(6 / 6, 12);
    expect(st.utilisation).toBeCloseTo(9 / 12, 12);
  });
  it('open by their own schedules', () => {
    // A open 0-10, B open 5-20, 4 minutes each; arrivals 0, 1, 2, 3 start at 0 (A), 4 (A), 5 (B), 8 (A).
    const st = simulate(
      pooled(
        [
          { id: 'A', servers: 1, service: det(4), schedule: [{ from_minutes: 0, to_minutes: 10, servers: 1 }] },
          { id: 'B', servers: 1, service: det(4), schedule: [{ from_minutes: 5, to_minutes: 20, servers: 1 }] },
        ],
        [0, 1, 2, 3],
      ),
    ).stations.s;
    expect(st.wait_mean_minutes).toBeCloseTo((0 + 3 + 3 + 5) / 4, 12);
    expect(st.missed).toBe(0);
  });
  it('are validated like stations', () => {
    const error = validationError(pooled([{ id: 'A', servers: 0, service: det(1) }], [0]));
    expect(error.message).toBe('stations[0].pools[0].servers: must be a positive integer');
    const both = pooled([{ id: 'A', servers: 1, service: det(1) }], [0]) as any;
    both.stations[0].servers = 2;
    expect(validationError(both).message).toBe('stations[0].pools: give either servers and service, or pools');
  });
});

describe('finite queues', () => {
  it('lose arrivals that find the waiting places full', () => {
    // One server busy 0-5 with one waiting place: arrivals at 1 waits, 2 and 3 are lost, 6 waits.
    const out = simulate(deterministic({ queue_capacity: 1 }, [0, 1, 2, 3, 6]));
    expect(out.stations.s).toMatchObject({ arrivals: 5, served: 3, lost: 2, p_lost: 0.4 });
  });
  it('with no waiting place, lose every arrival finding all servers busy', () => {
    const out = simulate(deterministic({ queue_capacity: 0 }, [0, 1, 5, 6]));
    expect(out.stations.s).toMatchObject({ served: 2, lost: 2 });
  });
});

describe('deadlines and routing', () => {
  it('send away entities not started by their source deadline', () => {
    const doc = deterministic({ enforces_deadline: true }, [0, 1, 2, 3]) as any;
    doc.sources[0].deadline_minutes = 7;
    // Starts at 0 and 5; the two still waiting at minute 7 leave as missed.
    const out = simulate(doc);
    expect(out.stations.s).toMatchObject({ served: 2, missed: 2 });
    // Queue: 1 on [1,2), 2 on [2,3), 3 on [3,5), 2 on [5,7), then empty.
    expect(out.stations.s.queue_length_series[0]).toBeCloseTo((1 * 1 + 2 * 1 + 3 * 2 + 2 * 2) / 10, 12);
  });
  it('routes by probability, from sources and stations', () => {
    const out = simulate({
      kind: 'network',
      seed: 2,
      sources: [
        {
          id: 'a',
          routes: [
            { to: 'x', p: 0.25 },
            { to: 'y', p: 0.75 },
          ],
          arrivals: { type: 'poisson', rate_per_hour: 60, count: 4000 },
        },
      ],
      stations: [
        {
          id: 'x',
          servers: 5,
          service: { dist: 'erlang', k: 3, mean_minutes: 1 },
          routes: [
            { to: 'y', p: 0.5 },
            { to: 'out', p: 0.5 },
          ],
        },
        { id: 'y', servers: 5, service: { dist: 'lognormal', cv: 0.8, mean_minutes: 1 } },
      ],
    });
    // x: 1000 expected (sd 27); y: 3000 + 500 (sd about 30).
    expect(Math.abs(out.stations.x.arrivals - 1000)).toBeLessThan(100);
    expect(Math.abs(out.stations.y.arrivals - 3500)).toBeLessThan(120);
    expect(out.exits.out + out.stations.y.served).toBe(4000);
  });
  it('generates piecewise arrivals only where the rate is positive', () => {
    const out = simulate({
      kind: 'network',
      sources: [{ id: 'a', to: 's', arrivals: { type: 'piecewise_poisson', interval_minutes: 60, rates_per_hour: [0, 600, 0] } }],
      stations: [{ id: 's', servers: 20, service: { dist: 'deterministic', mean_minutes: 0.5 } }],
      report: { bin_minutes: 60 },
    });
    expect(Math.abs(out.stations.s.arrivals - 600)).toBeLessThan(100);
    expect(out.stations.s.wait_mean_series[0]).toBeNull();
    expect(out.stations.s.wait_mean_series[1]).toBe(0);
  });
});

describe('profile arrivals', () => {
  it('are the draws the shares say, in time order', () => {
    const p = prepare({
      kind: 'network',
      sources: [{ id: 'a', to: 's', arrivals: { type: 'profile', count: 3000, start_minutes: 10, bin_minutes: 15, shares: [1, 4, 0, 6, 2, 3] } }],
      stations: [{ id: 's', servers: 3000, service: { dist: 'deterministic', mean_minutes: 0.5 } }],
    });
    const seed = 7;
    // The law, drawn here by the source's own stream (stream 0) and sorted the plain way.
    const rng = new Stream(seed, 0);
    const { profileCum: cum, profileStart, profileBin } = p.model.sources[0];
    const expected = Array.from({ length: 3000 }, () => {
      const u = rng.uniform();
      const bin = cum.findIndex((c) => c > u);
      return profileStart + (bin + rng.uniform()) * profileBin;
    }).sort((x, y) => x - y);
    // Nobody waits for one of 3,000 servers: each leaves its service time after arriving.
    const rep = new Replication(p.model, seed, { logStations: [0] });
    rep.advance(Infinity);
    expect(Array.from(rep.result(0).departures.time)).toEqual(expected.map((t) => t + 0.5));
  });
});

describe('utilisation per bin', () => {
  it('counts a server finishing a service after its close as open until the service ends', () => {
    // One server open 0-1; one customer at 0 served for 3 minutes; 1-minute bins.
    const st = simulate({
      kind: 'network',
      sources: [{ id: 'a', to: 's', arrivals: { type: 'times', minutes: [0] } }],
      stations: [{ id: 's', servers: 1, service: { dist: 'deterministic', mean_minutes: 3 }, schedule: [{ from_minutes: 0, to_minutes: 1, servers: 1 }] }],
      report: { bin_minutes: 1 },
    }).stations.s;
    expect(st.utilisation_series).toEqual([1, 1, 1]);
    // Over the run, the same definition: 3 busy over 3 open server-minutes.
    expect(st.utilisation).toBe(1);
  });
});
