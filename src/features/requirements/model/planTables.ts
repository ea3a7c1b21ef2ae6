// A requirements plan as the tables the screen shows and the CSV and XLSX exports write: the
// summary per group (peak, position-hours beside the current plan, periods not verified as met,
// notes gathered per kind)
// and positions per period with the verified share within target, its interval, the search's own
// estimate and the verdict.
import type { Cell, Column, Table } from '../../simulation/model/tables';
import { periodLabel, periodStart, planGroups, POSITION_NAMES, type AirportSizingOutput, type PlanGroup } from './plan';
import { isVerified, periodChecks, provenMinimal, VERDICT_WORDS, verdictCounts } from './verification';
import { summariseNotes } from './overview';
import { formatMinutes } from '../../../charts/timeFormat';

const percent = (share: number | null | undefined) => (share === null || share === undefined || !Number.isFinite(share) ? null : share * 100);

/** A group's notes in one cell: the gathered kinds as their one line each, the others as they are. */
function notesLine(notes: readonly string[]): string {
  const { others, gathered } = summariseNotes(notes);
  return [...others, ...gathered.map((g) => g.line)].join('; ');
}

export function summaryTable(plan: AirportSizingOutput): Table {
  return {
    name: 'Requirements summary',
    columns: [
      { key: 'group', label: 'Group' },
      { key: 'kind', label: 'Positions' },
      { key: 'capacity', label: 'Terminal has', digits: 0 },
      { key: 'peak', label: 'Peak requirement', digits: 0 },
      { key: 'hours', label: 'Position-hours', digits: 1 },
      { key: 'current_hours', label: 'Current plan (position-hours)', digits: 1 },
      { key: 'difference', label: 'Added (+) or saved (-) hours', digits: 1 },
      { key: 'too_close', label: 'Periods too close to call', digits: 0 },
      { key: 'missed', label: 'Periods missed', digits: 0 },
      { key: 'minimal', label: 'Locally minimal' },
      { key: 'notes', label: 'Notes' },
    ],
    rows: planGroups(plan).map(({ station, hours, currentHours }) => {
      // A plan saved before verification has no verdicts to count: empty, not zero.
      const counts = isVerified(station) ? verdictCounts(station) : null;
      return {
        group: station.label,
        kind: POSITION_NAMES[station.kind].many,
        capacity: station.capacity,
        peak: station.peak,
        hours,
        current_hours: currentHours,
        difference: hours - currentHours,
        too_close: counts?.too_close ?? null,
        missed: counts?.missed ?? null,
        minimal: provenMinimal(station) ? 'yes' : 'no',
        // Each note is a sentence of its own, with colons and commas inside.
        notes: notesLine(station.notes),
      };
    }),
  };
}

const PERIOD_COLUMNS: Column[] = [
  { key: 'period', label: 'Period' },
  { key: 'from', label: 'From' },
  { key: 'positions', label: 'Positions open', digits: 0 },
  { key: 'current', label: 'Current plan', digits: 0 },
  { key: 'capacity', label: 'Terminal has', digits: 0 },
  { key: 'within', label: 'Verified within target (%)', digits: 1 },
  { key: 'within_low', label: '95% CI low (%)', digits: 1 },
  { key: 'within_high', label: '95% CI high (%)', digits: 1 },
  { key: 'search', label: 'Search estimate (%)', digits: 1 },
  { key: 'verdict', label: 'Verdict' },
];

function periodRows({ station }: PlanGroup, originMinute: number): Record<string, Cell>[] {
  const checks = periodChecks(station);
  return station.servers.map((positions, i) => ({
    period: periodLabel(originMinute, station.period_minutes, i),
    from: formatMinutes(periodStart(originMinute, station.period_minutes, i)),
    positions,
    current: station.current_servers[i] ?? 0,
    capacity: station.capacity,
    within: percent(checks[i].verified),
    within_low: percent(checks[i].ci95?.[0]),
    within_high: percent(checks[i].ci95?.[1]),
    search: percent(checks[i].search),
    verdict: VERDICT_WORDS[checks[i].verdict],
  }));
}

/** One group's positions per period. */
export function groupPeriodTable(group: PlanGroup, originMinute: number): Table {
  return { name: `${group.station.label} per period`, columns: PERIOD_COLUMNS, rows: periodRows(group, originMinute) };
}

/** Every group's positions per period in one table: the plan as a file. */
export function planTable(plan: AirportSizingOutput): Table {
  return {
    name: 'Requirements plan',
    columns: [{ key: 'group', label: 'Group' }, { key: 'kind', label: 'Positions' }, ...PERIOD_COLUMNS],
    rows: planGroups(plan).flatMap((group) =>
      periodRows(group, plan.origin_minute).map((row) => ({ group: group.station.label, kind: POSITION_NAMES[group.station.kind].many, ...row })),
    ),
  };
}
