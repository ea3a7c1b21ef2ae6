// The result tables of a run (level of service per queue, utilisation, flights, make-up
// positions) and the differences between two runs, as plain tables that the screen shows and the
// CSV and XLSX exports write unchanged.
import { PROCESSES, type Process } from '../../../../common/scenario/documentSettings';
import { PROCESS_LABELS } from './settings';
import { formatMinutes } from '../../../charts/timeFormat';
import type { AirportOutput, QueueOutput } from './results';

export type Cell = string | number | null;
export type Column = {
  key: string;
  label: string;
  /** digits after the point for numbers */
  digits?: number;
  /** A change between runs: which way is better, so the screen can say (and colour) better or worse. */
  better?: 'lower' | 'higher';
};
export type Table = { name: string; columns: Column[]; rows: Record<string, Cell>[] };

const peak = (values: readonly (number | null)[]) => values.reduce<number>((m, v) => Math.max(m, v ?? 0), 0);
const percent = (share: number | null | undefined) => (share === null || share === undefined ? null : share * 100);

/**
 * The targets no queue of the run is judged by, in words (none: an empty string): a queue takes
 * the target of what it serves, so with no queue serving, say, business class alone (its
 * passengers share the economy queue) the business target has no row.
 */
export function unusedTargetsNote(processes: Record<string, Process>): string {
  const used = new Set(Object.values(processes));
  const unused = PROCESSES.filter((p) => !used.has(p)).map((p) => PROCESS_LABELS[p].toLowerCase());
  if (unused.length === 0) return '';
  const list = unused.length === 1 ? unused[0] : `${unused.slice(0, -1).join(', ')} and ${unused[unused.length - 1]}`;
  return `No queue of this run serves only ${list} passengers (they queue with others, whose target applies), so ${unused.length === 1 ? 'that target has' : 'those targets have'} no row.`;
}

/** What a queue serves, in words: its process, else economy check-in or security by its kind. */
const processLabel = (id: string, q: QueueOutput, processes: Record<string, Process>) =>
  PROCESS_LABELS[processes[id] ?? (q.kind === 'security' ? 'security' : 'economy')];

/** One row per queue and security output: the level of service against its target (waits; space: spaceTable). */
export function losTable(output: AirportOutput, processes: Record<string, Process>): Table {
  return {
    name: 'Level of service',
    columns: [
      { key: 'queue', label: 'Queue' },
      { key: 'process', label: 'Process' },
      { key: 'target', label: 'Target (min)', digits: 0 },
      { key: 'served', label: 'Mean passengers served', digits: 0 },
      { key: 'within', label: 'Within target (%)', digits: 1 },
      { key: 'within_low', label: 'Within target 95% CI low (%)', digits: 1 },
      { key: 'within_high', label: 'Within target 95% CI high (%)', digits: 1 },
      { key: 'mean', label: 'Mean wait (min)', digits: 1 },
      { key: 'p90', label: 'P90 wait (min)', digits: 1 },
      { key: 'p95', label: 'P95 wait (min)', digits: 1 },
      { key: 'max_wait', label: 'Max wait (min)', digits: 1 },
      { key: 'max_queue', label: 'Mean max queue (pax)', digits: 1 },
      { key: 'missed', label: 'Mean missed (pax)', digits: 1 },
    ],
    rows: Object.entries(output.queues).map(([id, q]) => ({
      queue: id,
      process: processLabel(id, q, processes),
      target: q.los_target_minutes,
      served: q.served,
      within: percent(q.share_within_target),
      within_low: percent(q.share_within_target_ci95?.[0]),
      within_high: percent(q.share_within_target_ci95?.[1]),
      mean: q.wait_mean_minutes,
      p90: q.wait_percentiles_minutes.p90,
      p95: q.wait_percentiles_minutes.p95,
      max_wait: q.wait_percentiles_minutes.max,
      max_queue: q.queue_length_max,
      missed: q.missed,
    })),
  };
}

