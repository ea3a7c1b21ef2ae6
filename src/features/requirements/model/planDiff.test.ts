// Plans of two scenarios compared by clock time: the ranges where the second needs more or fewer
// positions, in words, and the position-hours between them.
import { describe, expect, it } from 'vitest';
import { station, testPlan } from '../plan.fixture';
import { changeRanges, comparePlans, describeRange } from './planDiff';

describe('comparing two plans', () => {
  it('finds "+4 lanes 07:00-09:00" when the growth case needs four more lanes then', () => {
    const base = testPlan([2, 2, 2, 2, 2, 2, 2]);
    const growth = testPlan([2, 2, 6, 6, 6, 6, 2]);
    const differences = comparePlans(base, growth);
    const checkin = differences.find((d) => d.id === 'Zone A / common')!;
    const security = differences.find((d) => d.id === 'Security South / common')!;
    expect(security.ranges.map((r) => describeRange(r, security.kind))).toEqual(['+4 lanes 07:00-09:00']);
    expect(security.hours).toBe(8);
    expect(checkin).toMatchObject({ ranges: [], hours: 0, only: null });
  });

  it('says fewer positions with a minus, one position in the singular', () => {
    expect(describeRange({ from: 420, to: 450, change: -1 }, 'checkin')).toBe('\u22121 counter 07:00-07:30');
  });

  it('lines up plans with different origins and period lengths by clock time', () => {
    const hourly = { ...station('security', 'S', [3, 3], [], 4), period_minutes: 60 };
    const halfHourly = station('security', 'S', [3, 4, 3], [], 4);
    // First: 3 lanes 06:00-08:00. Second: 3, 4, 3 lanes from 06:30, so none 06:00-06:30 (-3)
    // and one more 07:00-07:30.
    expect(changeRanges(hourly, 360, halfHourly, 390)).toEqual([
      { from: 360, to: 390, change: -3 },
      { from: 420, to: 450, change: 1 },
    ]);
  });

  it('marks a group only one plan has', () => {
    const first = testPlan();
    const second = { ...testPlan(), stations: { 'Zone A / common': testPlan().stations['Zone A / common'] } };
    const security = comparePlans(first, second).find((d) => d.id === 'Security South / common')!;
    expect(security.only).toBe('first');
    expect(security.hours).toBe(-6.5);
  });
});
