// The sizing settings' checks and the document they make.
import { describe, expect, it } from 'vitest';
import type { AirportInput } from '../../../../common/scenario/documentInput';
import { DEFAULT_SIZING_SETTINGS, sizingDocument, validateSizingSettings } from './sizingSettings';
import { testPlan } from '../plan.fixture';
import { planTable, summaryTable } from './planTables';

describe('sizing settings', () => {
  it('accepts the defaults (95 %, 30 minutes) and names each bad field', () => {
    expect(validateSizingSettings(DEFAULT_SIZING_SETTINGS)).toEqual({});
    const errors = validateSizingSettings({ sharePercent: 100, periodMinutes: 7 });
    expect(errors.sharePercent).toMatch(/50 to 99.9/);
    expect(errors.periodMinutes).toMatch(/15, 20, 30, 60/);
    expect(validateSizingSettings({ sharePercent: Number.NaN, periodMinutes: 30 }).sharePercent).toBeDefined();
  });

  it('adds the share as a fraction and the period to the document', () => {
    const document = { kind: 'airport', seed: 1, replications: 4 } as AirportInput;
    expect(sizingDocument(document, { sharePercent: 90, periodMinutes: 15 })).toMatchObject({ kind: 'airport', sizing: { share: 0.9, period_minutes: 15 } });
  });
});

describe('plan tables', () => {
  it('summarises each group: peak, position-hours against the current plan', () => {
    const rows = summaryTable(testPlan()).rows;
    expect(rows[1]).toMatchObject({
      group: 'Security South',
      kind: 'lanes',
      capacity: 8,
      peak: 4,
      hours: 6.5,
      current_hours: 12,
      difference: -5.5,
      minimal: 'yes',
    });
  });

  it('writes every period of every group with its clock time and share within target in percent', () => {
    const table = planTable(testPlan());
    expect(table.rows).toHaveLength(8);
    expect(table.rows[4]).toMatchObject({ group: 'Security South', period: '06:00-06:30', from: '06:00', positions: 2, current: 6, capacity: 8 });
    expect(table.rows[4].within).toBeCloseTo(97);
    expect(table.rows[4].within_low).toBeCloseTo(95);
  });
});
