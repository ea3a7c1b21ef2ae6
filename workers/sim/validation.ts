// Shared pieces of the document schemas: number rules with the messages users see, and the
// conversion of a zod failure into a SimError naming the field, e.g. `stations[0].servers`.
import { z } from 'zod';
import { invalidField } from './errors';

export const positiveInt = (what = 'a positive integer') =>
  z
    .number({ error: `must be ${what}` })
    .int({ error: `must be ${what}` })
    .positive({ error: `must be ${what}` });

export const nonNegativeInt = () =>
  z
    .number({ error: 'must be a non-negative integer' })
    .int({ error: 'must be a non-negative integer' })
    .nonnegative({ error: 'must be a non-negative integer' });

export const positiveNumber = () => z.number({ error: 'must be a positive number' }).positive({ error: 'must be a positive number' });

export const nonNegativeNumber = () => z.number({ error: 'must be a non-negative number' }).nonnegative({ error: 'must be a non-negative number' });

/** A number from 0 to 1 (a probability, a load factor). */
export const unitInterval = (what: string) =>
  z
    .number({ error: `must be ${what}` })
    .min(0, { error: `must be ${what}` })
    .max(1, { error: `must be ${what}` });

/** A minute of the (design) day; negative allowed for the evening before. */
export const minute = () => z.number({ error: 'must be a number of minutes' });

export const id = () => z.string({ error: 'must be a string' }).min(1, { error: 'must not be empty' });

export const seedField = () => z.number({ error: 'must be an integer' }).int({ error: 'must be an integer' }).default(1);

export const replicationsField = () => positiveInt().max(10000, { error: 'must be at most 10000' }).default(1);

const distSchema = z.discriminatedUnion(
  'dist',
  [
    z.strictObject({ dist: z.literal('exponential'), mean_minutes: positiveNumber() }),
    z.strictObject({ dist: z.literal('deterministic'), mean_minutes: positiveNumber() }),
    z.strictObject({
      dist: z.literal('erlang'),
      mean_minutes: positiveNumber(),
      k: positiveInt('an integer from 1 to 100').max(100, { error: 'must be an integer from 1 to 100' }),
    }),
    z.strictObject({ dist: z.literal('lognormal'), mean_minutes: positiveNumber(), cv: nonNegativeNumber() }),
    z.strictObject({ dist: z.literal('gamma'), mean_minutes: positiveNumber(), cv: nonNegativeNumber() }),
  ],
  { error: 'must name a dist: exponential, deterministic, erlang, lognormal or gamma' },
);
export const serviceSchema = () => distSchema;

function fieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) {
    if (typeof p === 'number') out += `[${p}]`;
    else out += out ? `.${String(p)}` : String(p);
  }
  return out;
}

/** Parses with a zod schema; the first problem becomes a SimError naming its field. */
export function parseOrThrow<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (issue.code === 'unrecognized_keys') {
    return failAt(fieldPath([...issue.path, issue.keys[0]]), 'unknown field');
  }
  return failAt(fieldPath(issue.path), issue.message);
}

function failAt(field: string, message: string): never {
  throw invalidField(field, message);
}

export function ensure(ok: boolean, field: string, problem: string): void {
  if (!ok) throw invalidField(field, problem);
}
