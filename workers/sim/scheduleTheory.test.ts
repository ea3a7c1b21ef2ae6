// The engine's opening schedules against the exact M(t)/M/c(t) queue, period by period: servers
// dropping while busy, servers rising into a backlog, and a planner's day. Sizing to a target
// reads the share of a period's arrivals who start within the target wait, so that share (and
// the period's mean wait) is what each test compares, per period of arrival. The exact values
// come from the forward equations of the queue with the engine's rule for a closing server (it
// finishes its passenger, then closes: testing/forwardEquations.ts), solved in the test.
import { describe, expect, it } from 'vitest';
import { prepare, replicationSteps, type EngineName } from './run';
import { studentTQuantile } from './confidence';
import { mmc } from '../queueing/erlang';
import { expectedAreas, periodWaits, type PeriodWaits, type StaffedQueue } from './testing/forwardEquations';

/** Waits (minutes) whose shares are compared: the planner's target of 10 minutes and two tighter ones, which move more. */
const WAITS = [2, 5, 10];
/** The last period's servers stay open for whoever still waits, as in a sizing run (sizing/evaluate.ts). */
const FOREVER = 1e9;
/**
 * The most chance that a correct engine fails a case's comparisons: each comparison's interval
 * is at level 1 - FAMILY_ALPHA / (their number) (Bonferroni). Fixed seeds make the runs repeat.
 */
const FAMILY_ALPHA = 0.001;
/**
 * Numerical error allowed for the exact values: halving the quadrature step changes none of them
 * by more than 1e-4 (checked below); the uniformisation itself is exact to 1e-13.
 */
const NUMERIC = 1e-4;

/** One station opening the queue's servers period by period, fed by its Poisson arrivals. */
function scheduleDoc(q: StaffedQueue, seed: number) {
  const last = q.servers.length - 1;
  return {
    kind: 'network',
    seed,
    sources: [{ id: 'pax', to: 'desks', arrivals: { type: 'piecewise_poisson', interval_minutes: q.periodMinutes, rates_per_hour: q.arrivalsPerHour } }],
    stations: [
      {
        id: 'desks',
        servers: Math.max(...q.servers),
        service: { dist: 'exponential', mean_minutes: q.serviceMeanMinutes },
        schedule: q.servers.map((servers, k) => ({
          from_minutes: k * q.periodMinutes,
          to_minutes: k === last ? FOREVER : (k + 1) * q.periodMinutes,
          servers,
        })),
      },
    ],
  };
}

/** One replication's counts per period of arrival. */
interface PeriodCounts {
  arrivals: number[];
  /** Per wait of WAITS: arrivals who started within it. */
  within: number[][];
  waitSum: number[];
}

/**
 * Replications 0 to n - 1 of the queue's document through the engine's entry (run.ts), on the
 * path asked for, with every wait counted by the period its arrival joined in: the measure
 * sizing uses (`onWait`).
 */
function simulateCounts(q: StaffedQueue, seed: number, replications: number, engine: EngineName): PeriodCounts[] {
  const prepared = prepare(scheduleDoc(q, seed));
  const periods = q.arrivalsPerHour.length;
  return Array.from({ length: replications }, (_, r) => {
    const counts: PeriodCounts = {
      arrivals: new Array(periods).fill(0),
      within: WAITS.map(() => new Array(periods).fill(0)),
      waitSum: new Array(periods).fill(0),
    };
    const onWait = (_station: number, joined: number, wait: number) => {
      const p = Math.floor(joined / q.periodMinutes);
      counts.arrivals[p]++;
      counts.waitSum[p] += wait;
      WAITS.forEach((w, k) => {
        if (wait <= w) counts.within[k][p]++;
      });
    };
    const steps = replicationSteps({ ...prepared, options: { onWait } }, r, performance.now.bind(performance), 1 << 20, engine);
    let step = steps.next();
    while (!step.done) step = steps.next();
    expect(step.value.engine).toBe(engine);
    return counts;
  });
}

interface Estimate {
  value: number;
  /** Half-width of the interval at the level asked for. */
  half: number;
}

/**
 * Pooled ratio sum(y) / sum(x) over replications (arrivals pooled, as sizing defines a period's
 * share) and its two-sided interval at level 1 - alpha from the spread between replications: the
 * delta method for a ratio, Student t.
 */
function pooledRatio(y: readonly number[], x: readonly number[], alpha: number): Estimate {
  const n = y.length;
  const sx = x.reduce((s, v) => s + v, 0);
  const value = y.reduce((s, v) => s + v, 0) / sx;
  const ss = y.reduce((s, v, r) => s + (v - value * x[r]) ** 2, 0);
  const half = (studentTQuantile(1 - alpha / 2, n - 1) * Math.sqrt(ss / (n - 1) / n)) / (sx / n);
  return { value, half };
}

