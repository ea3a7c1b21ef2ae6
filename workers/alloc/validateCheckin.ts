// An independent check of a check-in result against its input (an ACCAP instance or the
// product document): every block once, inside its row, over its whole window, no counter used
// twice at once, locks kept, and the reported objective recomputed from scratch by the ACCAP
// definition (pairs of distinct flights), without the engine's data structures.
import { isAccapInstance, parseAccapInstance, parseCheckinDocument } from './schema';
import type { CheckinResult } from './checkin';
import type { Violation } from './validateMakeup';

export type CheckinViolationKind = 'unknown' | 'missing' | 'duplicate' | 'row' | 'width' | 'window' | 'overlap' | 'locked' | 'objective';

interface Expected {
  airline: string;
  width: number | null;
  from: number;
  to: number;
  rows: readonly string[] | null;
}

/** What the input asks for: each flight's block, the rows (size and global offset), the locks. */
interface Input {
  expected: Map<string, Expected>;
  rowSize: Map<string, number>;
  rowOffset: Map<string, number>;
  locks: { flight: string; row: string; first: number }[];
}

type Add = (kind: CheckinViolationKind, message: string) => void;

export function validateCheckin(input: unknown, result: CheckinResult): Violation<CheckinViolationKind>[] {
  const out: Violation<CheckinViolationKind>[] = [];
  const add: Add = (kind, message) => out.push({ kind, message });
  const asked = readInput(input);
  checkBlocks(asked, result, add);
  const placed = result.placements.filter((p) => asked.rowSize.has(p.row));
  checkOverlaps(placed, add);
  for (const l of asked.locks) {
    if (!result.placements.some((p) => p.flight === l.flight && p.row === l.row && p.first_counter === l.first)) {
      add('locked', `locked "${l.flight}" is not at ${l.row} ${l.first}`);
    }
  }
  checkObjective(asked, placed, result, add);
  return out;
}

function readInput(input: unknown): Input {
  const asked: Input = { expected: new Map(), rowSize: new Map(), rowOffset: new Map(), locks: [] };
  if (isAccapInstance(input)) {
    const inst = parseAccapInstance(input);
    asked.rowSize.set('1', Infinity);
    asked.rowOffset.set('1', 0);
    for (const f of inst.flights) {
      asked.expected.set(String(f.id), { airline: String(f.airline), width: f.counters, from: f.start, to: f.start + f.duration, rows: null });
    }
    return asked;
  }
  const doc = parseCheckinDocument(input);
  let offset = 0;
  for (const r of doc.rows) {
    asked.rowSize.set(r.id, r.counters);
    asked.rowOffset.set(r.id, offset);
    offset += r.counters;
  }
  for (const f of doc.flights) {
    asked.expected.set(f.id, { airline: f.airline, width: f.counters ?? null, from: f.open, to: f.close, rows: f.rows ?? null });
  }
  for (const l of doc.locked) asked.locks.push({ flight: l.flight, row: l.row, first: l.first_counter });
  return asked;
}

/** Every flight once (one block, or phases that tile its window), in a row it may use, as wide as asked. */
function checkBlocks({ expected, rowSize }: Input, result: CheckinResult, add: Add): void {
  const pieces = new Map<string, { from: number; to: number }[]>();
  const counted = new Map<string, number>();
  const count = (flight: string, phase: number | undefined) => {
    const key = `${flight}#${phase ?? ''}`;
    counted.set(key, (counted.get(key) ?? 0) + 1);
  };
  const piecesOf = (flight: string) => {
    let list = pieces.get(flight);
    if (!list) pieces.set(flight, (list = []));
    return list;
  };
  for (const p of result.placements) {
    count(p.flight, p.phase);
    const e = expected.get(p.flight);
    if (!e) {
      add('unknown', `placement for unknown flight "${p.flight}"`);
      continue;
    }
    const size = rowSize.get(p.row);
    if (size === undefined) add('row', `"${p.flight}" is in unknown row "${p.row}"`);
    else if (e.rows && !e.rows.includes(p.row)) add('row', `"${p.flight}" may not use row "${p.row}"`);
    else if (!Number.isInteger(p.first_counter) || p.first_counter < 1 || p.first_counter + p.counters - 1 > size) {
      add('row', `"${p.flight}" uses counters ${p.first_counter}..${p.first_counter + p.counters - 1} of row "${p.row}" (size ${size})`);
    }
    if (e.width !== null && p.counters !== e.width) add('width', `"${p.flight}" needs ${e.width} counters, got ${p.counters}`);
    if (!(p.counters >= 1)) add('width', `"${p.flight}" has no counters`);
    piecesOf(p.flight).push({ from: p.start, to: p.end });
  }
  for (const u of result.unplaced) {
    count(u.flight, u.phase);
    if (!expected.has(u.flight)) add('unknown', `unplaced entry for unknown flight "${u.flight}"`);
    piecesOf(u.flight).push({ from: NaN, to: NaN });
  }
  for (const [key, times] of counted) if (times > 1) add('duplicate', `"${key}" appears ${times} times`);
  for (const [flight, e] of expected) {
    const list = pieces.get(flight);
    if (!list) {
      add('missing', `"${flight}" is neither placed nor unplaced`);
      continue;
    }
    if (list.some((p) => Number.isNaN(p.from))) continue;
    list.sort((a, b) => a.from - b.from);
    const tiles = list.every((p, k) => (k === 0 ? p.from === e.from : p.from === list[k - 1].to)) && list.at(-1)!.to === e.to;
    if (!tiles) add('window', `"${flight}" is not placed over exactly ${e.from}..${e.to}`);
  }
}

function checkOverlaps(placed: CheckinResult['placements'], add: Add): void {
  for (let i = 0; i < placed.length; i++) {
    for (let j = i + 1; j < placed.length; j++) {
      const a = placed[i];
      const b = placed[j];
      if (a.row !== b.row || a.end <= b.start || b.end <= a.start) continue;
      if (a.first_counter + a.counters <= b.first_counter || b.first_counter + b.counters <= a.first_counter) continue;
      add('overlap', `"${a.flight}" and "${b.flight}" share counters in row "${a.row}"`);
    }
  }
}

/** The ACCAP objective from scratch: the top counter used plus each airline's spread. */
function checkObjective({ expected, rowOffset }: Input, placed: CheckinResult['placements'], result: CheckinResult, add: Add): void {
  let max = 0;
  const tops = new Map<string, { first: number; top: number }[]>();
  for (const p of placed) {
    const first = rowOffset.get(p.row)! + p.first_counter;
    const top = first + p.counters - 1;
    max = Math.max(max, top);
    const airline = expected.get(p.flight)?.airline ?? '';
    let list = tops.get(airline);
    if (!list) tops.set(airline, (list = []));
    list.push({ first, top });
  }
  let spreadSum = 0;
  for (const [airline, list] of tops) {
    let s = 0;
    for (let i = 0; i < list.length; i++) for (let j = 0; j < list.length; j++) if (i !== j) s = Math.max(s, list[i].top - list[j].first);
    spreadSum += s;
    if ((result.spread[airline] ?? 0) !== s) add('objective', `spread of airline "${airline}" is ${s}, reported ${result.spread[airline]}`);
  }
  if (result.max_counter !== max || result.objective !== max + spreadSum) {
    add('objective', `objective ${result.objective} (max counter ${result.max_counter}) should be ${max + spreadSum} (${max})`);
  }
}
