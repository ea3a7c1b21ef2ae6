import { describe, expect, it } from 'vitest';
import { describeJobResult, formatNumber } from './jobResult';

describe("a job's result in words", () => {
  it('tells an allocation as its card does', () => {
    expect(
      describeJobResult('allocation-makeup', {
        assigned: 328,
        unassigned: 1,
        unassigned_by_reason: { capacity: 1 },
        gap: 0.0023,
        optimal: false,
        wall_ms: 14231,
      }),
    ).toBe('328 placed, 1 not placed (1 no room) · gap 0.2 % · not proven optimal · 14.2 s');
  });

  it('counts what the rule jobs and the sizing did', () => {
    expect(describeJobResult('segregations-generate', { departures: 292, segregations: 320, passengers: 42039, bags: 18250 })).toBe(
      '320 segregations for 292 departures · 18,250 bags',
    );
    expect(describeJobResult('flight-import-rules-apply', { flights: 292, rules: 6, matches: 600, updated: 1 })).toBe('1 flight of 292 updated by 6 rules');
    expect(describeJobResult('simulation-size', { plan_id: 3, replications: 24, parts: 40, workers: { 'a:1': 20, 'b:2': 20 } })).toBe(
      'Plan saved · 24 replications per plan · 2 worker processes',
    );
  });

  it('reads any other result with words and units instead of a raw dump', () => {
    expect(describeJobResult('schedule-import', { imported: 1200, wall_ms: 14231, gap: 0.2328042328042328, format: 'csv', rows: [1] })).toBe(
      'imported: 1,200 · wall: 14.2 s · gap: 0.233 · format: csv',
    );
    expect(describeJobResult('schedule-import', null)).toBeNull();
    expect(formatNumber(1 / 3)).toBe('0.333');
  });
});
