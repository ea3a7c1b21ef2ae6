// The OpenAPI document as the fuzz test reads it: every operation with its parameters and body
// schema, and for each body the plausible values a careless client would fill in, so that one
// wrong field at a time reaches the check that should refuse it.
import document from '../../../openapi/openapi.json' with { type: 'json' };

export type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
  format?: string;
};
type Parameter = { in: 'path' | 'query'; name: string; required?: boolean; schema: Schema };
type RawOperation = {
  description?: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses?: Record<string, unknown>;
};

export type Operation = {
  method: string;
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  /** The JSON body's schema, when the operation takes one. */
  json?: Schema;
  /** Documented as a multipart/form-data upload (its parts are described, not schema'd). */
  multipart: boolean;
  /** The status codes the document lists for it. */
  documented: Set<number>;
};

const spec = document as unknown as { paths: Record<string, Record<string, RawOperation>>; components: { schemas: Record<string, Schema> } };

/** The schema behind references, and the non-null variant of a nullable union. */
export function resolve(schema: Schema | undefined): Schema {
  let s = schema ?? {};
  while (s.$ref) s = spec.components.schemas[s.$ref.split('/').pop()!];
  const variant = s.anyOf ?? s.oneOf;
  return variant ? resolve(variant.find((v) => resolve(v).type !== 'null') ?? variant[0]) : s;
}

export function operations(): Operation[] {
  const out: Operation[] = [];
  for (const [path, methods] of Object.entries(spec.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = op.parameters ?? [];
      out.push({
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path'),
        queryParams: params.filter((p) => p.in === 'query'),
        json: op.requestBody?.content['application/json']?.schema,
        multipart: /multipart\/form-data/.test(op.description ?? ''),
        documented: new Set(Object.keys(op.responses ?? {}).map(Number)),
      });
    }
  }
  return out;
}

/** Ids the plausible values use: the fuzzing user's own scenario, and 1 for other references. */
export type Plausible = { scenarioId: number };

/** A value of `schema` a careless client might send: every required field present, plausible. */
export function plausible(schema: Schema, ids: Plausible, key = ''): unknown {
  const s = resolve(schema);
  if (s.enum) return s.enum[0];
  const type = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  if (type === 'object') {
    return Object.fromEntries((s.required ?? []).map((k) => [k, plausible(s.properties![k], ids, k)]));
  }
  if (type === 'array') return s.items ? [plausible(s.items, ids, key)] : [];
  if (type === 'integer') return key === 'scenario_id' ? ids.scenarioId : 1;
  if (type === 'number') return 1;
  if (type === 'boolean') return true;
  if (s.format === 'date-time') return '2017-01-02T10:00:00Z';
  if (s.format === 'date') return '2017-01-02';
  return key === 'email' ? 'someone@example.com' : 'x';
}
