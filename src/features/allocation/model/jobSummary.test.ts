// Allocation job results in words: placed and not placed with reasons, gap and optimality.
import { describe, expect, it } from 'vitest';
import { summariseAllocationResult } from './jobSummary';

describe('summariseAllocationResult', () => {
  it('words a make-up result', () => {
    expect(
      summariseAllocationResult({ assigned: 410, unassigned: 3, unassigned_by_reason: { capacity: 2, too_wide: 1 }, gap: 0.05, optimal: false, wall_ms: 2400 }),
    ).toEqual({
      headline: '410 placed, 3 not placed (2 no room, 1 needs more positions than any resource has)',
      details: ['gap 5.0 %', 'not proven optimal', '2.4 s'],
    });
  });

  it('words each term of a make-up result against its own bound, not the weighted gap', () => {
    const result = {
      assigned: 311,
      unassigned: 18,
      unassigned_by_reason: { capacity: 18 },
      objective: { unassigned: 18, split_flights: 41, peak: 4 },
      bound: { unassigned: 18, split_flights: 35, peak: 4 },
      gap: 0.0017,
      optimal: false,
      wall_ms: 30000,
    };
    expect(summariseAllocationResult(result)).toEqual({
      headline: '311 placed, 18 not placed (18 no room)',
      details: [
        '18 segregations without a position: proven minimum',
        '41 flights split over several make-up resources: at most 6 more than the best possible',
        'busiest resource 4 positions in use at once: proven minimum',
        'not proven optimal',
        '30.0 s',
      ],
    });
  });

  it('words a check-in result per flight (and one from before the option, which was per flight)', () => {
    const result = {
      counters_per: 'flight',
      departures: 292,
      entries: 292,
      placed: 290,
      unplaced: 2,
      unplaced_by_reason: { capacity: 2 },
      counter_share: 100,
      peak_counters_needed: 120,
      counters_available: 110,
      gap: 0.01,
      optimal: false,
    };
    expect(summariseAllocationResult(result)).toEqual({
      headline: '290 flights placed, 2 not placed (2 no room)',
      details: ['peak 120 of 110 counters needed at once', 'gap 1.0 %', 'not proven optimal'],
    });
    expect(summariseAllocationResult({ placed: 1, unplaced: 0, unplaced_by_reason: {}, gap: 0, optimal: true, peak_counters_needed: 31 })).toEqual({
      headline: '1 flight placed, 0 not placed',
      details: ['peak 31 counters needed', 'gap 0.0 %', 'proven optimal'],
    });
  });

  it('words a common check-in result: airline windows, the departures they cover, the counter share and kept locks', () => {
    const result = {
      counters_per: 'airline',
      departures: 292,
      entries: 7,
      placed: 7,
      unplaced: 0,
      unplaced_by_reason: {},
      counter_share: 45,
      kept_blocks: 2,
      peak_counters_needed: 71,
      counters_available: 110,
      gap: 0,
      optimal: true,
      wall_ms: 8900,
    };
    expect(summariseAllocationResult(result)).toEqual({
      headline: '7 airline windows placed, 0 not placed · common check-in for 292 departures',
      details: [
        'peak 71 of 110 counters needed at once',
        'sized for the 45 % of passengers who check in at a counter',
        '2 locked blocks kept',
        'gap 0.0 %',
        'proven optimal',
        '8.9 s',
      ],
    });
  });

  it('words generated segregations and no result', () => {
    expect(summariseAllocationResult({ departures: 292, segregations: 584 })?.headline).toBe('584 segregations generated');
    expect(summariseAllocationResult(null)).toBeNull();
  });
});
