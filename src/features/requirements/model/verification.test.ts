// A plan's verification in words and tables: a period too close to call is flagged and never
// "Met", a plan saved before verification opens as "not verified" with its shares under the
// search's estimate, and the chart's caption claims every period only when each is verified met.
import { describe, expect, it } from 'vitest';
import { closeCallPlan, legacyPlan, testPlan } from '../plan.fixture';
import { formatCell, type Table } from '../../simulation/model/tables';
import { planGroups, type AirportSizingOutput } from './plan';
import { groupPeriodTable, summaryTable } from './planTables';
import { periodChecks, runWords, unmetWords, verdictCounts, verificationCaption, verifiedWords } from './verification';

const security = (plan: AirportSizingOutput) => planGroups(plan).find((g) => g.station.kind === 'security')!;
/** Row i as the screen and the CSV show it. */
const shown = (table: Table, i: number) => table.columns.map((c) => formatCell(table.rows[i][c.key] ?? null, c));
const column = (rows: Record<string, unknown>[], key: string) => rows.map((r) => r[key]);

describe("a plan's verification", () => {
  it('gives each period its verified share, interval, search estimate and verdict', () => {
    expect(periodChecks(closeCallPlan().stations['Security South / common'])[1]).toEqual({
      verdict: 'too_close',
      verified: 0.948,
      ci95: [0.942, 0.954],
      search: 0.962,
    });
    const table = groupPeriodTable(security(closeCallPlan()), 360);
    expect(table.columns.map((c) => c.label).slice(5)).toEqual([
      'Verified within target (%)',
      '95% CI low (%)',
      '95% CI high (%)',
      'Search estimate (%)',
      'Verdict',
    ]);
    expect(column(table.rows, 'verdict')).toEqual(['Met', 'Too close to call', 'Met', 'Missed']);
    expect(shown(table, 1).slice(5)).toEqual(['94.8', '94.2', '95.4', '96.2', 'Too close to call']);
  });

  it('counts the periods not met in the summary, and leaves them empty for a plan saved before verification', () => {
    const rows = summaryTable(closeCallPlan()).rows;
    expect(rows.map((r) => [r.group, r.too_close, r.missed])).toEqual([
      ['Zone A / all airlines', 0, 0],
      ['Security South', 1, 1],
    ]);
    expect(summaryTable(legacyPlan()).rows.map((r) => [r.too_close, r.missed])).toEqual([
      [null, null],
      [null, null],
    ]);
  });

  it("summarises a group's notes in the summary (and its CSV): one line per kind with its periods, what no position serves in full", () => {
    const plan = closeCallPlan();
    const close = (when: string) => `${when}: 94.8 % ± 0.6 % within 10 min (target 95.0 %), too close to call at 400 replications`;
    plan.stations['Security South / common'].notes = [
      '05:30-06:00: even all 8 positions keep only 82.1 % within 10 min (target 95.0 %)',
      close('06:30-07:00'),
      close('07:00-07:30'),
      '09:00-09:30: one position fewer is too close to call on the replications a removal may use, so the plan is not proven minimal',
    ];
    const row = summaryTable(plan).rows.find((r) => r.group === 'Security South')!;
    expect(row.notes).toBe(
      '05:30-06:00: even all 8 positions keep only 82.1 % within 10 min (target 95.0 %); 2 periods (06:30–07:30) too close to call at the replication limit, not shown as met; 1 period (09:00–09:30) where one position fewer is too close to call at the replication limit, so the plan is not proven minimal',
    );
    // Locally minimal by its removals, but with periods not decided: not called minimal.
    expect([plan.stations['Security South / common'].locally_minimal, row.minimal]).toEqual([true, 'no']);
  });

  it('opens a plan saved before verification as not verified: no verified share, its own under the search estimate', () => {
    const table = groupPeriodTable(security(legacyPlan()), 360);
    expect(column(table.rows, 'verdict')).toEqual(['Not verified', 'Not verified', 'Not verified', 'Not verified']);
    expect(shown(table, 0).slice(5)).toEqual(['', '', '', '97.0', 'Not verified']);
  });

  it('flags the periods verification could not call met, and claims every period only when each is met', () => {
    const close = closeCallPlan().stations['Security South / common'];
    expect(unmetWords(verdictCounts(close))).toBe('1 period too close to call, 1 missed');
    expect(unmetWords({ met: 2, too_close: 3, missed: 0, not_verified: 0 })).toBe('3 periods too close to call');
    expect(unmetWords({ met: 2, too_close: 0, missed: 2, not_verified: 0 })).toBe('2 periods missed');
    expect(unmetWords(verdictCounts(testPlan().stations['Zone A / common']))).toBe('');
    expect(verificationCaption(close)).toBe(
      '30-minute periods; verified on 16 fresh replications, the sized plan meets the target in 2 of 4 periods (1 period too close to call, 1 missed; see the table).',
    );
    expect(verificationCaption(testPlan().stations['Zone A / common'])).toBe(
      '30-minute periods; verified on 16 fresh replications, the sized plan meets the target in every period.',
    );
    const legacy = legacyPlan().stations['Zone A / common'];
    expect(verificationCaption(legacy)).not.toMatch(/meets the target/);
    expect(verifiedWords(legacy)).toBe('Not verified (sized before plans were verified)');
  });

  it("says the search's and the verification's replications, or that an old plan was not verified", () => {
    expect(runWords(testPlan())).toBe('Searched on up to 8 replications, verified on up to 16 fresh ones, sized in 1.2 s.');
    expect(runWords(legacyPlan())).toBe('8 replications (not verified), sized in 1.2 s.');
  });
});
