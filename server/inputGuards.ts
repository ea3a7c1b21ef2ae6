// Checks every request's JSON body, query and path values at the edge, before any route's
// schema or handler sees them, for what no column can hold: NUL characters (PostgreSQL's text
// refuses them) and free-form JSON nested deeper than anything the product writes (deep nesting
// overflows the stack of code that walks stored documents, such as a scenario's clone). Walked
// without recursion, so the check itself cannot overflow.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { invalid } from './errors';

/** Deepest nesting accepted in a request (flow graphs and settings use under 10 levels). */
const MAX_JSON_DEPTH = 64;

export const NUL_MESSAGE = 'Must not contain NUL (\\u0000) characters.';

type Found = { path: string; problem: string };

function fieldPath(path: Array<string | number>): string {
  return path.length ? path.map(String).join('.') : 'non_field_errors';
}

/** The first value in `root` that no column can hold, with its dotted path. */
function findUnstorable(root: unknown): Found | null {
  const stack: Array<{ value: unknown; path: Array<string | number> }> = [{ value: root, path: [] }];
  while (stack.length) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return { path: fieldPath(path), problem: NUL_MESSAGE };
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (path.length >= MAX_JSON_DEPTH) return { path: fieldPath(path.slice(0, 3)), problem: `Nested more than ${MAX_JSON_DEPTH} levels deep.` };
    for (const [key, child] of Object.entries(value)) {
      const childPath = [...path, Array.isArray(value) ? Number(key) : key];
      if (key.includes('\u0000')) return { path: fieldPath(path), problem: 'Keys must not contain NUL (\\u0000) characters.' };
      stack.push({ value: child, path: childPath });
    }
  }
  return null;
}

function check(request: FastifyRequest): void {
  for (const part of [request.params, request.query, request.body]) {
    const found = findUnstorable(part);
    if (found) throw invalid({ [found.path]: [found.problem] });
  }
}

export function registerInputGuards(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => check(request));
}
