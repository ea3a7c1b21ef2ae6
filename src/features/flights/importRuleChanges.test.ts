import { describe, expect, it } from 'vitest';
import { describeImportRuleChanges, type ImportRulesPreview } from './importRuleChanges';

const unchanged: ImportRulesPreview = {
  flights: 292,
  rules: 4,
  flights_matched: 292,
  flights_changed: 0,
  locked_flights_kept: 0,
  fields_changed: { terminal_id: 0, zone_id: 0, makeup_zone_id: 0, load_factor: 0, turnup_profile_id: 0, sector: 0 },
};

describe('import rule changes', () => {
  it('asks nothing when no flight would change', () => {
    expect(describeImportRuleChanges(unchanged)).toBeNull();
  });

  it('names the flights and the values the rules overwrite', () => {
    expect(
      describeImportRuleChanges({ ...unchanged, flights_changed: 45, fields_changed: { ...unchanged.fields_changed, zone_id: 12, load_factor: 45 } }),
    ).toEqual([
      '45 flights of 292 get new values from the rules: check-in zone on 12, load factor on 45.',
      'A value set on those flights by hand is overwritten; lock a flight to keep it. Allocations, locked or not, stay as they are.',
    ]);
    expect(
      describeImportRuleChanges({ ...unchanged, flights_changed: 1, fields_changed: { ...unchanged.fields_changed, turnup_profile_id: 1, sector: 1 } }),
    ).toEqual([
      '1 flight of 292 gets new values from the rules: turn-up profile, sector.',
      'A value set on that flight by hand is overwritten; lock a flight to keep it. Allocations, locked or not, stay as they are.',
    ]);
  });

  it('says how many locked flights keep their own values', () => {
    expect(
      describeImportRuleChanges({ ...unchanged, flights_changed: 3, locked_flights_kept: 2, fields_changed: { ...unchanged.fields_changed, zone_id: 3 } }),
    ).toEqual([
      '3 flights of 292 get new values from the rules: check-in zone on 3.',
      '2 locked flights keep their own values.',
      'A value set on those flights by hand is overwritten; lock a flight to keep it. Allocations, locked or not, stay as they are.',
    ]);
  });
});
