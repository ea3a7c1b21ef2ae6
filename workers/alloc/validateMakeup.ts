// An independent check of a make-up result against its document, written without the engine's
// data structures so that a bug in the engine cannot hide in both. Used by tests, the benchmark
// and any caller that wants to trust a result it did not compute.
import { parseMakeupDocument } from './schema';
import type { MakeupResult } from './makeup';

export type MakeupViolationKind = 'unknown' | 'missing' | 'duplicate' | 'not_eligible' | 'positions' | 'overlap' | 'locked' | 'objective';

export interface Violation<K extends string> {
  readonly kind: K;
  readonly message: string;
}

export function validateMakeup(input: unknown, result: MakeupResult): Violation<MakeupViolationKind>[] {
  const doc = parseMakeupDocument(input);
  const out: Violation<MakeupViolationKind>[] = [];
  const add = (kind: MakeupViolationKind, message: string) => out.push({ kind, message });
  const resources = new Map(doc.resources.map((r) => [r.id, r]));
  const segs = new Map(doc.segregations.map((s) => [s.id, s]));
  const seen = new Map<string, number>();
  for (const a of result.assignments) seen.set(a.segregation, (seen.get(a.segregation) ?? 0) + 1);
  for (const u of result.unassigned) seen.set(u.segregation, (seen.get(u.segregation) ?? 0) + 1);
  for (const [id, times] of seen) {
    if (!segs.has(id)) add('unknown', `result names unknown segregation "${id}"`);
    else if (times > 1) add('duplicate', `"${id}" appears ${times} times in the result`);
  }
  for (const s of doc.segregations) if (!seen.has(s.id)) add('missing', `"${s.id}" is neither assigned nor unassigned`);

  // Minute intervals per (resource, position), to find two segregations on one position at once.
  const held = new Map<string, { id: string; start: number; stop: number }[]>();
  for (const a of result.assignments) {
    const s = segs.get(a.segregation);
    const r = resources.get(a.resource);
    if (!s) continue;
    if (!r) {
      add('unknown', `"${a.segregation}" is on unknown resource "${a.resource}"`);
      continue;
    }
    const eligible = s.eligible ? s.eligible.includes(r.id) : r.zone === s.zone;
    if (!eligible) add('not_eligible', `"${s.id}" may not use "${r.id}"`);
    const distinct = new Set(a.positions);
    if (a.positions.length !== s.positions || distinct.size !== a.positions.length) {
      add('positions', `"${s.id}" needs ${s.positions} distinct positions, got [${a.positions.join(', ')}]`);
    }
    for (const p of distinct) {
      if (!Number.isInteger(p) || p < 0 || p >= r.positions) {
        add('positions', `"${s.id}" uses position ${p} of "${r.id}", which has ${r.positions}`);
        continue;
      }
      const key = `${r.id}#${p}`;
      let list = held.get(key);
      if (!list) held.set(key, (list = []));
      list.push({ id: s.id, start: s.start, stop: s.end + doc.buffer_minutes });
    }
  }
  for (const [key, list] of held) {
    list.sort((a, b) => a.start - b.start);
    for (let k = 1; k < list.length; k++) {
      for (let j = k - 1; j >= 0; j--) {
        if (list[j].stop > list[k].start) {
          add('overlap', `"${list[j].id}" and "${list[k].id}" share position ${key} at minute ${list[k].start}`);
        }
      }
    }
  }

  const byId = new Map(result.assignments.map((a) => [a.segregation, a]));
  doc.locked.forEach((lock, i) => {
    const a = byId.get(lock.segregation);
    if (!a || a.resource !== lock.resource || (lock.position !== undefined && !a.positions.includes(lock.position))) {
      add('locked', `locked[${i}] (${lock.segregation} on ${lock.resource}) is not kept`);
    }
  });

  const recount = recountObjective(doc.segregations, doc.buffer_minutes, result);
  const o = result.objective;
  if (recount.unassigned !== o.unassigned || recount.split_flights !== o.split_flights || recount.peak !== o.peak) {
    add('objective', `objective ${JSON.stringify(o)} does not match the assignments ${JSON.stringify(recount)}`);
  }
  return out;
}

function recountObjective(
  segregations: readonly { id: string; flight: string; start: number; end: number; positions: number }[],
  buffer: number,
  result: MakeupResult,
): MakeupResult['objective'] {
  const segs = new Map(segregations.map((s) => [s.id, s]));
  const flights = new Map<string, Set<string>>();
  const events = new Map<string, [number, number][]>();
  let assigned = 0;
  for (const a of result.assignments) {
    const s = segs.get(a.segregation);
    if (!s) continue;
    assigned++;
    let set = flights.get(s.flight);
    if (!set) flights.set(s.flight, (set = new Set()));
    set.add(a.resource);
    let list = events.get(a.resource);
    if (!list) events.set(a.resource, (list = []));
    list.push([s.start, s.positions], [s.end + buffer, -s.positions]);
  }
  let peak = 0;
  for (const list of events.values()) {
    list.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    let load = 0;
    for (const [, delta] of list) peak = Math.max(peak, (load += delta));
  }
  return {
    unassigned: segregations.length - assigned,
    split_flights: [...flights.values()].filter((set) => set.size > 1).length,
    peak,
  };
}
