import { describe, expect, it } from 'vitest';
import { describeSegregationChanges, losesWork, type SegregationPreview } from './segregationChanges';

const none: SegregationPreview = {
  departures: 292,
  segregations: 500,
  segregations_added: 0,
  segregations_updated: 0,
  segregations_removed: 0,
  segregations_unchanged: 500,
  allocations_removed: 0,
  allocations_kept: 345,
  locked_allocations_kept: 0,
  locked_segregations_kept: 0,
};

describe('segregation changes', () => {
  it('asks only when segregations or allocations would go', () => {
    expect(losesWork(none)).toBe(false);
    expect(losesWork({ ...none, segregations_added: 4, segregations_updated: 9 })).toBe(false);
    expect(losesWork({ ...none, segregations_removed: 1 })).toBe(true);
    expect(losesWork({ ...none, allocations_removed: 1 })).toBe(true);
  });

  it('says what is removed and what is kept', () => {
    const lines = describeSegregationChanges({
      ...none,
      segregations_removed: 11,
      locked_segregations_kept: 1,
      allocations_removed: 14,
      locked_allocations_kept: 3,
      segregations_added: 12,
      allocations_kept: 331,
    });
    expect(lines).toEqual([
      '12 segregations the rules no longer make are replaced; their 14 baggage allocations will be removed.',
      '3 locked allocations are kept, with 1 segregation the rules no longer make.',
      '12 new segregations. 331 allocations kept in all.',
    ]);
    expect(describeSegregationChanges({ ...none, allocations_removed: 1, segregations_removed: 1, segregations_updated: 2 })).toEqual([
      '1 segregation the rules no longer make is replaced; its 1 baggage allocation will be removed.',
      '0 new segregations. 2 segregations with new shares or bags keep their allocations. 345 allocations kept in all.',
    ]);
  });
});