/** The space each queue's waiting passengers have, rated moment by moment (space.ts): one row per queue. */
export function spaceTable(output: AirportOutput, processes: Record<string, Process>): Table {
  return {
    name: 'Space level of service',
    columns: [
      { key: 'queue', label: 'Queue' },
      { key: 'process', label: 'Process' },
      { key: 'area', label: 'Queue area (m²)', digits: 0 },
      { key: 'at_optimum', label: 'Space at optimum (% of time anyone waits)', digits: 1 },
      { key: 'sub_optimum', label: 'Space sub-optimum (% of time anyone waits)', digits: 1 },
      { key: 'pax_sub_optimum', label: 'Passengers finding it sub-optimum (%)', digits: 1 },
      { key: 'worst_space', label: 'Least space at the P95 peak (m²/pax with trolleys)', digits: 2 },
      { key: 'worst_band', label: 'Least space band' },
      { key: 'worst_at', label: 'Least space at' },
    ],
    rows: Object.entries(output.queues).map(([id, q]) => ({ queue: id, process: processLabel(id, q, processes), ...spaceCells(q.space) })),
  };
}

/**
 * The LoS table's space columns, rated moment by moment (space.ts); empty for runs saved before
 * the simulation reported space, the sub-optimum shares also for runs saved before issue 36.
 */
function spaceCells(space: QueueOutput['space']): Record<string, Cell> {
  const worst = space?.worst ?? null;
  return {
    area: space?.area_m2 ?? null,
    at_optimum: percent(space?.share_at_optimum),
    sub_optimum: percent(space?.share_sub_optimum),
    pax_sub_optimum: percent(space?.passenger_share_by_rating?.['sub-optimum']),
    worst_space: worst?.m2_with_trolleys ?? null,
    worst_band: worst?.band ?? (space ? 'nobody queued' : null),
    worst_at: worst ? formatMinutes(worst.at_minutes) : null,
  };
}

export function utilisationTable(output: AirportOutput): Table {
  return {
    name: 'Resource utilisation',
    columns: [
      { key: 'resource', label: 'Resource' },
      { key: 'open', label: 'Open (min)', digits: 0 },
      { key: 'utilisation', label: 'Utilisation (%)', digits: 1 },
      { key: 'low', label: '95% CI low (%)', digits: 1 },
      { key: 'high', label: '95% CI high (%)', digits: 1 },
      { key: 'peak', label: `Busiest ${output.bin_minutes} minutes (%)`, digits: 1 },
    ],
    rows: Object.entries(output.resources).map(([id, r]) => ({
      resource: id,
      open: r.open_minutes,
      utilisation: percent(r.utilisation),
      low: percent(r.utilisation_ci95?.[0]),
      high: percent(r.utilisation_ci95?.[1]),
      peak: percent(peak(r.utilisation_series.values)),
    })),
  };
}

export function flightsTable(output: AirportOutput, clock: (minutes: number) => string): Table {
  return {
    name: 'Flights',
    columns: [
      { key: 'flight', label: 'Flight' },
      { key: 'std', label: 'STD' },
      { key: 'passengers', label: 'Passengers', digits: 0 },
      { key: 'missed', label: 'Mean missed (pax)', digits: 1 },
      { key: 'bags', label: 'Mean bags', digits: 1 },
      { key: 'early', label: 'Mean early bags', digits: 1 },
      { key: 'late', label: 'Mean late bags', digits: 1 },
    ],
    rows: output.flights.map((f) => ({
      flight: f.id,
      std: clock(f.std_minutes),
      passengers: f.passengers,
      missed: f.missed,
      bags: f.bags,
      early: f.early_bags,
      late: f.late_bags,
    })),
  };
}

