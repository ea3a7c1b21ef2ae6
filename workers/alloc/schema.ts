// The documents the allocation engines accept, checked with zod plus the cross-field rules zod
// cannot express (references, unique ids, time order), so every engine can trust its input and
// a bad document is rejected with a message naming the field.
import { z } from 'zod';
import { AllocError, formatPath } from './errors';

const id = z.string().min(1, 'must not be empty');
const minute = z.number().finite();
const count = z.number().int().min(1);

const makeupDocumentSchema = z.object({
  kind: z.literal('makeup').optional(),
  buffer_minutes: z.number().finite().min(0).default(0),
  resources: z.array(z.object({ id, zone: id, positions: count })),
  segregations: z.array(
    z.object({
      id,
      flight: id,
      zone: id,
      start: minute,
      end: minute,
      positions: count.default(1),
      eligible: z.array(id).optional(),
    }),
  ),
  locked: z.array(z.object({ segregation: id, resource: id, position: z.number().int().min(0).optional() })).default([]),
});
export type MakeupDocument = z.output<typeof makeupDocumentSchema>;

const profileSchema = z.array(z.object({ before: minute, share: z.number().finite().min(0) })).min(1, 'must have at least one slot');

const checkinDocumentSchema = z.object({
  kind: z.literal('checkin').optional(),
  slot_minutes: z.number().int().min(1).default(5),
  rows: z.array(z.object({ id, counters: count })).min(1, 'must have at least one row'),
  sizing: z
    .object({
      service_seconds: z.number().finite().positive().default(120),
      max_queue_minutes: z.number().finite().positive().default(20),
      service_level: z.number().finite().gt(0).lt(1).default(0.95),
    })
    .prefault({}),
  profiles: z.record(z.string(), profileSchema).default({}),
  phases: z.boolean().default(false),
  /** With phases: the shortest phase; each window of this length takes its highest need. */
  phase_minutes: z.number().int().min(1).default(5),
  flights: z.array(
    z.object({
      id,
      airline: id,
      open: minute,
      close: minute,
      counters: count.optional(),
      std: minute.optional(),
      passengers: z.number().finite().min(0).optional(),
      profile: id.optional(),
      rows: z.array(id).optional(),
    }),
  ),
  locked: z.array(z.object({ flight: id, row: id, first_counter: count, phase: z.number().int().min(0).optional() })).default([]),
});
export type CheckinDocument = z.output<typeof checkinDocumentSchema>;

const accapInstanceSchema = z.object({
  name: z.string().optional(),
  source: z.string().optional(),
  times: count,
  airlines: count,
  flights: z.array(z.object({ id: z.number().int(), airline: count, start: count, duration: count, counters: count })),
});
export type AccapInstance = z.output<typeof accapInstanceSchema>;

function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new AllocError('invalid_document', formatPath(issue.path), issue.message);
}

function requireUnique(ids: readonly string[], field: string): Map<string, number> {
  const index = new Map<string, number>();
  ids.forEach((value, i) => {
    if (index.has(value)) throw new AllocError('duplicate_id', `${field}[${i}].id`, `duplicate id "${value}"`);
    index.set(value, i);
  });
  return index;
}

/** Parses and cross-checks a make-up document; throws `AllocError` naming the first bad field. */
export function parseMakeupDocument(input: unknown): MakeupDocument {
  const doc = parseWith(makeupDocumentSchema, input);
  const resources = requireUnique(
    doc.resources.map((r) => r.id),
    'resources',
  );
  const segregations = requireUnique(
    doc.segregations.map((s) => s.id),
    'segregations',
  );
  doc.segregations.forEach((s, i) => {
    if (!(s.end > s.start)) throw new AllocError('invalid_document', `segregations[${i}].end`, 'must be after start');
    s.eligible?.forEach((r, j) => {
      if (!resources.has(r)) {
        throw new AllocError('unknown_reference', `segregations[${i}].eligible[${j}]`, `unknown resource "${r}"`);
      }
    });
  });
  doc.locked.forEach((lock, i) => {
    const s = segregations.get(lock.segregation);
    if (s === undefined) {
      throw new AllocError('unknown_reference', `locked[${i}].segregation`, `unknown segregation "${lock.segregation}"`);
    }
    const r = resources.get(lock.resource);
    if (r === undefined) {
      throw new AllocError('unknown_reference', `locked[${i}].resource`, `unknown resource "${lock.resource}"`);
    }
    const seg = doc.segregations[s];
    const res = doc.resources[r];
    const eligible = seg.eligible ? seg.eligible.includes(res.id) : res.zone === seg.zone;
    if (!eligible) {
      throw new AllocError('locked_conflict', `locked[${i}].resource`, `"${res.id}" is not eligible for "${seg.id}"`);
    }
    if (lock.position !== undefined && lock.position >= res.positions) {
      throw new AllocError('locked_conflict', `locked[${i}].position`, `"${res.id}" has only ${res.positions} positions`);
    }
  });
  return doc;
}

