// The check-in placement problem in one index form for both inputs (an ACCAP instance or the
// product's document after sizing): blocks of adjacent counters over a run of time slots, rows
// laid end to end so that one global counter number orders them, and the ACCAP objective. A
// flight placed phase by phase is a group of blocks that share their first counter: the block
// keeps its counters while it is open and grows or shrinks at its top end, never hops.
import type { AccapInstance, CheckinDocument } from './schema';
import { AllocError } from './errors';
import { type FlightSizing, phasesOf, sizeFlight } from './checkinSizing';

interface Block {
  /** Flight id, as in the input. */
  readonly flight: string;
  /** Index of the phase when a flight is placed phase by phase, else null. */
  readonly phase: number | null;
  readonly airline: number;
  /** Slots [start, stop) on the problem's slot grid. */
  readonly start: number;
  readonly stop: number;
  /** Times to report, in the input's unit (ACCAP slots, or minutes). */
  readonly from: number;
  readonly to: number;
  readonly width: number;
  /** Rows the block may use. */
  readonly rows: readonly number[];
  /** Global first counter of a locked block, 0 when free. */
  readonly locked: number;
  /** Index of the block's group in `CheckinProblem.groups`. */
  readonly group: number;
}

/** Blocks placed together at one first counter: a flight's phases, or a block alone. */
interface BlockGroup {
  /** Its blocks, in time order (phases never overlap in time). */
  readonly blocks: readonly number[];
  /** The widest of them: how far the group reaches above its first counter. */
  readonly width: number;
}

interface Row {
  readonly id: string;
  readonly size: number;
  /** Global number of the counter before this row's first counter. */
  readonly offset: number;
}

export interface CheckinProblem {
  readonly blocks: readonly Block[];
  readonly groups: readonly BlockGroup[];
  readonly rows: readonly Row[];
  readonly airlines: readonly string[];
  readonly slots: number;
  /** Total global counters (sum of row sizes). */
  readonly counters: number;
  readonly sizing: FlightSizing[];
}

export function problemFromAccap(instance: AccapInstance): CheckinProblem {
  const total = instance.flights.reduce((sum, f) => sum + f.counters, 0);
  const blocks = instance.flights.map((f, i): Block => ({
    flight: String(f.id),
    phase: null,
    airline: f.airline - 1,
    start: f.start - 1,
    stop: f.start - 1 + f.duration,
    from: f.start,
    to: f.start + f.duration,
    width: f.counters,
    rows: [0],
    locked: 0,
    group: i,
  }));
  return {
    blocks,
    groups: groupsOf(blocks),
    rows: [{ id: '1', size: total, offset: 0 }],
    airlines: Array.from({ length: instance.airlines }, (_, a) => String(a + 1)),
    slots: instance.times,
    counters: total,
    sizing: [],
  };
}

export function problemFromDocument(doc: CheckinDocument): CheckinProblem {
  const slot = doc.slot_minutes;
  const rows: Row[] = [];
  let offset = 0;
  for (const r of doc.rows) {
    rows.push({ id: r.id, size: r.counters, offset });
    offset += r.counters;
  }
  const rowIndex = new Map(rows.map((r, i) => [r.id, i]));
  const airlines = [...new Set(doc.flights.map((f) => f.airline))];
  const airlineIndex = new Map(airlines.map((a, i) => [a, i]));
  const base = Math.min(...doc.flights.map((f) => Math.floor(f.open / slot)));
  const blocks: Block[] = [];
  let groupCount = 0;
  const sizing: FlightSizing[] = [];
  for (const f of doc.flights) {
    const eligible = f.rows ? f.rows.map((id) => rowIndex.get(id)!) : rows.map((_, i) => i);
    const common = { flight: f.id, airline: airlineIndex.get(f.airline)!, rows: eligible, locked: 0, group: groupCount++ };
    const first = Math.floor(f.open / slot);
    const stop = Math.ceil(f.close / slot);
    if (f.counters !== undefined) {
      blocks.push({ ...common, phase: null, start: first - base, stop: stop - base, from: f.open, to: f.close, width: f.counters });
      continue;
    }
    const sized = sizeFlight(f.id, { open: f.open, close: f.close, std: f.std!, passengers: f.passengers! }, doc.profiles[f.profile!], {
      slotMinutes: slot,
      serviceSeconds: doc.sizing.service_seconds,
      maxQueueMinutes: doc.sizing.max_queue_minutes,
      serviceLevel: doc.sizing.service_level,
    });
    sizing.push(sized);
    const runs = doc.phases
      ? phasesOf(sized, Math.max(1, Math.round(doc.phase_minutes / slot)))
      : [[0, sized.slots.length, Math.max(...sized.slots.map((s) => s.counters))]];
    runs.forEach(([a, b, width], phase) => {
      blocks.push({
        ...common,
        phase: doc.phases ? phase : null,
        start: first + a - base,
        stop: first + b - base,
        from: a === 0 ? f.open : (first + a) * slot,
        to: b === sized.slots.length ? f.close : (first + b) * slot,
        width,
      });
    });
  }
  const groups = groupsOf(blocks);
  // Locking one phase locks its flight's whole block: the phases share their first counter.
  doc.locked.forEach((lock, i) => {
    const block = blocks.find((b) => b.flight === lock.flight && (b.phase === null || b.phase === (lock.phase ?? 0)))!;
    const width = groups[block.group].width;
    const row = rows[rowIndex.get(lock.row)!];
    if (lock.first_counter + width - 1 > row.size) {
      throw new AllocError('locked_conflict', `locked[${i}].first_counter`, `"${lock.flight}" needs ${width} counters and row "${row.id}" ends at ${row.size}`);
    }
    const at = row.offset + lock.first_counter;
    if (block.locked > 0 && block.locked !== at) {
      throw new AllocError(
        'locked_conflict',
        `locked[${i}].first_counter`,
        `the phases of "${lock.flight}" share their first counter, and another lock puts it elsewhere`,
      );
    }
    for (const k of groups[block.group].blocks) blocks[k] = { ...blocks[k], locked: at };
  });
  const slots = Math.max(1, ...blocks.map((b) => b.stop));
  return { blocks, groups, rows, airlines, slots, counters: offset, sizing };
}

