import { describe, expect, it } from 'vitest';
import { firstMatch, matchesFlight, type FlightFacts } from './matchFlight';

const b6: FlightFacts = {
  airline_code: 'B6',
  flight_number: 901,
  other_airport: 'FLL',
  sector: 'domestic',
  body: 'narrow',
  aircraft_type: '320',
  weekday: 1,
  minute_of_day: 5 * 60 + 20,
};

describe('matchesFlight', () => {
  it('matches everything with no criteria', () => {
    expect(matchesFlight({}, b6)).toBe(true);
  });

  it('checks each criterion', () => {
    expect(matchesFlight({ airline_codes: ['B6', 'AA'] }, b6)).toBe(true);
    expect(matchesFlight({ airline_codes: ['DL'] }, b6)).toBe(false);
    expect(matchesFlight({ destinations: ['LHR'] }, b6)).toBe(false);
    expect(matchesFlight({ sector: 'international' }, b6)).toBe(false);
    expect(matchesFlight({ body: 'wide' }, b6)).toBe(false);
    expect(matchesFlight({ aircraft_types: ['320'] }, b6)).toBe(true);
    expect(
      matchesFlight(
        {
          flight_number_ranges: [
            [1, 99],
            [900, 999],
          ],
        },
        b6,
      ),
    ).toBe(true);
    expect(matchesFlight({ flight_number_ranges: [[1, 99]] }, b6)).toBe(false);
    expect(matchesFlight({ days: [6, 7] }, b6)).toBe(false);
    expect(matchesFlight({ time_of_day: [300, 360] }, b6)).toBe(true);
    expect(matchesFlight({ time_of_day: [320, 360] }, b6)).toBe(true);
    expect(matchesFlight({ time_of_day: [0, 320] }, b6)).toBe(false);
  });

  it('handles a time window across midnight', () => {
    expect(matchesFlight({ time_of_day: [1320, 360] }, b6)).toBe(true);
    expect(matchesFlight({ time_of_day: [1320, 360] }, { ...b6, minute_of_day: 720 })).toBe(false);
  });

  it('needs a segregation name when the rule names some', () => {
    expect(matchesFlight({ segregation_names: ['J'] }, b6)).toBe(false);
    expect(matchesFlight({ segregation_names: ['J'] }, { ...b6, segregation_name: 'J' })).toBe(true);
  });
});

describe('firstMatch', () => {
  it('takes the lowest priority number, then the oldest rule', () => {
    const rules = [
      { id: 3, priority: 50, match: {} },
      { id: 1, priority: 10, match: { airline_codes: ['DL'] } },
      { id: 2, priority: 50, match: { sector: 'domestic' as const } },
    ];
    expect(firstMatch(rules, b6)?.id).toBe(2);
    expect(firstMatch(rules, { ...b6, airline_code: 'DL' })?.id).toBe(1);
    expect(firstMatch([], b6)).toBeUndefined();
  });
});
