// The feed-forward path against the event list: on every document both can run, the same seed must
// give the same sample path -- every entity's wait, every count bitwise, every sum of times to
// 1e-9 relative (sums over several stations add in another order) -- and the same bags.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { countBags } from './airportOutputs';
import type { ReplicationCore, ReplicationOptions } from './engine';
import { Replication } from './eventLoop';
import { syntheticDesignDay } from './examples/syntheticDay';
import { FeedForwardReplication, sortByTime } from './feedForward';
import { buildModel } from './model';
import { parseNetwork } from './network';
import { stationClosesAt } from './state';
import { prepare, replicationSeed, replicationSteps, type Prepared } from './run';

const clock = () => performance.now();

/** Every (joined, wait) pair a replication records, per report group, sorted. */
function recordWaits(rep: ReplicationCore): number[][] {
  const groups = (rep as unknown as { groups: { waits: { add: (t: number, w: number) => void } }[] }).groups;
  return groups.map((g) => {
    const seen: number[] = [];
    const add = g.waits.add.bind(g.waits);
    g.waits.add = (t, w) => {
      seen.push(t, w);
      add(t, w);
    };
    return seen;
  });
}

function sortedPairs(flat: number[]): [number, number][] {
  const pairs: [number, number][] = [];
  for (let k = 0; k < flat.length; k += 2) pairs.push([flat[k], flat[k + 1]]);
  return pairs.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

/** `everyDeadline`: every deadline gets its event, as if no station ever closed for good. */
function run(p: Prepared, r: number, fast: boolean, everyDeadline = false) {
  const seed = replicationSeed(p.seed, r);
  const rep = fast ? new FeedForwardReplication(p.model, seed, p.options) : new Replication(p.model, seed, p.options);
  if (everyDeadline) for (const st of (rep as unknown as { stations: { closesAt: number }[] }).stations) st.closesAt = Infinity;
  const waits = recordWaits(rep);
  // Small chunks, so stopping and resuming between them is exercised too.
  while (!rep.advance(1000));
  if (rep instanceof FeedForwardReplication) expect(rep.gaveUp, 'the fast path gave up').toBe(false);
  const raw = { ...rep.result(0), wallMs: 0 };
  const bags = p.kind === 'airport' ? countBags(p.plan, raw, 2 * p.model.sources.length + 2 * p.model.stations.length) : null;
  const byRecurrence = rep instanceof FeedForwardReplication ? rep.stationsByRecurrence : 0;
  return { raw, bags, waits: waits.map(sortedPairs), byRecurrence };
}

/** Deep equality; numbers that are not integers may differ by 1e-9 relative. */
function expectSame(a: unknown, b: unknown, path = ''): void {
  if (typeof a === 'number' && typeof b === 'number') {
    if (Number.isInteger(a) && Number.isInteger(b)) expect(a, path).toBe(b);
    else expect(Math.abs(a - b), `${path}: ${a} vs ${b}`).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(a), Math.abs(b)));
    return;
  }
  if (ArrayBuffer.isView(a) || Array.isArray(a)) {
    const x = Array.from(a as ArrayLike<unknown>);
    const y = Array.from(b as ArrayLike<unknown>);
    expect(y.length, `${path}.length`).toBe(x.length);
    x.forEach((v, i) => expectSame(v, y[i], `${path}[${i}]`));
    return;
  }
  if (typeof a === 'object' && a !== null) {
    expect(Object.keys(b as object).sort(), path).toEqual(Object.keys(a).sort());
    for (const k of Object.keys(a)) expectSame((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}.${k}`);
    return;
  }
  expect(b, path).toEqual(a);
}

/** Checks the paths agree; answers how many stations the fast path ran by the recurrence. */
function expectSamePath(doc: unknown, replications = 2): number {
  const p = prepare(doc);
  expect(p.model.feedForwardOrder, 'the document runs station by station').not.toBeNull();
  let byRecurrence = 0;
  for (let r = 0; r < replications; r++) {
    const slow = run(p, r, false);
    const fast = run(p, r, true);
    // Each entity's wait, exactly: the same multiset of (joined, wait) in every report group.
    slow.waits.forEach((w, g) => expect(fast.waits[g], `waits of group ${g}`).toEqual(w));
    // Per station, waits are summed in the same order on both paths: bitwise equal.
    slow.raw.stations.forEach((s, j) => {
      expect(fast.raw.stations[j].waitSum, `waitSum of station ${j}`).toBe(s.waitSum);
      expect(fast.raw.stations[j].waitMax).toBe(s.waitMax);
    });
    expectSame(slow.raw, fast.raw, 'raw');
    expectSame(slow.bags, fast.bags, 'bags');
    expect(slow.raw.events).toBeGreaterThan(0);
    byRecurrence = fast.byRecurrence;
  }
  return byRecurrence;
}

const exampleAirport = () => JSON.parse(readFileSync(new URL('./examples/airport.json', import.meta.url), 'utf8'));

const mmc = (count: number, servers = 10) => ({
  kind: 'network',
  seed: 11,
  sources: [{ id: 'arrivals', to: 'checkin', arrivals: { type: 'poisson', rate_per_hour: 10 * servers, count } }],
  stations: [{ id: 'checkin', servers, service: { dist: 'exponential', mean_minutes: 5 } }],
});

/** Check-in with deadlines: counters closing at one flight's deadline, others opening at that minute. */
const closingCheckin = {
  kind: 'network',
  seed: 21,
  sources: [
    { id: 'f1', to: 'checkin', arrivals: { type: 'profile', count: 300, start_minutes: 0, bin_minutes: 20, shares: [2, 5, 3] }, deadline_minutes: 60 },
    { id: 'f2', to: 'checkin', arrivals: { type: 'profile', count: 200, start_minutes: 30, bin_minutes: 20, shares: [1, 3, 3, 1] }, deadline_minutes: 100 },
    { id: 'free', to: 'checkin', arrivals: { type: 'poisson', rate_per_hour: 30, count: 50 } },
  ],
  stations: [
    {
      id: 'checkin',
      pools: [
        {
          id: 'c1',
          servers: 2,
          service: { dist: 'exponential', mean_minutes: 2 },
          schedule: [
            { from_minutes: 10, to_minutes: 60, servers: 2 },
            { from_minutes: 80, to_minutes: 100, servers: 1 },
          ],
        },
        { id: 'c2', servers: 1, service: { dist: 'exponential', mean_minutes: 3 }, schedule: [{ from_minutes: 60, to_minutes: 100, servers: 1 }] },
      ],
      enforces_deadline: true,
      routes: [{ to: 'security', p: 1 }],
    },
    { id: 'security', servers: 2, service: { dist: 'exponential', mean_minutes: 0.5 } },
  ],
};

describe('the feed-forward path gives the event list sample path', () => {
  it('on M/M/c, by the recurrence', () => expect(expectSamePath(mmc(20_000))).toBe(1));
  it('on M/M/c with many servers (the earliest free from a heap), by the recurrence', () => expect(expectSamePath(mmc(20_000, 60))).toBe(1));

  it('with servers closing mid-service and opening again, in one pool and in pools of different speeds', () => {
    // Scheduled pools: the stations' own event loops.
    const byRecurrence = expectSamePath({
      kind: 'network',
      seed: 3,
      sources: [
        { id: 'a', to: 'desk', arrivals: { type: 'piecewise_poisson', interval_minutes: 60, rates_per_hour: [30, 90, 0, 120, 40] } },
        { id: 'b', to: 'pooled', arrivals: { type: 'profile', count: 700, start_minutes: 10, bin_minutes: 30, shares: [1, 4, 6, 2, 0, 3, 5] } },
      ],
      stations: [
        {
          id: 'desk',
          servers: 4,
          service: { dist: 'lognormal', mean_minutes: 3, cv: 0.6 },
          schedule: [
            { from_minutes: 0, to_minutes: 50, servers: 1 },
            { from_minutes: 50, to_minutes: 100, servers: 4 },
            { from_minutes: 100, to_minutes: 130, servers: 2 },
            { from_minutes: 170, to_minutes: 400, servers: 3 },
          ],
          routes: [
            { to: 'pooled', p: 0.5 },
            { to: 'out', p: 0.5 },
          ],
        },
        {
          id: 'pooled',
          pools: [
            {
              id: 'fast',
              servers: 2,
              service: { dist: 'erlang', mean_minutes: 1.5, k: 3 },
              schedule: [
                { from_minutes: 30, to_minutes: 120, servers: 2 },
                { from_minutes: 150, to_minutes: 170, servers: 1 },
              ],
            },
            { id: 'slow', servers: 3, service: { dist: 'gamma', mean_minutes: 4, cv: 0.8 } },
            { id: 'late', servers: 1, service: { dist: 'exponential', mean_minutes: 2 }, schedule: [{ from_minutes: 200, to_minutes: 240, servers: 1 }] },
          ],
        },
      ],
      report: { wait_thresholds_minutes: [0, 2, 5], bin_minutes: 20 },
    });
    expect(byRecurrence).toBe(0);
  });

  it('through a two-stage network with probabilistic and per-source routes, each station by the recurrence', () => {
    const byRecurrence = expectSamePath({
      kind: 'network',
      seed: 8,
      sources: [
        {
          id: 'short',
          routes: [
            { to: 'ci-a', p: 0.7 },
            { to: 'ci-b', p: 0.3 },
          ],
          arrivals: { type: 'poisson', rate_per_hour: 120, count: 3000 },
        },
        {
          id: 'long',
          to: 'ci-b',
          arrivals: { type: 'poisson', rate_per_hour: 40, count: 1000 },
          routes_after: {
            'ci-b': [
              { to: 'sec-2', p: 0.9 },
              { to: 'gone', p: 0.1 },
            ],
            'sec-2': [{ to: 'lounge', p: 1 }],
          },
        },
      ],
      stations: [
        {
          id: 'ci-a',
          servers: 3,
          service: { dist: 'exponential', mean_minutes: 1.2 },
          routes: [
            { to: 'sec-1', p: 0.6 },
            { to: 'sec-2', p: 0.4 },
          ],
        },
        { id: 'ci-b', servers: 2, service: { dist: 'gamma', mean_minutes: 1.5, cv: 0.5 }, routes: [{ to: 'sec-1', p: 1 }] },
        { id: 'sec-1', servers: 2, service: { dist: 'exponential', mean_minutes: 0.8 }, routes: [{ to: 'gate', p: 1 }] },
        {
          id: 'sec-2',
          servers: 2,
          service: { dist: 'lognormal', mean_minutes: 0.9, cv: 0.4 },
          routes: [
            { to: 'gate', p: 0.5 },
            { to: 'shops', p: 0.5 },
          ],
        },
      ],
    });
    expect(byRecurrence).toBe(4);
  });

  it('with deadlines, counters closing as check-in closes and others opening at that minute', () => expectSamePath(closingCheckin));

  it('on the example airport', () => expectSamePath(exampleAirport()));

  it('on the example airport with its playback trace', () => {
    const doc = exampleAirport();
    expectSamePath({ ...doc, settings: { ...doc.settings, playback: true } });
  });

  it('on a synthetic design day of 80 departures', () => expectSamePath(syntheticDesignDay(80, 3), 1));
});

describe('a run that measures waits only (onWait, what sizing reads)', () => {
  it('hands over every wait the measured run records, at its station, on both paths, and measures nothing else', () => {
    const p = prepare(closingCheckin);
    const seed = replicationSeed(p.seed, 0);
    for (const fast of [false, true]) {
      const measured = run(p, 0, fast);
      const seen = p.model.stations.map((): number[] => []);
      const options = { ...p.options, onWait: (j: number, joined: number, wait: number) => seen[j].push(joined, wait) };
      const rep = fast ? new FeedForwardReplication(p.model, seed, options) : new Replication(p.model, seed, options);
      while (!rep.advance(1000));
      // Each station is its own report group in a network document.
      expect(seen.map(sortedPairs)).toEqual(measured.waits);
      expect(measured.waits[0].length).toBeGreaterThan(50);
      const raw = rep.result(0);
      expect(raw.stations.map((s) => [s.served, s.missed])).toEqual(measured.raw.stations.map((s) => [s.served, s.missed]));
      const measures = [...raw.groups.flatMap((g) => [...g.hist, ...g.queueArea, ...g.waitCount]), ...raw.utilisation.flatMap((u) => [...u.busy])];
      expect(measures.filter((x) => x !== 0)).toEqual([]);
    }
  });
});

describe('deadlines at or after a station closes', () => {
  // Such a deadline gets no event (engine.ts): whoever still waits at the close is missed then.
  // Checked against the same run with every deadline scheduled, on both paths.

  it.each([
    ['counters closing at a flight deadline', closingCheckin],
    ['the example airport', exampleAirport()],
  ])('change nothing: %s', (_, doc) => {
    const p = prepare(doc);
    const skipped = p.model.stations.filter(
      (st) => st.enforcesDeadline && p.model.sources.some((s) => s.routes.to.includes(p.model.stations.indexOf(st)) && s.deadline >= stationClosesAt(st.pools)),
    );
    expect(skipped.length, 'stations whose deadlines come at or after their close').toBeGreaterThan(0);
    for (const fast of [false, true]) {
      const lean = run(p, 0, fast);
      const full = run(p, 0, fast, true);
      expect(
        lean.raw.stations.reduce((n, st) => n + st.missed, 0),
        'passengers missed',
      ).toBeGreaterThan(0);
      expectSame(full.raw, lean.raw, 'raw');
      expectSame(full.bags, lean.bags, 'bags');
    }
  });
});

describe('choosing the path', () => {
  it('runs the event list for cycles and finite queues', () => {
    const base = parseNetwork(mmc(10));
    expect(buildModel(base).feedForwardOrder).not.toBeNull();
    expect(buildModel({ ...base, stations: [{ ...base.stations[0], queue_capacity: 5 }] }).feedForwardOrder).toBeNull();
    const loop = parseNetwork({
      ...mmc(10),
      stations: [
        {
          id: 'checkin',
          servers: 1,
          service: { dist: 'exponential', mean_minutes: 1 },
          routes: [
            { to: 'redo', p: 0.2 },
            { to: 'out', p: 0.8 },
          ],
        },
        { id: 'redo', servers: 1, service: { dist: 'exponential', mean_minutes: 1 }, routes: [{ to: 'checkin', p: 1 }] },
      ],
    });
    expect(buildModel(loop).feedForwardOrder).toBeNull();
  });

  it('falls back to the event list on ties it cannot order, with the same results', () => {
    // Two sources arriving at the same minutes: which is first depends on the event list.
    const p = prepare({
      kind: 'network',
      seed: 2,
      sources: [
        { id: 'x', to: 's', arrivals: { type: 'times', minutes: [1, 2, 3, 4] } },
        { id: 'y', to: 's', arrivals: { type: 'times', minutes: [2, 3] } },
      ],
      stations: [{ id: 's', servers: 1, service: { dist: 'exponential', mean_minutes: 1 } }],
    });
    const drive = (engine: 'feed-forward' | 'event list', doc = p) => {
      const steps = replicationSteps(doc, 0, clock, 1 << 15, engine);
      let step = steps.next();
      while (!step.done) step = steps.next();
      return step.value;
    };
    const auto = drive('feed-forward');
    const list = drive('event list');
    expect(auto.engine).toBe('event list');
    expectSame({ ...list.raw, wallMs: 0 }, { ...auto.raw, wallMs: 0 });
    expect(drive('feed-forward', prepare(mmc(100))).engine).toBe('feed-forward');
    // A service ending at the very minute of the next arrival: the recurrence leaves it to the event list.
    const meeting = prepare({
      kind: 'network',
      seed: 2,
      sources: [{ id: 'x', to: 's', arrivals: { type: 'times', minutes: [0, 1, 2.5] } }],
      stations: [{ id: 's', servers: 1, service: { dist: 'deterministic', mean_minutes: 1 } }],
    });
    const fallback = drive('feed-forward', meeting);
    expect(fallback.engine).toBe('event list');
    expectSame({ ...drive('event list', meeting).raw, wallMs: 0 }, { ...fallback.raw, wallMs: 0 });
  });

  it('gives up on ties between stations that only the event list can order', () => {
    // B's passenger arrives at 2.5 and waits for B's desk, open from 10; A's arrives and opens as given.
    const twoDesks = (aArrives: number, aOpens: number) =>
      buildModel(
        parseNetwork({
          kind: 'network',
          sources: [
            { id: 'a', to: 'A', arrivals: { type: 'times', minutes: [aArrives] } },
            { id: 'b', to: 'B', arrivals: { type: 'times', minutes: [2.5] } },
          ],
          stations: ['A', 'B'].map((id) => ({
            id,
            servers: 1,
            service: { dist: 'deterministic', mean_minutes: 4 },
            schedule: [{ from_minutes: id === 'A' ? aOpens : 10, to_minutes: 60, servers: 1 }],
          })),
        }),
      );
    const gaveUp = (model: ReturnType<typeof buildModel>, options: ReplicationOptions) => {
      const rep = new FeedForwardReplication(model, 1, options);
      while (!rep.advance(1000));
      return rep.gaveUp;
    };
    // Both desks open at 10 and finish at 14: which completion is logged first (and draws the
    // first bag) depends on when the event list scheduled them.
    expect(gaveUp(twoDesks(1.5, 10), { logStations: [0, 1] })).toBe(true);
    expect(gaveUp(twoDesks(1.5, 10), {})).toBe(false);
    // At 10 B's queue shrinks as A's passenger joins A's (open from 20): the longest queue of the
    // two together depends on their order.
    expect(gaveUp(twoDesks(10, 20), { groupOf: [0, 0] })).toBe(true);
    expect(gaveUp(twoDesks(10, 20), {})).toBe(false);
  });

  it('sorts by time stably and reports equal times', () => {
    const t = Float64Array.from([5, 1, 3, 3, 0.5, 9]);
    const p = Int32Array.from([0, 1, 2, 3, 4, 5]);
    expect(sortByTime(t, p, 6)).toBe(false);
    expect(Array.from(t)).toEqual([0.5, 1, 3, 3, 5, 9]);
    expect(Array.from(p)).toEqual([4, 1, 2, 3, 0, 5]);
    expect(sortByTime(Float64Array.from([2, 1]), Int32Array.from([0, 1]), 2)).toBe(true);
  });
});
