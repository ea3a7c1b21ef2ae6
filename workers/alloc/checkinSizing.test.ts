// Counter sizing: passengers conserved, every FIFO deadline met, no counter to spare, phases.
import { describe, expect, it } from 'vitest';
import { phasesOf, sizeFlight, type SizingRules } from './checkinSizing';
import { waitExceeds } from '../queueing/erlang';

const rules: SizingRules = { slotMinutes: 5, serviceSeconds: 120, maxQueueMinutes: 20, serviceLevel: 0.95 };
const flat = Array.from({ length: 12 }, (_, k) => ({ before: 120 - 5 * k, share: 1 }));

describe('sizeFlight', () => {
  it('spreads passengers over the profile slots and keeps the whole load', () => {
    const sized = sizeFlight('BA1', { open: 480, close: 560, std: 600, passengers: 240 }, flat, rules);
    expect(sized.slots.length).toBe(16);
    expect(sized.slots[0].start).toBe(480);
    const total = sized.slots.reduce((sum, s) => sum + s.arrivals, 0) + sized.missed;
    expect(total).toBeCloseTo(240, 9);
    // Profile slots 120..65 minutes before STD fall inside 480..560; the rest turn up after close.
    expect(sized.missed).toBeCloseTo(0, 9);
  });

  it('serves every passenger within the maximum queue time with the fewest counters', () => {
    const sized = sizeFlight('BA1', { open: 480, close: 600, std: 600, passengers: 300 }, flat, rules);
    const perCounter = 2.5; // 5 minutes of 120-second transactions
    const lag = 4; // 20 minutes in 5-minute slots
    const n = sized.slots.length;
    const arrived: number[] = [];
    const served: number[] = [];
    let a = 0;
    sized.slots.forEach((slot) => {
      arrived.push((a += slot.arrivals));
      served.push(a - slot.backlog);
    });
    const due = (k: number) => (k === n - 1 ? arrived[k] : k >= lag ? arrived[k - lag] : 0);
    sized.slots.forEach((slot, j) => {
      // Deadline met, and never more served than has arrived.
      expect(served[j]).toBeGreaterThanOrEqual(due(j) - 1e-9);
      expect(served[j] - (j ? served[j - 1] : 0)).toBeLessThanOrEqual(slot.counters * perCounter + 1e-9);
      expect(slot.wait_over_max).toBeLessThanOrEqual(0.05);
      expect(slot.wait_over_max).toBeCloseTo(waitExceeds(slot.counters, slot.arrivals / 5, 0.5, 20), 12);
      // One counter fewer from here on misses a deadline, fails Erlang C, or closes the desk.
      const fewer = slot.counters - 1;
      const before = j ? served[j - 1] : 0;
      let missesDeadline = false;
      for (let k = j; k < n; k++) if (before + fewer * perCounter * (k - j + 1) < due(k) - 1e-9) missesDeadline = true;
      const failsErlang = waitExceeds(fewer, slot.arrivals / 5, 0.5, 20) > 0.05;
      expect(fewer < 1 || missesDeadline || failsErlang).toBe(true);
    });
    expect(sized.slots.at(-1)!.backlog).toBeCloseTo(0, 9);
  });

  it('opens a counter even for an empty slot and splits the window into phases', () => {
    const sized = sizeFlight('BA1', { open: 470, close: 560, std: 600, passengers: 240 }, flat, rules);
    expect(sized.slots[0].arrivals).toBe(0);
    expect(sized.slots[0].counters).toBe(1);
    const phases = phasesOf(sized);
    expect(phases[0][0]).toBe(0);
    expect(phases.at(-1)![1]).toBe(sized.slots.length);
    for (let k = 1; k < phases.length; k++) {
      expect(phases[k][0]).toBe(phases[k - 1][1]);
      expect(phases[k][2]).not.toBe(phases[k - 1][2]);
    }
  });

  it('keeps each phase at least the given number of slots, at the highest need of its slots', () => {
    const sized = sizeFlight('BA1', { open: 470, close: 560, std: 600, passengers: 240 }, flat, rules);
    const phases = phasesOf(sized, 6);
    expect(phases[0][0]).toBe(0);
    expect(phases.at(-1)![1]).toBe(sized.slots.length);
    for (const [a, b, width] of phases) {
      expect(b - a === sized.slots.length - a || (b - a) % 6 === 0).toBe(true);
      expect(width).toBe(Math.max(...sized.slots.slice(a, b).map((s) => s.counters)));
    }
    for (let k = 1; k < phases.length; k++) expect(phases[k][2]).not.toBe(phases[k - 1][2]);
    expect(phases.length).toBeLessThan(phasesOf(sized).length);
  });

  it('needs more counters for more passengers', () => {
    const small = sizeFlight('A', { open: 480, close: 600, std: 600, passengers: 100 }, flat, rules);
    const big = sizeFlight('B', { open: 480, close: 600, std: 600, passengers: 400 }, flat, rules);
    const peak = (s: typeof small) => Math.max(...s.slots.map((x) => x.counters));
    expect(peak(big)).toBeGreaterThan(peak(small));
  });
});
