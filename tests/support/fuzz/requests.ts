// The malformed requests of one operation: fixed lists (each bad value in each parameter and
// body field, whole-body shapes, malformed JSON, wrong content types, broken multipart uploads)
// and seeded random ones (several hostile values at once, anywhere in the request).
import { plausible, resolve, type Operation, type Schema } from './openapi';
import { BAD_PARAMS, BAD_VALUES, hostileParam, hostileValue, LONG_TEXT, RawJson, toJson, type Random } from './values';

export type FuzzRequest = { method: string; url: string; body?: string; contentType?: string };

/** The ids requests are built around: the fuzzing user's scenario, and another user's row ids. */
export type FuzzIds = { scenarioId: number; foreignId: number };

function url(op: Operation, pathValues: Record<string, string>, query: Record<string, string>): string {
  // '%00' goes in as it is: the point is a NUL reaching the server, not a literal "%00". A URL
  // carries UTF-8, which has no lone surrogate: those become U+FFFD (through a UTF-8 round
  // trip), as a browser would send them.
  const encode = (v: string) => (v === '%00' ? v : encodeURIComponent(Buffer.from(v).toString()));
  const filled = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encode(pathValues[name]));
  const search = Object.entries(query).map(([k, v]) => `${k}=${encode(v)}`);
  return search.length ? `${filled}?${search.join('&')}` : filled;
}

function baseParams(op: Operation, ids: FuzzIds) {
  return {
    // Path ids are another user's rows: each must be refused as not found or forbidden.
    path: Object.fromEntries(op.pathParams.map((p) => [p.name, String(ids.foreignId)])),
    query: Object.fromEntries(op.queryParams.filter((p) => p.required).map((p) => [p.name, p.name === 'scenario_id' ? String(ids.scenarioId) : '1'])),
  };
}

const jsonRequest = (method: string, u: string, body: unknown, contentType = 'application/json'): FuzzRequest => ({
  method,
  url: u,
  ...(body !== undefined && { body: typeof body === 'string' ? body : toJson(body), contentType }),
});

/**
 * Whether the `value`-th bad value goes into the `slot`-th of `slots` fields or parameters when
 * one in `spread` of them is tried: every value still reaches some slot and every slot some
 * values (spread 1: every value in every slot).
 */
function tried(value: number, slot: number, slots: number, spread: number): boolean {
  const n = Math.min(spread, slots);
  return (((value - slot) % n) + n) % n === 0;
}

/** Malformed variants of a JSON body: whole-body shapes, then one field at a time. */
function bodyVariants(schema: Schema, ids: FuzzIds, spread: number): unknown[] {
  const s = resolve(schema);
  const item = s.type === 'array' ? resolve(s.items) : s;
  const base = plausible(item, ids) as Record<string, unknown>;
  const wrap = (b: unknown) => (s.type === 'array' ? [b] : b);
  const variants: unknown[] = [null, [], 'text', 42, {}, wrap({ ...base, unexpected_field: 1 })];
  const keys = Object.keys(item.properties ?? {});
  for (const [slot, key] of keys.entries()) {
    for (const [index, value] of BAD_VALUES.entries()) if (tried(index, slot, keys.length, spread)) variants.push(wrap({ ...base, [key]: value }));
    const { [key]: _dropped, ...without } = base;
    variants.push(wrap(without));
  }
  return variants;
}

