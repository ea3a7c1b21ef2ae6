// The plan at a glance: per process (check-in counters, bag drops, kiosks, security lanes) the
// positions the sized plan opens over the day, summed over the process's groups, beside what the
// current plan opens and what the terminal has; and each group's notes gathered into one line per
// kind of note with the periods they name ("7 periods too close to call (08:05–09:35, …)"). Pure:
// the overview, the group cards and the summary export use it.
import { formatMinutes } from '../../../charts/timeFormat';
import { UNDECIDED_NOTE } from '../../../../workers/sim/sizing/search';
import { activePeriods, planGroups, type AirportSizingKind, type AirportSizingOutput, type PlanGroup } from './plan';

/** What each process is called over its chart. */
export const PROCESS_NAMES: Record<AirportSizingKind, string> = {
  checkin: 'Check-in counters',
  bagdrop: 'Bag drops',
  kiosk: 'Kiosks',
  security: 'Security lanes',
};

export type ProcessLoad = {
  kind: AirportSizingKind;
  /** Minute of the design day the first period shown starts. */
  start: number;
  periodMinutes: number;
  sized: number[];
  current: number[];
  /** Positions the terminal has for the process: its queues' together. */
  capacity: number;
};

/** Positions open per process over the day, on the finest period of its groups, trimmed to the periods where anything opens. */
export function positionsByProcess(plan: AirportSizingOutput): ProcessLoad[] {
  const groups = planGroups(plan);
  const kinds = [...new Set(groups.map((g) => g.station.kind))];
  return kinds.map((kind) => {
    const ownGroups = groups.filter((g) => g.station.kind === kind);
    const own = ownGroups.map((g) => g.station);
    const periodMinutes = Math.min(...own.map((s) => s.period_minutes));
    const periods = Math.max(...own.map((s) => Math.ceil((s.servers.length * s.period_minutes) / periodMinutes)));
    // A group's value in the finer period i: that of its own period holding the period's start.
    const at = (values: readonly number[], ownPeriod: number, i: number) => values[Math.floor((i * periodMinutes) / ownPeriod)] ?? 0;
    const sum = (pick: (s: (typeof own)[number]) => readonly number[]) =>
      Array.from({ length: periods }, (_, i) => own.reduce((n, s) => n + at(pick(s), s.period_minutes, i), 0));
    const sized = sum((s) => s.servers);
    const current = sum((s) => s.current_servers);
    const [from, to] = activePeriods(sized, current);
    return {
      kind,
      start: plan.origin_minute + from * periodMinutes,
      periodMinutes,
      sized: sized.slice(from, to),
      current: current.slice(from, to),
      capacity: terminalHas(ownGroups),
    };
  });
}

/**
 * The positions a process's groups have together: the groups of one queue ("Island 2 / AA",
 * "Island 2 / DL": ids "<queue> / <group>") share its positions, so each queue counts once.
 */
function terminalHas(groups: readonly PlanGroup[]): number {
  const byQueue = new Map<string, number>();
  for (const { id, station } of groups) {
    const queue = id.split(' / ')[0];
    byQueue.set(queue, Math.max(byQueue.get(queue) ?? 0, station.capacity));
  }
  return [...byQueue.values()].reduce((a, b) => a + b, 0);
}

/** The peak of a process and when it first comes: "14 from 07:30". */
export function peakOf(load: ProcessLoad): { peak: number; at: string } {
  const peak = Math.max(0, ...load.sized);
  return { peak, at: formatMinutes(load.start + Math.max(0, load.sized.indexOf(peak)) * load.periodMinutes) };
}

/** A kind of note the engine writes once per period, gathered into one line. */
export type NoteKind = { id: string; matches: (note: string) => boolean; summary: (periods: string) => string; tone: 'warning' | 'plain' };

/** The engine's words on a removal (search.ts's notes): "one position fewer is too close to call". */
const ONE_FEWER = 'one position fewer';
/** The words of the same notes in plans saved before plans were verified. */
const LEGACY_UNDECIDED = 'too close to the target to decide';
/** The words of a period verification found below the target. */
const BELOW_IN_VERIFICATION = 'in verification, below the target';

const NOTE_KINDS: readonly NoteKind[] = [
  {
    id: 'too-close',
    matches: (note) => note.includes(UNDECIDED_NOTE) && !note.includes(ONE_FEWER),
    summary: (periods) => `${periods} too close to call at the replication limit, not shown as met`,
    tone: 'warning',
  },
  {
    id: 'missed',
    matches: (note) => note.includes(BELOW_IN_VERIFICATION),
    summary: (periods) => `${periods} below the target in verification`,
    tone: 'warning',
  },
  {
    id: 'close-removals',
    matches: (note) => note.includes(UNDECIDED_NOTE) && note.includes(ONE_FEWER),
    summary: (periods) => `${periods} where one position fewer is too close to call at the replication limit, so the plan is not proven minimal`,
    tone: 'plain',
  },
  {
    id: 'legacy',
    matches: (note) => note.includes(LEGACY_UNDECIDED),
    summary: (periods) => `${periods} too close to the target to decide within the replication limit, each taken by the search's estimate (not verified)`,
    tone: 'plain',
  },
];

/** Ranges shown before "…": enough to find them on the chart, short enough for one line. */
const RANGES_SHOWN = 3;

const PERIOD = /^(\d\d:\d\d(?: [+-]\d)?)-(\d\d:\d\d(?: [+-]\d)?)/;

/** "7 periods (08:05–09:35, 11:05–12:05, …)": the periods the notes begin with, running ones joined. */
export function periodsNamed(notes: readonly string[]): string {
  const ranges: Array<[string, string]> = [];
  for (const note of notes) {
    const match = PERIOD.exec(note);
    if (!match) continue;
    const last = ranges.at(-1);
    if (last && last[1] === match[1]) last[1] = match[2];
    else ranges.push([match[1], match[2]]);
  }
  const shown = ranges.slice(0, RANGES_SHOWN).map(([from, to]) => `${from}–${to}`);
  const list = ranges.length === 0 ? '' : ` (${shown.join(', ')}${ranges.length > RANGES_SHOWN ? ', …' : ''})`;
  return `${notes.length} period${notes.length === 1 ? '' : 's'}${list}`;
}

/** A group's notes as a planner reads them: each gathered kind in one line, the others as they are. */
export function summariseNotes(notes: readonly string[]): { others: string[]; gathered: Array<{ kind: NoteKind; notes: string[]; line: string }> } {
  const others = notes.filter((note) => !NOTE_KINDS.some((kind) => kind.matches(note)));
  const gathered = NOTE_KINDS.map((kind) => ({ kind, notes: notes.filter(kind.matches) }))
    .filter((g) => g.notes.length > 0)
    .map((g) => ({ ...g, line: g.kind.summary(periodsNamed(g.notes)) }));
  return { others, gathered };
}
