// The plan in the planner's terms: clock-time periods, position-hours, the order of the groups,
// the step line and the words for saved or added hours.
import { describe, expect, it } from 'vitest';
import { testPlan } from '../plan.fixture';
import { activePeriods, hoursByKind, periodLabel, planGroups, positionHours, savedOrAdded, stepPoints } from './plan';

describe('the requirements plan', () => {
  it('labels periods as clock times from the origin, past midnight too', () => {
    expect(periodLabel(360, 30, 0)).toBe('06:00-06:30');
    expect(periodLabel(360, 30, 3)).toBe('07:30-08:00');
    expect(periodLabel(1410, 60, 0)).toBe('23:30-00:30 +1');
  });

  it('counts position-hours as positions times period length', () => {
    expect(positionHours([2, 4, 4, 3], 30)).toBe(6.5);
    expect(positionHours([1, 1], 15)).toBe(0.5);
    expect(positionHours([], 30)).toBe(0);
  });

  it('orders check-in before security and sums hours per kind beside the current plan', () => {
    const plan = testPlan();
    expect(planGroups(plan).map((g) => g.id)).toEqual(['Zone A / common', 'Security South / common']);
    expect(hoursByKind(plan)).toEqual([
      { kind: 'checkin', hours: 8, currentHours: 12 },
      { kind: 'security', hours: 6.5, currentHours: 12 },
    ]);
  });

  it('says hours saved, added or the same', () => {
    expect(savedOrAdded(6.5, 12, 'security')).toBe('5.5 lane-hours saved');
    expect(savedOrAdded(14, 12, 'checkin')).toBe('2 counter-hours added');
    expect(savedOrAdded(12, 12, 'kiosk')).toBe('same kiosk-hours');
  });

  it('draws each period as a flat step from its start to its end', () => {
    expect(stepPoints([2, 5], 360, 30).map((p) => [p.x, p.y])).toEqual([
      [360, 2],
      [390, 2],
      [390, 5],
      [420, 5],
    ]);
  });

  it("draws a group's charts from its first open period to its last, not from the day's first passenger", () => {
    expect(activePeriods([0, 0, 1, 3, 0, 2, 0], [0, 0, 0, 2, 2, 0, 0])).toEqual([2, 6]);
    expect(activePeriods([0, 4], [1, 0, 0])).toEqual([0, 2]);
    expect(activePeriods([0, 0], [0, 0])).toEqual([0, 2]);
  });
});
