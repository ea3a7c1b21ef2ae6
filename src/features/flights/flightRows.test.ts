import { describe, expect, it } from 'vitest';
import { buildFlightRows, countByFlight, formatLocalTime, parseLocalTime, shownCount, type Flight } from './flightRows';

const flight = (over: Partial<Flight>): Flight => ({
  source_id: null,
  airline_id: 1,
  flight_number: '1983',
  suffix: '',
  direction: 'departure',
  origin: 'JFK',
  destination: 'MCO',
  scheduled: '2017-01-02T10:05:00.000Z',
  aircraft_id: 8,
  seats: 150,
  seats_estimated: false,
  load_factor: 0.85,
  passengers: null,
  sector: 'domestic',
  terminal_id: 1,
  zone_id: 1,
  makeup_zone_id: 7,
  turnup_profile_id: 1,
  locked: false,
  id: 1,
  scenario_id: 1,
  created_at: '',
  updated_at: '',
  version: 1,
  ...over,
});

describe('formatLocalTime', () => {
  it("shows STD in the airport's local time", () => {
    expect(formatLocalTime('2017-01-02T10:05:00Z', 'America/New_York', '2017-01-02')).toBe('05:05');
    expect(formatLocalTime('2017-07-02T10:05:00Z', 'America/New_York', '2017-07-02')).toBe('06:05');
    expect(formatLocalTime('2017-01-02T10:05:00Z', 'Europe/London', '2017-01-02')).toBe('10:05');
  });

  it('marks a local day other than the design day', () => {
    expect(formatLocalTime('2017-01-03T04:30:00Z', 'America/New_York', '2017-01-02')).toBe('23:30');
    expect(formatLocalTime('2017-01-03T05:15:00Z', 'America/New_York', '2017-01-02')).toBe('00:15 +1');
    expect(formatLocalTime('2017-01-02T03:00:00Z', 'America/New_York', '2017-01-02')).toBe('22:00 -1');
  });
});

describe('parseLocalTime', () => {
  it('reads a typed local STD on the design day, the next day with +1', () => {
    expect(parseLocalTime('07:05', 'America/New_York', '2017-01-02', '2017-01-02T10:05:00Z')).toBe('2017-01-02T12:05:00.000Z');
    expect(parseLocalTime(' 7:05 ', 'America/New_York', '2017-01-02', '2017-01-02T10:05:00Z')).toBe('2017-01-02T12:05:00.000Z');
    expect(parseLocalTime('00:30 +1', 'America/New_York', '2017-01-02', '2017-01-02T10:05:00Z')).toBe('2017-01-03T05:30:00.000Z');
    expect(parseLocalTime('06:00', 'America/New_York', '2017-07-02', '2017-07-02T10:05:00Z')).toBe('2017-07-02T10:00:00.000Z');
  });

  it("uses the flight's own local day without a design date", () => {
    expect(parseLocalTime('23:00', 'America/New_York', null, '2017-01-03T02:00:00Z')).toBe('2017-01-03T04:00:00.000Z');
  });

  it('refuses what is not a time', () => {
    for (const text of ['', '7', '25:00', '07:60', 'noon']) expect(parseLocalTime(text, 'America/New_York', '2017-01-02', '2017-01-02T10:05:00Z')).toBeNull();
  });
});

describe('buildFlightRows', () => {
  const rows = buildFlightRows({
    flights: [flight({ id: 1 }), flight({ id: 2, airline_id: 99, aircraft_id: null, passengers: 120 })],
    airlines: [{ id: 1, code: 'B6', icao: '', name: 'JetBlue', scenario_id: 1, created_at: '', updated_at: '', version: 1 }],
    aircraft: [
      {
        id: 8,
        iata: '319',
        icao: 'A319',
        name: '',
        seats: 128,
        body: 'narrow',
        container_type: 'bulk',
        scenario_id: 1,
        created_at: '',
        updated_at: '',
        version: 1,
      },
    ],
    segregationCounts: countByFlight([{ flight_id: 1 }, { flight_id: 1 }, { flight_id: 3 }]),
    timeZone: 'America/New_York',
    designDate: '2017-01-02',
  });

  it('joins the airline code and the aircraft type, and counts segregations', () => {
    expect(rows[0]).toMatchObject({ airline_code: 'B6', aircraft_type: '319', std_local: '05:05', segregation_count: 2 });
    expect(rows[1]).toMatchObject({ airline_code: '?', aircraft_type: '', segregation_count: 0 });
  });

  it('derives passengers from seats and load factor when none are given', () => {
    expect(rows[0]).toMatchObject({ passengers_shown: 128, passengers_derived: true });
    expect(rows[1]).toMatchObject({ passengers_shown: 120, passengers_derived: false });
  });
});

describe('the flights count', () => {
  it('says how many the filters leave of how many', () => {
    expect(shownCount(null, 292)).toBe('292 flights');
    expect(shownCount(292, 292)).toBe('292 flights');
    expect(shownCount(40, 292)).toBe('40 of 292 flights shown');
    expect(shownCount(null, 1)).toBe('1 flight');
  });
});
