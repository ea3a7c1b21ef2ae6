// The flights grid's allocation columns: resource and positions per segregation, the window over
// all positions, bags and containers summed, locked yes/no/partly.
import { describe, expect, it } from 'vitest';
import { dayClock } from '../../../workers/report/time';
import { flightAllocations } from './allocationColumns';

const clock = dayClock('2017-01-02', 'America/New_York');
const row = (segregation: number, resource: number, position: number, start: string, end: string, locked = false) => ({
  flight_id: 7,
  segregation_id: segregation,
  resource_id: resource,
  position_index: position,
  start,
  end,
  bags: 40,
  containers: 1,
  locked,
});

describe('flightAllocations', () => {
  it("sums a flight's positions per segregation and over the flight", () => {
    const map = flightAllocations(
      [
        row(1, 10, 2, '2017-01-02T07:35:00Z', '2017-01-02T09:25:00Z', true),
        row(1, 10, 0, '2017-01-02T07:35:00Z', '2017-01-02T09:25:00Z'),
        row(2, 11, 0, '2017-01-02T07:05:00Z', '2017-01-02T09:10:00Z'),
      ],
      [
        { id: 10, name: 'Carousel 1' },
        { id: 11, name: 'Chute 1' },
      ],
      [
        { id: 1, name: 'Y', flight_id: 7, bags: 80 },
        { id: 2, name: 'J', flight_id: 7, bags: 40 },
        // Not placed: a segregation of flight 7, and the only one of flight 8; flight 9's has no bags.
        { id: 3, name: 'TRANSFER', flight_id: 7, bags: 25 },
        { id: 4, name: 'Y', flight_id: 8, bags: 324 },
        { id: 5, name: 'Y', flight_id: 9, bags: 0 },
      ],
      clock,
    );
    expect(map.get(7)).toEqual({
      makeup: 'J: Chute 1 P1 · Y: Carousel 1 P1, P3 · TRANSFER: not placed',
      makeup_window: '02:05–04:25',
      bags_allocated: 120,
      bags_not_placed: 25,
      containers: 3,
      allocation_locked: 'partly',
    });
    expect(map.get(8)).toMatchObject({ makeup: 'Y: not placed', bags_allocated: 0, bags_not_placed: 324 });
    expect(map.has(9)).toBe(false);
  });

  it('marks nothing as not placed before the make-up allocation has placed anything', () => {
    expect(flightAllocations([], [], [{ id: 4, name: 'Y', flight_id: 8, bags: 324 }], clock).size).toBe(0);
  });
});