/** Every comparison of a case: per period, each wait's share and the mean wait, with its estimate. */
function compare(counts: readonly PeriodCounts[], exact: PeriodWaits) {
  const periods = exact.meanWait.length;
  const alpha = FAMILY_ALPHA / (periods * (WAITS.length + 1));
  const arrivals = (p: number) => counts.map((c) => c.arrivals[p]);
  return Array.from({ length: periods }, (_, p) => [
    ...WAITS.map((w, k) => ({
      what: `period ${p}: share within ${w} min`,
      exact: exact.shareWithin[k][p],
      estimate: pooledRatio(
        counts.map((c) => c.within[k][p]),
        arrivals(p),
        alpha,
      ),
    })),
    {
      what: `period ${p}: mean wait`,
      exact: exact.meanWait[p],
      estimate: pooledRatio(
        counts.map((c) => c.waitSum[p]),
        arrivals(p),
        alpha,
      ),
    },
  ]).flat();
}

type Comparison = ReturnType<typeof compare>[number];

/** The comparisons whose estimate lies outside its interval around `exact`, widened by NUMERIC, in words. */
function misses(comparisons: readonly Comparison[], exact = (c: Comparison) => c.exact): string[] {
  return comparisons
    .filter((c) => Math.abs(c.estimate.value - exact(c)) > c.estimate.half + NUMERIC)
    .map((c) => `${c.what}: ${c.estimate.value.toFixed(4)} +- ${c.estimate.half.toFixed(4)}, exact ${exact(c).toFixed(4)}`);
}

/** The exact values of another queue, in the order `compare` lists them. */
function exactInOrder(exact: PeriodWaits): number[] {
  return exact.meanWait.flatMap((mean, p) => [...WAITS.map((_, k) => exact.shareWithin[k][p]), mean]);
}

/**
 * How many comparisons tell the engine's estimates from another queue's exact values. Room for
 * longer queues than the engine's own cases need: a wrong schedule can build them.
 */
function rejected(comparisons: readonly Comparison[], other: StaffedQueue): number {
  const exact = periodWaits(other, WAITS, { maxInSystem: 350 });
  expect(exact.truncated).toBeLessThan(1e-9);
  const values = exactInOrder(exact);
  return misses(comparisons, (c) => values[comparisons.indexOf(c)]).length;
}

/**
 * The tests of one case: every comparison within its interval; the same estimates rejecting the
 * exact values of other queues (another rule for closing servers, other schedules), so the test
 * can fail; and the event list giving the same sample paths as the feed-forward path that sizing
 * runs. Returns the exact values for the case's own checks.
 */
function itMatchesTheExactQueue(q: StaffedQueue, seed: number, replications: number, others: Record<string, StaffedQueue>): PeriodWaits {
  const exact = periodWaits(q, WAITS);
  const counts = simulateCounts(q, seed, replications, 'feed-forward');
  const comparisons = compare(counts, exact);
  it('has the exact share within 2, 5 and 10 min and the exact mean wait of each period', () => {
    expect(exact.truncated).toBeLessThan(1e-9);
    expect(misses(comparisons)).toEqual([]);
  });
  it.each(Object.entries(others))('tells the engine from %s', (_, other) => {
    expect(rejected(comparisons, other)).toBeGreaterThan(0);
  });
  it('runs the same sample paths by the event list', () => {
    expect(simulateCounts(q, seed, 50, 'event list')).toEqual(counts.slice(0, 50));
  });
  return exact;
}

const dropWhileBusy: StaffedQueue = { periodMinutes: 30, arrivalsPerHour: [600, 180, 180], servers: [21, 8, 8], serviceMeanMinutes: 2 };

describe('servers dropping while busy: 21 then 8, against 600 then 180 per hour', () => {
  // At minute 30 about 20 of the 21 servers are busy and 8 passengers wait; 8 servers stay open,
  // and the 12 or so above that level finish their passengers first (so for a minute or two more
  // than 8 serve, none of them taking a new passenger). Exact, period 1: within 2 min 0.6725, within 10 min 0.9817, mean wait 1.875 min. Were a
  // closing server to hand its passenger back to the queue: 0.5538, 0.9664 and 2.615; were the
  // drop a period late: 0.9938, 1.0000 and 0.043.
  // Power: with 12,000 replications the intervals (99.9 % over the case's 12 comparisons, so
  // each at 1 - 0.001 / 12: 3.9 standard errors) are at most +-0.012 for a share (period 1
  // within 2 min; +-0.004 within 10 min) and +-0.085 min for a mean wait, so a bug that shifts
  // a period's share within 2 min by 0.02 (within 10 min by 0.0065) fails with probability
  // > 0.99. Handing back shifts period 1's share within 2 min by 0.12 (38 standard errors), one
  // server more after the drop (an off-by-one at the level) by 0.12, the drop a period late by
  // 0.32.
  const exact = itMatchesTheExactQueue(dropWhileBusy, 5, 12_000, {
    'a closing server handing its passenger back': { ...dropWhileBusy, closing: 'hands back' },
    'the drop a period late': { ...dropWhileBusy, servers: [21, 21, 8] },
    'one server more after the drop': { ...dropWhileBusy, servers: [21, 9, 9] },
  });

  it('pins the exact values, which converge: half the quadrature step changes none by 1e-4', () => {
    expect(exact.shareWithin[0][1]).toBeCloseTo(0.6725, 4);
    expect(exact.shareWithin[2][1]).toBeCloseTo(0.9817, 4);
    expect(exact.meanWait[1]).toBeCloseTo(1.8746, 3);
    const finer = periodWaits(dropWhileBusy, WAITS, { quadratureMinutes: 0.25 });
    const change = exactInOrder(finer).map((x, k) => Math.abs(x - exactInOrder(exact)[k]));
    expect(Math.max(...change)).toBeLessThan(NUMERIC);
  });
  it('has exact mean waits that add up to the exact queue-minutes (Little)', () => {
    // Every minute someone waits is a minute of the queue: the sum of arrivals x mean wait, to
    // NUMERIC per arrival. The two come from different equations (the tagged arrival's backward
    // sweep, the system's forward one), so this checks the theory code against itself.
    const arrivals = dropWhileBusy.arrivalsPerHour.map((r) => (r * dropWhileBusy.periodMinutes) / 60);
    const { queueArea } = expectedAreas(dropWhileBusy, 30, 600);
    const waited = exact.meanWait.reduce((s, m, p) => s + m * arrivals[p], 0);
    expect(Math.abs(waited - queueArea.reduce((s, a) => s + a, 0))).toBeLessThan(NUMERIC * arrivals.reduce((s, n) => s + n, 0));
  });
});

