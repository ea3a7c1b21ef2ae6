// Allocation job results in words: placed and not placed with reasons, gap and optimality.
import { describe, expect, it } from 'vitest';
import { summariseAllocationResult } from './jobSummary';

describe('summariseAllocationResult', () => {
  it('words a make-up result', () => {
    expect(summariseAllocationResult({ assigned: 410, unassigned: 3, unassigned_by_reason: { capacity: 2, too_wide: 1 }, gap: 0.05, optimal: false, wall_ms: 2400 })).toEqual({
      headline: '410 placed, 3 not placed (2 no room, 1 needs more positions than any resource has)',
      details: ['gap 5.0 %', 'not proven optimal', '2.4 s'],
    });
  });

  it('words a check-in result', () => {
    expect(summariseAllocationResult({ placed: 290, unplaced: 0, unplaced_by_reason: {}, gap: 0, optimal: true, peak_counters_needed: 31 })).toEqual({
      headline: '290 placed, 0 not placed',
      details: ['peak 31 counters needed', 'gap 0.0 %', 'proven optimal'],
    });
  });

  it('words generated segregations and no result', () => {
    expect(summariseAllocationResult({ departures: 292, segregations: 584 })?.headline).toBe('584 segregations generated');
    expect(summariseAllocationResult(null)).toBeNull();
  });
});
