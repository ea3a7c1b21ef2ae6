// The design-day rules on a small hand-made season with known answers, and one day's peak hours
// against a hand count.
import { describe, expect, it } from 'vitest';
import { dailyTotals, designDay, peakHours, peakHoursByGroup, rankDays, SeasonError, type DayTotals, type SeasonFlight } from './season';

const day = (date: string, departures: number, seats = departures * 150): DayTotals => ({ date, departures, seats, passengers: Math.round(seats * 0.8) });

// June 2017 starts on a Thursday. Two weeks of June and one of July; July has fewer days in the
// file but the busiest one.
const season: DayTotals[] = [
  // Thu 1 to Wed 14 June
  ...[100, 120, 90, 80, 100, 100, 100, 104, 126, 92, 80, 98, 100, 96].map((n, k) => day(`2017-06-${String(k + 1).padStart(2, '0')}`, n)),
  // Thu 6 to Mon 10 July
  day('2017-07-06', 110),
  day('2017-07-07', 130, 19_000),
  day('2017-07-08', 130, 19_500),
  day('2017-07-09', 85),
  day('2017-07-10', 95),
];

describe('design days', () => {
  it('ranks by departures, then seats, then the earlier date', () => {
    const ranked = rankDays([day('2017-01-03', 5, 700), day('2017-01-02', 5, 700), day('2017-01-01', 5, 800), day('2017-01-04', 6, 10)]);
    expect(ranked.map((d) => d.date)).toEqual(['2017-01-04', '2017-01-01', '2017-01-02', '2017-01-03']);
  });

  it('busiest: the day with most departures, more seats breaking the tie', () => {
    const d = designDay(season, 'busiest');
    expect(d).toMatchObject({ date: '2017-07-08', departures: 130, seats: 19_500, rule: 'busiest' });
    expect(d.why).toBe('the busiest of 19 days: 130 departures (days ranked by departures, ties by seats, then the earlier date)');
  });

  it('nth-busiest: the nth of the ranking', () => {
    expect(designDay(season, 'nth-busiest', 3)).toMatchObject({ date: '2017-06-09', departures: 126, n: 3 });
    // 4 and 11 June tie at 80 departures and 12,000 seats: the earlier ranks first, the later last.
    expect(designDay(season, 'nth-busiest', 18)).toMatchObject({ date: '2017-06-04', departures: 80 });
    expect(designDay(season, 'nth-busiest', 19)).toMatchObject({ date: '2017-06-11', departures: 80 });
    expect(designDay(season, 'nth-busiest', 3).why).toMatch(/^the 3rd busiest of 19 days/);
  });

  it('nth-busiest: refuses n beyond the days, below 1 or missing, naming n', () => {
    const refused = (n: number | undefined) => {
      try {
        designDay(season, 'nth-busiest', n);
      } catch (error) {
        expect(error).toBeInstanceOf(SeasonError);
        return (error as SeasonError).message;
      }
      throw new Error('not refused');
    };
    expect(refused(20)).toBe('n: 20 is beyond the 19 days in the file');
    expect(refused(0)).toBe('n: must be a whole number of at least 1, not 0');
    expect(refused(2.5)).toBe('n: must be a whole number of at least 1, not 2.5');
    expect(refused(undefined)).toMatch(/^n: the nth-busiest rule needs --n/);
  });

  it('peak-month-average: the day of the busiest month closest to its mean', () => {
    // June: 1,386 departures on 14 days (99 a day); July: 550 on 5. Days at 100: the 1st, 5th,
    // 6th, 7th and 13th, all 15,000 seats against a mean of 14,850: the earliest.
    const d = designDay(season, 'peak-month-average');
    expect(d).toMatchObject({ date: '2017-06-01', departures: 100 });
    expect(d.why).toBe(
      'the average day of the peak month: 2017-06 has the most departures (1386 on 14 days, 99 a day); this day is the closest to that average',
    );
  });

  it('average-week-peak: the weekday with the highest average, its day closest to that average', () => {
    // Fridays: 120 (2 June), 126 (9 June), 130 (7 July): mean 125.3, so 9 June.
    const d = designDay(season, 'average-week-peak');
    expect(d).toMatchObject({ date: '2017-06-09', departures: 126 });
    expect(d.why).toBe(
      'the peak day of the average week: Fridays average 125.3 departures, the most of any weekday; this Friday is the closest to that average',
    );
  });

  it('says so when the file has no departures', () => {
    expect(() => designDay([], 'busiest')).toThrow('file: has no departures at the airport');
  });
});

