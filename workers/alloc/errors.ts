// Typed errors of the allocation engines, so callers (CLI, jobs, UI) can map a `code` to words
// and a bad document names the offending field.

export type AllocErrorCode = 'invalid_document' | 'unknown_reference' | 'duplicate_id' | 'locked_conflict' | 'solver_failed';

export class AllocError extends Error {
  override readonly name = 'AllocError';
  constructor(
    readonly code: AllocErrorCode,
    /** Path of the offending field, e.g. `segregations[3].end`; empty for the whole document. */
    readonly field: string,
    detail: string,
  ) {
    super(field ? `${field}: ${detail}` : detail);
  }
}

/** Formats a zod-style path (`['segregations', 3, 'end']`) as `segregations[3].end`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out;
}
