// API failures as one typed error carrying the server's words: {"detail": "..."} or, for invalid
// input, {"field": ["message", ...]}; a write refused because the item changed meanwhile (412)
// carries the item as it is now. `unwrap` turns an openapi-fetch result into data or this error.

export type FieldErrors = Record<string, string[]>;

/** What a refused write (412: the item changed since it was read) tells the planner. */
export const CHANGED_MEANWHILE = 'Someone else changed this since you opened it: their values are shown now. Make your change again to keep yours.';

export class ApiError extends Error {
  readonly detail: string | null;
  readonly fields: FieldErrors;
  /** The item as it is now (a bulk write: the items that changed), when a write was refused because it had changed (412). */
  readonly current: unknown;

  /** `changedWords` replaces CHANGED_MEANWHILE for a 412 (with who changed the item, and when). */
  constructor(
    readonly status: number,
    body: unknown,
    changedWords = CHANGED_MEANWHILE,
  ) {
    const changed = status === 412 && typeof body === 'object' && body !== null;
    const { detail, fields } = changed ? { detail: changedWords, fields: {} } : readErrorBody(body);
    super(detail ?? (Object.values(fields).flat().join(' ') || `The server answered ${status}`));
    this.name = 'ApiError';
    this.detail = detail;
    this.fields = fields;
    this.current = changed ? body : null;
  }

  /** The messages for one field, joined; undefined when the field is fine. */
  fieldMessage(field: string): string | undefined {
    return this.fields[field]?.join(' ');
  }

  /** What a form shows above its button: the detail, or the messages of fields it has no input for. */
  messageBesides(shownFields: readonly string[]): string | undefined {
    if (this.detail) return this.detail;
    const others = Object.entries(this.fields).filter(([field]) => !shownFields.includes(field));
    if (others.length === 0 && Object.keys(this.fields).length > 0) return undefined;
    return others.flatMap(([, messages]) => messages).join(' ') || this.message;
  }
}

function readErrorBody(body: unknown): { detail: string | null; fields: FieldErrors } {
  if (typeof body !== 'object' || body === null) return { detail: null, fields: {} };
  const record = body as Record<string, unknown>;
  if (typeof record.detail === 'string') return { detail: record.detail, fields: {} };
  const fields: FieldErrors = {};
  for (const [field, messages] of Object.entries(record)) {
    if (Array.isArray(messages)) fields[field] = messages.map(String);
  }
  return { detail: null, fields };
}

type FetchResult<T> = { data?: T; error?: unknown; response: Response };

/** The answer's data, or an ApiError for a status outside 200 to 299. */
export async function unwrap<T>(call: Promise<FetchResult<T>>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok) throw new ApiError(response.status, error);
  return data as T;
}

/** The If-Match header of a write made against `row` as it was read: the server refuses it (412) if the row has changed since. */
export const ifMatch = (row: { version: number }) => ({ 'if-match': `"${row.version}"` });

/** Words for a refusal because the item changed meanwhile, naming who changed it and when (src/live/lastChange.ts). */
export type ChangedWords = (current: unknown) => Promise<string>;

/**
 * A write made against an item as it was read (ifMatch): when the server refuses it because the
 * item changed meanwhile (412), `showTheirs` gets the item as it is now, so that the screen shows
 * what the other planner made of it, and the refusal is thrown on for the screen to say, in
 * `words` when given.
 */
export async function unlessChanged<T, Item>(write: Promise<T>, showTheirs: (current: Item) => void, words?: ChangedWords): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (!(error instanceof ApiError) || error.current === null) throw error;
    if (!Array.isArray(error.current)) showTheirs(error.current as Item);
    throw words ? new ApiError(error.status, error.current, await words(error.current)) : error;
  }
}