describe('peak hours', () => {
  const flight = (time: string, seats: number): SeasonFlight => {
    const [h, m] = time.split(':').map(Number);
    return {
      date: '2017-06-09',
      minute: h * 60 + m,
      airline: 'B6',
      flight_number: '1',
      destination: 'BOS',
      aircraft_type: '320',
      seats,
      passengers: Math.round(seats * 0.5),
    };
  };
  // By hand: 06:10-07:10 holds 06:10, 06:55, 07:00 and 07:05 (4 departures); the most seats in
  // an hour are 07:05 + 08:00 (300 + 400 = 700, from 07:05; 07:00 to 08:00 leaves 08:00 out).
  const flights = ['06:00 100', '06:10 100', '06:55 100', '07:00 100', '07:05 300', '08:00 400'].map((s) => flight(s.split(' ')[0], Number(s.split(' ')[1])));

  it('finds the busiest rolling hour in 5-minute steps, the earliest on ties', () => {
    const peaks = peakHours(flights, dailyTotals(flights));
    expect(peaks.departures).toEqual({ count: 4, start: '06:10' });
    expect(peaks.seats).toEqual({ count: 700, start: '07:05' });
    expect(peaks.passengers).toEqual({ count: 350, start: '07:05' });
  });

  it('gives the typical peak hour passengers by the FAA share of the size class', () => {
    // 550 passengers on one day: 200,750 a year departing, 401,500 both ways: 0.130 %.
    const { tphp } = peakHours(flights, dailyTotals(flights));
    expect(tphp.annual_passengers).toBe(200_750);
    expect(tphp.count).toBe(Math.round(200_750 * 0.0013));
    expect(tphp.rule).toBe(
      "FAA typical peak hour passengers: 0.130 % of the annual departing passengers (airport of 100,000 or more a year both ways); the file's 1 day scaled to 365",
    );
  });
});

describe('peak hours by group', () => {
  const at = (time: string, airline: string, terminal: string | undefined, passengers: number): SeasonFlight => {
    const [h, m] = time.split(':').map(Number);
    return {
      date: '2017-06-09',
      minute: h * 60 + m,
      airline,
      flight_number: '1',
      destination: 'BOS',
      aircraft_type: '',
      seats: passengers,
      passengers,
      ...(terminal && { terminal }),
    };
  };
  it('gives each terminal and airline its own busiest hour, busiest first', () => {
    const day = [
      at('06:00', 'B6', 'T5', 100),
      at('06:30', 'B6', 'T5', 100),
      at('09:00', 'AA', 'T8', 150),
      at('09:20', 'AA', 'T8', 150),
      at('09:40', 'DL', undefined, 90),
    ];
    const peaks = peakHoursByGroup(day);
    // The earliest window holding the most: from 55 minutes before the last departure in it.
    expect(peaks.all).toMatchObject({ group: 'All departures', passengers: { count: 390, start: '08:45' } });
    expect(peaks.terminals.map((g) => [g.group, g.passengers.count, g.passengers.start])).toEqual([
      ['T8', 300, '08:25'],
      ['T5', 200, '05:35'],
    ]);
    expect(peaks.airlines.map((g) => [g.group, g.departures.count, g.departures.start])).toEqual([
      ['AA', 2, '08:25'],
      ['B6', 2, '05:35'],
      ['DL', 1, '08:45'],
    ]);
  });
});