describe('the exact values on a steady queue', () => {
  it('tend to Erlang C: 120 per hour at 5 servers of 2 min, six hours on', () => {
    const steady = periodWaits({ periodMinutes: 60, arrivalsPerHour: Array(6).fill(120), servers: Array(6).fill(5), serviceMeanMinutes: 2 }, [2, 5]);
    const erlang = mmc(2, 1 / 2, 5);
    expect(Math.abs(steady.shareWithin[0][5] - (1 - erlang.pWaitGreater(2)))).toBeLessThan(1e-5);
    expect(Math.abs(steady.shareWithin[1][5] - (1 - erlang.pWaitGreater(5)))).toBeLessThan(1e-5);
    expect(Math.abs(steady.meanWait[5] - erlang.meanWait)).toBeLessThan(1e-5);
  });
});

const riseIntoBacklog: StaffedQueue = { periodMinutes: 30, arrivalsPerHour: [120, 600, 600, 240], servers: [4, 16, 24, 24], serviceMeanMinutes: 2 };

describe('servers rising: 4, 16, 24 against 120 then 600 per hour', () => {
  // The first period runs at load 1 and leaves a queue; at minute 30 the arrivals jump fivefold
  // and the servers fourfold into it, short of the need, so a backlog builds; at minute 60 eight
  // more servers open into that backlog. Exact shares within 2 min: 0.6709, 0.3426, 0.5064,
  // 0.9857 (period 2's would be 0.3949 with one server fewer after the second rise, 0.0052 with
  // the second rise a period late).
  // Power: with 6,000 replications the intervals (99.9 % over 16 comparisons: 4.0 standard
  // errors) are at most +-0.018 for a share and +-0.09 min for a mean wait, so a bug that shifts
  // a period's share within 2 min by 0.03 fails with probability > 0.99; one server fewer in
  // one period shifts it by 0.11.
  const exact = itMatchesTheExactQueue(riseIntoBacklog, 6, 6_000, {
    'the second rise a period late': { ...riseIntoBacklog, servers: [4, 16, 16, 24] },
    'one server fewer after the second rise': { ...riseIntoBacklog, servers: [4, 16, 23, 24] },
  });
  it('pins the exact values', () => {
    [0.6709, 0.3426, 0.5064, 0.9857].forEach((x, p) => expect(exact.shareWithin[0][p]).toBeCloseTo(x, 4));
  });
});

const plan: StaffedQueue = {
  periodMinutes: 30,
  arrivalsPerHour: [120, 240, 480, 600, 480, 300, 180, 60],
  servers: [4, 7, 16, 21, 17, 11, 8, 4],
  serviceMeanMinutes: 2,
};

describe('a planned day: servers rising to 21 and falling back with the arrivals', () => {
  // Power: with 6,000 replications the intervals (99.9 % over 32 comparisons: 4.2 standard
  // errors) are at most +-0.022 for a share (+-0.013 within 10 min) and +-0.26 min for a mean
  // wait, so a shift of 0.035 in a share within 2 min (0.02 within 10 min) fails with
  // probability > 0.99. Closing servers handing their passengers back shifts period 7's share
  // within 2 min from 0.838 to 0.806, 8.6 standard errors.
  const exact = itMatchesTheExactQueue(plan, 7, 6_000, {
    'a closing server handing its passenger back': { ...plan, closing: 'hands back' },
  });
  it('reproduces the known shares within 10 min of the last three periods', () => {
    // 0.934, 0.927 and 0.950: the forward equations, confirmed by 300,000 engine replications.
    const known = [0.934, 0.927, 0.95];
    const computed = exact.shareWithin[WAITS.indexOf(10)].slice(5);
    computed.forEach((x, k) => expect(Math.abs(x - known[k])).toBeLessThanOrEqual(0.002));
  });
});
