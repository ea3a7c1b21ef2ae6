// The scenario's provenance in words (the season overview's first lines), and the growth form's
// CODE=VALUE lists.
import { describe, expect, it } from 'vitest';
import { provenanceWords } from './model/provenanceWords';
import { parsePairs, parseSectors } from './GrowPanel';

describe('provenance in words', () => {
  it('says where the design day came from and how the scenario grew', () => {
    expect(
      provenanceWords({
        design_day: {
          file_id: 3,
          file_name: 'jfk-2017.csv',
          rule: 'nth-busiest',
          n: 30,
          date: '2017-07-21',
          why: 'the 30th busiest of 365 days: 1,020 departures',
        },
        growth: {
          from_scenario_id: 1,
          from_scenario_name: 'Base',
          year: 2035,
          factor: 1.25,
          airline_factors: { B6: 1.4 },
          sector_factors: { international: 1.3 },
          seed: 7,
          added_by_airline: { B6: 40, VX: 0 },
          removed_by_airline: { B6: 0, VX: 13 },
          load_factor: 0.9,
          upgauge: { '320': '321' },
          upgauged_flights: 52,
          new_flights: Array.from({ length: 40 }, (_, k) => ({ airline: 'B6', flight_number: String(3000 + k), std: '07:00', repeats: 'B6 901' })),
          removed_flights: Array.from({ length: 13 }, (_, k) => ({ airline: 'VX', flight_number: String(400 + k), std: '09:00' })),
        },
      }),
    ).toEqual([
      'Design day 2017-07-21 from jfk-2017.csv: the 30th busiest of 365 days: 1,020 departures.',
      'Grown from Base for 2035 by × 1.25 (B6 × 1.4, international × 1.3), seed 7: 40 new flights, 13 flights removed; 320 → 321 (52 flights); load factor 0.9.',
    ]);
    expect(provenanceWords({})).toEqual([]);
  });

  it('reads CODE=VALUE lists, and refuses anything else', () => {
    expect(parsePairs('b6=1.4, AA 1.1; dl:1.2')).toEqual({ B6: '1.4', AA: '1.1', DL: '1.2' });
    expect(parsePairs('320=321')).toEqual({ '320': '321' });
    expect(parsePairs('')).toEqual({});
    expect(parsePairs('B6 is 1.4')).toBeNull();
    expect(parseSectors('International=1.4, domestic 1.1')).toEqual({ international: 1.4, domestic: 1.1 });
    expect(parseSectors('europe=1.2')).toBeNull();
  });
});
