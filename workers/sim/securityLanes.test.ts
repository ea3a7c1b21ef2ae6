// A security resource's positions are its lanes: the airport model runs them as parallel servers
// of one queue, so with Poisson-like arrivals and exponential service it is an M/M/c queue and
// must have Erlang C's mean wait. Arrivals: one flight whose passengers turn up uniformly over 40
// hours (independent draws, so a Poisson process given the count), straight to security.
import { describe, expect, it } from 'vitest';
import { mmc } from '../queueing/erlang';
import { simulateSync } from './run';

const clock = () => performance.now();

const HOURS = 40;
const PER_MINUTE = 10;

function securityDay(lanes: number, serviceMinutes: number) {
  return {
    kind: 'airport',
    seed: 13,
    replications: 10,
    turnup_profiles: [{ id: 'flat', bin_minutes: 30, earliest_minutes: HOURS * 60, shares: Array.from({ length: HOURS * 2 }, () => 100 / (HOURS * 2)) }],
    flights: [
      {
        id: 'XY1',
        airline: 'XY',
        std_minutes: HOURS * 60,
        passengers: HOURS * 60 * PER_MINUTE,
        turnup_profile: 'flat',
        segregations: [{ name: 'Y', share: 100 }],
      },
    ],
    resources: [{ id: 'S', type: 'security', positions: lanes, mean_service_minutes: serviceMinutes, service_cv: 1 }],
    flow: {
      splits: [{ airline: 'XY', segregation: 'Y', to: [{ node: 'SEC', proportion: 100 }] }],
      queues: [],
      outputs: [{ id: 'SEC', resources: ['S'] }],
    },
  };
}

function run(lanes: number, serviceMinutes: number) {
  const out = simulateSync(securityDay(lanes, serviceMinutes), {}, { clock });
  if (out.kind !== 'airport') throw new Error('expected an airport output');
  return out;
}

describe('security lanes against Erlang C', () => {
  it('five 0.4-minute lanes at 10 a minute (rho 0.8) have the M/M/5 mean wait (tolerance: CI + 5%)', () => {
    const theory = mmc(PER_MINUTE, 1 / 0.4, 5);
    const out = run(5, 0.4);
    const q = out.queues.SEC;
    const half = (q.wait_mean_ci95![1] - q.wait_mean_ci95![0]) / 2;
    expect(theory.meanWait).toBeCloseTo(0.2216, 3);
    expect(Math.abs(q.wait_mean_minutes - theory.meanWait)).toBeLessThanOrEqual(half + 0.05 * theory.meanWait);
    expect(q.served).toBe(HOURS * 60 * PER_MINUTE);
    // Utilisation counts lane-minutes: five lanes, each busy 80 % of the time.
    expect(out.resources.S.utilisation).toBeCloseTo(0.8, 2);
    // Open time is on the clock (about the 40 hours of turn-ups), not five times it.
    expect(out.resources.S.open_minutes).toBeGreaterThan(HOURS * 60 - 10);
    expect(out.resources.S.open_minutes).toBeLessThan(HOURS * 60 + 10);
    // Each bin's utilisation is over the five lanes too.
    expect(Math.max(...out.resources.S.utilisation_series.values.map((v) => v ?? 0))).toBeLessThanOrEqual(1);
  });

  it('one lane cannot keep up with the same passengers (the lanes are really parallel)', () => {
    // The same passengers at one lane load it four times over: they queue for hours.
    const theory = mmc(PER_MINUTE, 1 / 0.4, 5).meanWait;
    expect(run(1, 0.4).queues.SEC.wait_mean_minutes).toBeGreaterThan(100 * theory);
  });
});
