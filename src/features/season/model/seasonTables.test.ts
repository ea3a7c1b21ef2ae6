// The season overview's tables: the busiest days in rank order with their weekday and peak hour,
// one day's peak hours with the season's TPHP, and the design day's peaks by terminal and airline.
import { describe, expect, it } from 'vitest';
import type { SeasonDay } from '../../../../workers/schedule/season';
import type { Season } from '../seasonApi';
import { busiestDaysTable, groupPeaksTable, peakHoursTable } from './seasonTables';

const window = (count: number, start: string) => ({ count, start });
const day = (date: string, departures: number, seats: number): SeasonDay => ({
  date,
  departures,
  seats,
  passengers: Math.round(seats * 0.8),
  peak: { departures: window(Math.round(departures / 8), '07:40'), seats: window(seats / 8, '07:45'), passengers: window(seats / 10, '07:45') },
});
const season: Season = {
  file_id: 1,
  name: 'jfk.csv',
  airport: 'JFK',
  time_zone: 'America/New_York',
  period: { from: '2017-01-01', to: '2017-01-03' },
  days: [day('2017-01-01', 280, 36_000), day('2017-01-02', 292, 37_200), day('2017-01-03', 280, 36_800)],
  tphp: { count: 4_600, rule: 'FAA …', annual_passengers: 11_500_000 },
};

describe('season tables', () => {
  it('ranks the busiest days: departures, then seats', () => {
    const table = busiestDaysTable(season.days, 30);
    expect(table.name).toBe('The 3 busiest days');
    expect(table.rows.map((r) => [r.rank, r.date, r.weekday, r.departures, r.peak])).toEqual([
      [1, '2017-01-02', 'Mon', 292, 37],
      [2, '2017-01-03', 'Tue', 280, 35],
      [3, '2017-01-01', 'Sun', 280, 35],
    ]);
    expect(busiestDaysTable(season.days, 2).rows).toHaveLength(2);
  });

  it("gives a day's peak hours with the season's typical peak hour passengers, and nothing for a day not in it", () => {
    expect(peakHoursTable(season, '2017-01-03')!.rows).toEqual([
      { measure: 'departures', count: 35, start: '07:40' },
      { measure: 'seats', count: 4_600, start: '07:45' },
      { measure: 'passengers', count: 3_680, start: '07:45' },
      { measure: 'typical peak hour passengers (season)', count: 4_600, start: '' },
    ]);
    expect(peakHoursTable(season, '2017-02-01')).toBeNull();
  });

  it('lists the airport, then each terminal and airline', () => {
    const g = (group: string, n: number) => ({ group, departures: window(n, '07:40'), seats: window(n * 150, '07:45'), passengers: window(n * 120, '07:45') });
    const table = groupPeaksTable({
      design_date: '2017-01-02',
      time_zone: 'America/New_York',
      all: g('All departures', 36),
      terminals: [g('T5', 20)],
      airlines: [g('B6', 18), g('AA', 9)],
    });
    expect(table.name).toBe('Peak hours of the design day 2017-01-02 by terminal and airline');
    expect(table.rows.map((r) => [r.kind, r.group, r.departures, r.passengers_from])).toEqual([
      ['Airport', 'All departures', 36, '07:45'],
      ['Terminal', 'T5', 20, '07:45'],
      ['Airline', 'B6', 18, '07:45'],
      ['Airline', 'AA', 9, '07:45'],
    ]);
  });
});
