// What the fuzz test sends in place of good values: fixed lists every field gets, and hostile
// values drawn from a seeded generator (the same seed draws the same values, so a failure
// reproduces from the seed the test prints).

/** A JSON literal JSON.stringify cannot write: numbers past a double (1e400), or past 2^53. */
export class RawJson {
  constructor(readonly text: string) {}
}

export const LONG_TEXT = 'x'.repeat(100_000);
const YEAR_ZERO = '0000-01-01T00:00:00Z';

/** Every body field gets each of these in turn. */
export const BAD_VALUES: unknown[] = [
  null,
  LONG_TEXT,
  2147483648,
  -1,
  1.5,
  1e308,
  new RawJson('1e400'),
  new RawJson('9007199254740993'),
  true,
  {},
  [],
  YEAR_ZERO,
  'a\u0000b',
];
/** Every path and query parameter gets each of these in turn (a URL has no room for 100,000). */
export const BAD_PARAMS = ['abc', '0', '-1', '1.5', '2147483648', '99999999999999999999', '1e400', 'NaN', '%00', '0000-01-01', 'x'.repeat(5000)];

const STRINGS = [
  '',
  ' ',
  LONG_TEXT,
  'a\u0000b',
  '\u0000',
  '\ud800',
  '東京 schedule',
  '🛫'.repeat(300),
  "'; drop table flights; --",
  '../../../etc/passwd',
  '<script>alert(1)</script>',
  '\r\n\t\u0007',
  '99999999999999999999',
  '1e400',
  '-0',
  'null',
  'true',
];
const NUMBERS = [0, -0, -1, 1.5, 2147483647, 2147483648, -2147483649, 2 ** 53, 1e308, -1e308, 5e-324, 1e21];
const RAW_NUMBERS = ['1e400', '-1e400', '9007199254740993', '1' + '0'.repeat(400), '-0.0e-0'];
const DATES = [
  YEAR_ZERO,
  '1899-12-31T23:59:59Z',
  '2201-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '+275760-09-13T00:00:00Z',
  '2017-02-30T00:00:00Z',
  '2017-01-02T25:00:00Z',
  '2017-01-02T10:00:00+99:00',
  '2017-01-02',
  '0000-01-01',
  '2017-13-01',
  '1970-01-01T00:00:00Z',
];

export type Random = {
  /** A float in [0, 1). */
  next(): number;
  int(below: number): number;
  pick<T>(list: readonly T[]): T;
};

/** mulberry32: small, fast and good enough to spread test inputs; the same seed, the same run. */
export function seededRandom(seed: number): Random {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (below: number) => Math.floor(next() * below);
  return { next, int, pick: (list) => list[int(list.length)] };
}

/** A seed per name, so one operation's values do not shift when others are added. */
export function seedFor(seed: number, name: string): number {
  let h = seed >>> 0;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** Objects nested `depth` levels, built without recursion. */
function nested(depth: number, leaf: unknown = 1): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

/** A value a careless or hostile client might put anywhere in a request. */
export function hostileValue(r: Random, depth = 0): unknown {
  switch (r.int(depth > 1 ? 6 : 8)) {
    case 0:
      return r.pick(STRINGS);
    case 1:
      return r.pick(NUMBERS);
    case 2:
      return new RawJson(r.pick(RAW_NUMBERS));
    case 3:
      return r.pick(DATES);
    case 4:
      return r.pick([null, true, false]);
    case 5:
      return r.pick(STRINGS).slice(0, 40) + String(r.int(1000));
    case 6:
      return Array.from({ length: r.int(4) }, () => hostileValue(r, depth + 1));
    default:
      return r.int(4) === 0
        ? nested(60 + r.int(200))
        : Object.fromEntries(
            Array.from({ length: r.int(4) }, (_, i) => [
              r.pick(['id', 'zone_id', 'name', 'a\u0000', '__proto__', 'constructor', `k${i}`]),
              hostileValue(r, depth + 1),
            ]),
          );
  }
}

/** A query or path value: a hostile value as a URL would carry it. */
export function hostileParam(r: Random): string {
  const value = hostileValue(r, 2);
  const text = value instanceof RawJson ? value.text : typeof value === 'string' ? value : JSON.stringify(value);
  return text.slice(0, 5000);
}

/** JSON text of a body that may hold RawJson literals. */
export function toJson(body: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(body, (_key, value: unknown) => {
    if (!(value instanceof RawJson)) return value;
    raws.push(value.text);
    return `\u0001raw${raws.length - 1}\u0001`;
  });
  return text.replace(/"\\u0001raw(\d+)\\u0001"/g, (_, i: string) => raws[Number(i)]);
}
