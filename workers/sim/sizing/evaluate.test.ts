// Evaluating a plan: its schedules, common random numbers between plans, tallies that add up over
// batches, and the counts of arrivals and waits within target checked by hand.
import { describe, expect, it } from 'vitest';
import { evaluateBatchSync, networkForPlan } from './evaluate';
import { prepareSizing } from './problem';
import { addTally, estimateShare, periodsCovered } from './tally';

const size = { max_servers: 3, period_minutes: 10, target: { wait_minutes: 2, share: 0.9 } };

/** Arrivals at minutes 0, 1, ..., 19 to one sized station with 3-minute deterministic service. */
const problem = prepareSizing({
  kind: 'network',
  sources: [{ id: 'a', to: 'x', arrivals: { type: 'times', minutes: Array.from({ length: 20 }, (_, i) => i) } }],
  stations: [{ id: 'x', size, service: { dist: 'deterministic', mean_minutes: 3 } }],
});

describe('a plan as a network', () => {
  it('opens the pools in order, period by period, the last period open until everyone is served', () => {
    const sized = prepareSizing({
      kind: 'network',
      sources: [{ id: 'a', to: 'x', arrivals: { type: 'poisson', rate_per_hour: 60, count: 5 } }],
      stations: [{ id: 'x', size: { ...size, max_servers: 3 }, service: { dist: 'exponential', mean_minutes: 1 } }],
    });
    const network = networkForPlan(sized, { x: [0, 2] });
    expect(network.stations[0].pools![0].schedule).toEqual([
      { from_minutes: 0, to_minutes: 10, servers: 0 },
      { from_minutes: 10, to_minutes: 1e9, servers: 2 },
    ]);
    expect(network.stations[0].enforces_deadline).toBe(false);
  });
});

describe('a batch of replications', () => {
  it('counts arrivals by the period they join and those who start within the target', () => {
    // One server: arrival i starts at 3i, waits 2i; within 2 minutes: arrivals 0 and 1.
    // Three servers: everyone starts at once.
    const one = evaluateBatchSync(problem, { plan: { x: [1, 1] }, replications: [0] });
    expect(one.x).toEqual({ arrivals: [10, 10], within: [2, 0] });
    const three = evaluateBatchSync(problem, { plan: { x: [3, 3] }, replications: [0] });
    expect(three.x).toEqual({ arrivals: [10, 10], within: [10, 10] });
  });
  it("counts a start at or after the passenger's check-in close as outside the target, and not those who come after it", () => {
    // Close at minute 5 at a station that enforces it: arrival i starts at 3i after a wait of 2i.
    // Arrivals 0 and 1 start in time within 5 minutes; arrival 2 waits 4 but starts at 6, past
    // its close (the ordinary simulation turns it away); arrivals 5 to 19 come after the close.
    const closingAt5 = (enforces: boolean) =>
      prepareSizing({
        kind: 'network',
        sources: [{ id: 'a', to: 'x', deadline_minutes: 5, arrivals: { type: 'times', minutes: Array.from({ length: 20 }, (_, i) => i) } }],
        stations: [
          {
            id: 'x',
            size: { ...size, target: { wait_minutes: 5, share: 0.9 } },
            enforces_deadline: enforces,
            service: { dist: 'deterministic', mean_minutes: 3 },
          },
        ],
      });
    expect(evaluateBatchSync(closingAt5(true), { plan: { x: [1, 1] }, replications: [0] }).x).toEqual({ arrivals: [5], within: [2] });
    // A station that does not enforce the close counts everyone by the wait alone.
    expect(evaluateBatchSync(closingAt5(false), { plan: { x: [1, 1] }, replications: [0] }).x).toEqual({ arrivals: [10, 10], within: [3, 0] });
  });
  it('gives the same answer for the same replications (common random numbers) and adds up over batches', () => {
    const poisson = prepareSizing({
      kind: 'network',
      sources: [{ id: 'a', to: 'x', arrivals: { type: 'poisson', rate_per_hour: 120, count: 200 } }],
      stations: [{ id: 'x', size, service: { dist: 'exponential', mean_minutes: 1 } }],
    });
    const plan = { x: Array(12).fill(2) };
    const both = evaluateBatchSync(poisson, { plan, replications: [3, 4] });
    expect(evaluateBatchSync(poisson, { plan, replications: [3, 4] })).toEqual(both);
    const summed = addTally(evaluateBatchSync(poisson, { plan, replications: [3] }), evaluateBatchSync(poisson, { plan, replications: [4] }));
    expect(summed).toEqual(both);
    expect(both.x.arrivals.reduce((a, n) => a + n, 0)).toBe(400);
    // More servers never lose a passenger's place within target on the same replications.
    const more = evaluateBatchSync(poisson, { plan: { x: Array(12).fill(3) }, replications: [3, 4] });
    more.x.within.forEach((w, p) => expect(w).toBeGreaterThanOrEqual(both.x.within[p]));
  });
});

describe('a share estimate', () => {
  it('pools within-target passengers over arrivals, with an interval from the spread between replications', () => {
    const reps = [{ x: { arrivals: [10, 0], within: [9, 0] } }, { x: { arrivals: [30, 0], within: [21, 0] } }, { x: { arrivals: [20, 0], within: [18, 0] } }];
    const e = estimateShare(reps, 'x', 0);
    expect(e.share).toBeCloseTo(48 / 60, 12);
    expect(e.arrivals).toBe(20);
    // Residuals w - share * a: 1, -3 and 2; t(0.975, 2) = 4.302653; over 20 mean arrivals.
    const half = (4.302653 * Math.sqrt(14 / 2 / 3)) / 20;
    expect(e.ci95[0]).toBeCloseTo(0.8 - half, 5);
    expect(e.ci95[1]).toBe(1);
    expect(estimateShare(reps, 'x', 1)).toEqual({ share: 1, ci95: [1, 1], arrivals: 0 });
    expect(periodsCovered(reps, 'x')).toBe(1);
  });
});