/** Parses and cross-checks the product's check-in document. */
export function parseCheckinDocument(input: unknown): CheckinDocument {
  const doc = parseWith(checkinDocumentSchema, input);
  const rows = requireUnique(
    doc.rows.map((r) => r.id),
    'rows',
  );
  const flights = requireUnique(
    doc.flights.map((f) => f.id),
    'flights',
  );
  doc.flights.forEach((f, i) => {
    const at = `flights[${i}]`;
    if (!(f.close > f.open)) throw new AllocError('invalid_document', `${at}.close`, 'must be after open');
    if (f.counters === undefined) {
      if (f.passengers === undefined) {
        throw new AllocError('invalid_document', `${at}.passengers`, 'is required when counters is not given');
      }
      if (f.std === undefined) throw new AllocError('invalid_document', `${at}.std`, 'is required to size the flight');
      if (f.profile === undefined) {
        throw new AllocError('invalid_document', `${at}.profile`, 'is required to size the flight');
      }
      if (!(f.profile in doc.profiles)) {
        throw new AllocError('unknown_reference', `${at}.profile`, `unknown profile "${f.profile}"`);
      }
    }
    f.rows?.forEach((r, j) => {
      if (!rows.has(r)) throw new AllocError('unknown_reference', `${at}.rows[${j}]`, `unknown row "${r}"`);
    });
  });
  for (const [name, profile] of Object.entries(doc.profiles)) {
    if (!(profile.reduce((sum, p) => sum + p.share, 0) > 0)) {
      throw new AllocError('invalid_document', `profiles.${name}`, 'shares must add up to more than 0');
    }
  }
  doc.locked.forEach((lock, i) => {
    const f = flights.get(lock.flight);
    if (f === undefined) throw new AllocError('unknown_reference', `locked[${i}].flight`, `unknown flight "${lock.flight}"`);
    const r = rows.get(lock.row);
    if (r === undefined) throw new AllocError('unknown_reference', `locked[${i}].row`, `unknown row "${lock.row}"`);
    const eligible = doc.flights[f].rows;
    if (eligible && !eligible.includes(lock.row)) {
      throw new AllocError('locked_conflict', `locked[${i}].row`, `row "${lock.row}" is not eligible for "${lock.flight}"`);
    }
  });
  return doc;
}

/** Parses an ACCAP instance as stored in ../shared/data/accap (1-based slots and counters). */
export function parseAccapInstance(input: unknown): AccapInstance {
  const doc = parseWith(accapInstanceSchema, input);
  const seen = new Set<number>();
  doc.flights.forEach((f, i) => {
    if (seen.has(f.id)) throw new AllocError('duplicate_id', `flights[${i}].id`, `duplicate id ${f.id}`);
    seen.add(f.id);
    if (f.start + f.duration - 1 > doc.times) {
      throw new AllocError('invalid_document', `flights[${i}].duration`, `ends after slot ${doc.times}`);
    }
    if (f.airline > doc.airlines) {
      throw new AllocError('invalid_document', `flights[${i}].airline`, `must be at most ${doc.airlines}`);
    }
  });
  return doc;
}

/** True when a parsed JSON value looks like an ACCAP instance rather than a product document. */
export function isAccapInstance(input: unknown): boolean {
  return typeof input === 'object' && input !== null && 'times' in input && !('rows' in input);
}
