import { describe, expect, it } from 'vitest';
import {
  describeCheckinNow,
  describeCheckinRun,
  describeMakeupNow,
  describeMakeupRun,
  describeSegregationsNow,
  type CheckinPreview,
  type MakeupPreview,
} from './allocationChanges';

const makeup: MakeupPreview = { segregations: 500, segregations_placed: 490, allocations: 520, allocations_removed: 517, locked_allocations_kept: 3 };
const checkin: CheckinPreview = {
  counters_per: 'airline',
  allocations: 180,
  allocations_removed: 150,
  locked_allocations_kept: 6,
  unlocked_allocations_kept: 24,
};

describe('allocation run changes', () => {
  it('says what a make-up run replaces and keeps, and asks nothing when it replaces nothing', () => {
    expect(describeMakeupRun(makeup)).toEqual([
      'The run replaces the 517 unlocked allocations on the make-up Gantt with its answer.',
      '3 locked allocations are kept as placed.',
    ]);
    expect(describeMakeupRun({ ...makeup, allocations_removed: 1, locked_allocations_kept: 0 })).toEqual([
      'The run replaces the 1 unlocked allocation on the make-up Gantt with its answer.',
    ]);
    expect(describeMakeupRun({ ...makeup, allocations: 3, allocations_removed: 0 })).toBeNull();
  });

  it('says what a check-in run replaces, and the airline windows a lock keeps', () => {
    expect(describeCheckinRun(checkin)).toEqual([
      'The run replaces the 150 unlocked counter allocations on the check-in Gantt with its answer.',
      '6 locked counter allocations are kept as placed, with 24 other allocations of the airline windows they hold.',
    ]);
    expect(describeCheckinRun({ ...checkin, counters_per: 'flight', locked_allocations_kept: 1, unlocked_allocations_kept: 0 })?.[1]).toBe(
      '1 locked counter allocation is kept as placed.',
    );
    expect(describeCheckinRun({ ...checkin, allocations_removed: 0 })).toBeNull();
  });

  it('tells how the allocations stand now', () => {
    expect(describeMakeupNow(makeup)).toBe('Now: 520 allocations (3 locked) for 490 of 500 segregations.');
    expect(describeMakeupNow({ ...makeup, allocations: 1, segregations: 1, segregations_placed: 1, locked_allocations_kept: 0 })).toBe(
      'Now: 1 allocation (0 locked) for 1 of 1 segregation.',
    );
    expect(describeCheckinNow(checkin)).toBe('Now: 180 counter allocations (6 locked).');
    expect(describeSegregationsNow(makeup)).toBe('Now: 500 segregations, 490 with a make-up allocation.');
  });
});