export function makeupTable(output: AirportOutput): Table {
  return {
    name: 'Make-up positions',
    columns: [
      { key: 'resource', label: 'Make-up resource' },
      { key: 'position', label: 'Position', digits: 0 },
      { key: 'bags', label: 'Bags', digits: 1 },
      { key: 'early', label: 'Early bags', digits: 1 },
      { key: 'late', label: 'Late bags', digits: 1 },
    ],
    rows: output.makeup.positions.map((p) => ({ resource: p.resource, position: p.position + 1, bags: p.bags, early: p.early_bags, late: p.late_bags })),
  };
}

/** Per queue of either run: the figures of A and B and B minus A (a queue missing in one is blank there). */
/**
 * Per queue: the run being viewed (the variant), the base it is compared with, and the change
 * variant - base, so a variant that waits longer shows a positive change that reads as worse.
 */
export function differencesTable(variant: AirportOutput, base: AirportOutput, names: { variant: string; base: string }): Table {
  const figures = (q: AirportOutput['queues'][string] | undefined) =>
    q && {
      mean: q.wait_mean_minutes,
      p95: q.wait_percentiles_minutes.p95,
      within: q.share_within_target * 100,
      max_queue: q.queue_length_max,
      missed: q.missed,
    };
  const measures = [
    ['mean', 'Mean wait (min)', 'lower'],
    ['p95', 'P95 wait (min)', 'lower'],
    ['within', 'Within target (%)', 'higher'],
    ['max_queue', 'Mean max queue (pax)', 'lower'],
    ['missed', 'Mean missed (pax)', 'lower'],
  ] as const;
  const ids = [...new Set([...Object.keys(variant.queues), ...Object.keys(base.queues)])];
  return {
    name: 'Differences',
    columns: [
      { key: 'queue', label: 'Queue' },
      ...measures.flatMap(([key, label, better]) => [
        { key: `${key}_v`, label: `${label} ${names.variant}`, digits: 1 },
        { key: `${key}_b`, label: `${label} ${names.base}`, digits: 1 },
        { key: `${key}_d`, label: `${label} change`, digits: 1, better },
      ]),
    ],
    rows: ids.map((id) => {
      const fv = figures(variant.queues[id]);
      const fb = figures(base.queues[id]);
      const row: Record<string, Cell> = { queue: id };
      for (const [key] of measures) {
        row[`${key}_v`] = fv ? fv[key] : null;
        row[`${key}_b`] = fb ? fb[key] : null;
        row[`${key}_d`] = fv && fb ? fv[key] - fb[key] : null;
      }
      return row;
    }),
  };
}

/** Whether a change reads as better or worse (none when it rounds to nothing or is not a change). */
export function changeTone(value: Cell, column: Column): 'better' | 'worse' | null {
  if (column.better === undefined || typeof value !== 'number' || formatCell(Math.abs(value), column) === formatCell(0, column)) return null;
  return value < 0 === (column.better === 'lower') ? 'better' : 'worse';
}

/** A cell as the screen and the CSV show it: numbers rounded to the column's digits. */
export function formatCell(value: Cell, column: Column): string {
  if (value === null) return '';
  if (typeof value === 'number') return column.digits === undefined ? String(value) : value.toFixed(column.digits);
  return value;
}

/**
 * RFC 4180 CSV: a header of labels, then the rows; fields with commas, quotes or breaks quoted.
 * Notes (where the scenario's design day came from) follow an empty line, one field a line, so
 * the table still reads from its first line and the file still says what it was made from.
 */
export function tableToCsv(table: Table, notes: readonly string[] = []): string {
  const quote = (s: string) => (/[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s);
  const lines = [table.columns.map((c) => quote(c.label)), ...table.rows.map((r) => table.columns.map((c) => quote(formatCell(r[c.key] ?? null, c))))];
  const noteLines = notes.length ? [[''], ...notes.map((n) => [quote(n)])] : [];
  return [...lines, ...noteLines].map((l) => l.join(',')).join('\r\n') + '\r\n';
}