/** The groups the blocks name (numbered from 0 in order of first appearance). */
function groupsOf(blocks: readonly Block[]): BlockGroup[] {
  const groups: { blocks: number[]; width: number }[] = [];
  blocks.forEach((b, i) => {
    const g = (groups[b.group] ??= { blocks: [], width: 0 });
    g.blocks.push(i);
    g.width = Math.max(g.width, b.width);
  });
  return groups;
}

/**
 * One row, every block free and on its own (the ACCAP shape): a layout mirrored along the row is
 * then a layout of the same value, and the depth search leads.
 */
export function oneFreeRow(problem: CheckinProblem): boolean {
  return problem.rows.length === 1 && problem.blocks.every((b) => b.locked === 0 && problem.groups[b.group].blocks.length === 1);
}

/** The row holding global counter `first` (1-based), or -1. */
export function rowOfCounter(problem: CheckinProblem, first: number): number {
  return problem.rows.findIndex((r) => first > r.offset && first <= r.offset + r.size);
}

export interface CheckinScore {
  readonly unplaced: number;
  /** Highest global counter used (D of the ACCAP model). */
  readonly maxCounter: number;
  /** Per airline: max over ordered pairs of distinct blocks of top(f) - first(g); 0 below two blocks. */
  readonly spread: number[];
  /** D + sum of spreads: the ACCAP objective. */
  readonly objective: number;
}

/** Scores a placement given as the global first counter of each block (0 when unplaced). */
export function scoreCheckin(problem: CheckinProblem, first: Int32Array): CheckinScore {
  let unplaced = 0;
  let maxCounter = 0;
  const byAirline: number[][] = problem.airlines.map(() => []);
  problem.blocks.forEach((b, i) => {
    if (first[i] <= 0) {
      unplaced++;
      return;
    }
    maxCounter = Math.max(maxCounter, first[i] + b.width - 1);
    byAirline[b.airline].push(i);
  });
  const spread = byAirline.map((ids) =>
    airlineSpread(
      ids.map((i) => first[i]),
      ids.map((i) => first[i] + problem.blocks[i].width - 1),
    ),
  );
  return { unplaced, maxCounter, spread, objective: maxCounter + spread.reduce((a, b) => a + b, 0) };
}

/** max over i != j of tops[i] - firsts[j], in linear time; 0 with fewer than two blocks. */
export function airlineSpread(firsts: readonly number[], tops: readonly number[]): number {
  if (firsts.length < 2) return 0;
  let top1 = -1;
  let top2 = -1;
  let low1 = -1;
  let low2 = -1;
  for (let k = 0; k < tops.length; k++) {
    if (top1 < 0 || tops[k] > tops[top1]) [top2, top1] = [top1, k];
    else if (top2 < 0 || tops[k] > tops[top2]) top2 = k;
    if (low1 < 0 || firsts[k] < firsts[low1]) [low2, low1] = [low1, k];
    else if (low2 < 0 || firsts[k] < firsts[low2]) low2 = k;
  }
  if (top1 !== low1) return tops[top1] - firsts[low1];
  return Math.max(tops[top1] - firsts[low2], tops[top2] - firsts[low1]);
}

/** Lexicographic comparison: fewer unplaced first, then the ACCAP objective. */
export function compareCheckin(a: CheckinScore, b: CheckinScore): number {
  return a.unplaced - b.unplaced || a.objective - b.objective;
}