/** A multipart/form-data body of the given parts (a part with a filename is a file). */
function multipart(boundary: string, parts: Array<{ name: string; value: string; filename?: string }>, close = true): string {
  const text = parts
    .map(
      (p) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename === undefined ? '' : `; filename="${p.filename}"`}\r\n\r\n${p.value}\r\n`,
    )
    .join('');
  return close ? `${text}--${boundary}--\r\n` : text;
}

function multipartRequests(method: string, u: string, ids: FuzzIds): FuzzRequest[] {
  const csv = 'Airline,Flight,Destination,Date,Time\nB6,1,FLL,2017-01-02,10:00\n';
  const file = { name: 'file', value: csv, filename: 'flights.csv' };
  const scenario = { name: 'scenario_id', value: String(ids.scenarioId) };
  const upload = (parts: Array<{ name: string; value: string; filename?: string }>, close = true): FuzzRequest => ({
    method,
    url: u,
    body: multipart('fuzz', parts, close),
    contentType: 'multipart/form-data; boundary=fuzz',
  });
  const out: FuzzRequest[] = [
    { method, url: u, body: multipart('fuzz', [scenario, file]), contentType: 'multipart/form-data' },
    { method, url: u, body: multipart('fuzz', [scenario, file]), contentType: 'multipart/form-data; boundary=other' },
    upload([scenario, file], false),
    upload([scenario]),
    upload([file]),
    upload([scenario, file, { ...file, filename: 'second.csv' }]),
    upload([scenario, { ...file, filename: `${'x'.repeat(300)}.csv` }]),
    upload([scenario, { ...file, filename: 'a\u0000.csv' }]),
    upload([scenario, { ...file, value: '\u0000\u0001\u0002 binary \u00ff' }]),
    upload([scenario, { ...file, value: LONG_TEXT }]),
  ];
  for (const value of [...BAD_PARAMS, String(ids.foreignId)]) out.push(upload([{ ...scenario, value }, file]));
  for (const [name, value] of [
    ['format', 'pdf'],
    ['from', '0000-01-01'],
    ['to', '9999-12-31'],
    ['time_zone', 'Mars/Base'],
    ['airport', 'XXXX'],
    ['name', 'a\u0000b'],
    ['na\u0000me', 'x'],
  ]) {
    out.push(upload([scenario, { name, value }, file]));
  }
  return out;
}

/**
 * The fixed malformed requests of one operation. With `spread` above 1, each bad value goes into
 * one in `spread` of the parameters and body fields (each kind of value still in every
 * operation); 1 tries every value everywhere.
 */
export function fixedRequests(op: Operation, ids: FuzzIds, spread = 1): FuzzRequest[] {
  const { path, query } = baseParams(op, ids);
  const baseBody = op.json ? plausible(op.json, ids) : undefined;
  const out: FuzzRequest[] = [];
  const params = [...op.pathParams.map((p) => ({ p, inPath: true })), ...op.queryParams.map((p) => ({ p, inPath: false }))];
  for (const [slot, { p, inPath }] of params.entries()) {
    for (const [index, v] of BAD_PARAMS.entries()) {
      if (!tried(index, slot, params.length, spread)) continue;
      const u = inPath ? url(op, { ...path, [p.name]: v }, query) : url(op, path, { ...query, [p.name]: v });
      out.push(jsonRequest(op.method, u, baseBody));
    }
  }
  const u = url(op, path, query);
  if (op.pathParams.length) out.push(jsonRequest(op.method, u, baseBody));
  if (op.json) {
    for (const body of bodyVariants(op.json, ids, spread)) out.push(jsonRequest(op.method, u, body));
    out.push(
      jsonRequest(op.method, u, '{"a":'),
      jsonRequest(op.method, u, 'name=x', 'text/plain'),
      jsonRequest(op.method, u, toJson(baseBody), 'application/xml'),
    );
    out.push(jsonRequest(op.method, u, `${'['.repeat(10_000)}${']'.repeat(10_000)}`));
  }
  if (op.multipart) out.push(...multipartRequests(op.method, u, ids));
  return out;
}

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-16',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  '',
];

/** A body with one to three fields (or the whole body) replaced by hostile values. */
function hostileBody(r: Random, op: Operation, ids: FuzzIds): unknown {
  const base = plausible(op.json!, ids);
  const target = Array.isArray(base) ? (base[0] as Record<string, unknown>) : (base as Record<string, unknown>);
  if (typeof target !== 'object' || target === null || r.int(8) === 0) return hostileValue(r);
  const keys = [...Object.keys(resolve(resolve(op.json).items ?? op.json).properties ?? {}), 'id', 'unexpected'];
  for (let n = 1 + r.int(3); n > 0; n--) target[r.pick(keys)] = hostileValue(r);
  return base;
}

/** `count` random malformed requests of one operation, drawn from `r`. */
export function randomRequests(r: Random, op: Operation, ids: FuzzIds, count: number): FuzzRequest[] {
  const out: FuzzRequest[] = [];
  for (let i = 0; i < count; i++) {
    const { path, query } = baseParams(op, ids);
    for (const p of op.pathParams) if (r.int(2) === 0) path[p.name] = hostileParam(r);
    for (const p of op.queryParams) if (r.int(3) === 0) query[p.name] = hostileParam(r);
    if (r.int(4) === 0) query[r.pick(['scenario_id', 'limit', 'offset', 'id', 'x'])] = hostileParam(r);
    const u = url(op, path, query);
    if (!op.json) {
      out.push({ method: op.method, url: u });
      continue;
    }
    const body = hostileBody(r, op, ids);
    const text = body instanceof RawJson ? body.text : toJson(body);
    // Now and then the right JSON under a wrong content type, or a body cut short.
    const contentType = r.int(6) === 0 ? r.pick(CONTENT_TYPES) : 'application/json';
    out.push({ method: op.method, url: u, body: r.int(10) === 0 ? text.slice(0, r.int(text.length)) : text, contentType });
  }
  return out;
}
