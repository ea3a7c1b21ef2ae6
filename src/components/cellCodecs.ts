// How the editable table shows each kind of value as text and reads it back (pure, tested): a
// planner types "AA, DL" for a list of airline codes or "J 12, Y 88" for segregation shares, the
// way they would in a spreadsheet cell, and the table turns that into the API's JSON.

type CellKind = 'text' | 'number' | 'integer' | 'date' | 'select' | 'ref' | 'boolean' | 'list' | 'numbers' | 'shares';

export type CellOption = { value: string | number; label: string };

export type ColumnSpec = {
  /** Dotted path into the row ("actions.zone_id"); also the key of the API's field errors. */
  key: string;
  label: string;
  kind: CellKind;
  /** The choices of a select (strings) or a ref (ids of another list). */
  options?: readonly CellOption[];
  /** An empty cell means no value (null, or an absent criterion inside an object). */
  optional?: boolean;
  /** Never editable, or editable only while the row is new (a member's e-mail). */
  readOnly?: boolean | 'existing';
  /** Upper-case what is typed (codes). */
  upperCase?: boolean;
  width?: string;
  /** What the column means, shown on hover over its heading (and read by screen readers). */
  help?: string;
};

type Parsed = { ok: true; value: unknown } | { ok: false; message: string };

type NameShare = { name: string; share: number };

const SEPARATORS = /[\s,;]+/;

export function formatCell(column: ColumnSpec, value: unknown): string {
  if (value === null || value === undefined) return '';
  switch (column.kind) {
    case 'list':
    case 'numbers':
      return (value as unknown[]).join(', ');
    case 'shares':
      return (value as NameShare[]).map((s) => `${s.name} ${s.share}`).join(', ');
    case 'boolean':
      return value ? 'true' : 'false';
    default:
      return String(value);
  }
}

function toNumber(text: string): number | null {
  const normalised = text.trim().replace(/%$/, '');
  if (normalised === '') return null;
  const value = Number(normalised);
  return Number.isFinite(value) ? value : null;
}

function parseCell(column: ColumnSpec, raw: string): Parsed {
  const text = column.upperCase ? raw.trim().toUpperCase() : raw.trim();
  if (text === '' && column.kind !== 'text' && column.kind !== 'boolean') {
    return column.optional ? { ok: true, value: null } : { ok: false, message: 'Required.' };
  }
  switch (column.kind) {
    case 'text':
      return { ok: true, value: text === '' && column.optional ? null : text };
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(text) ? { ok: true, value: text } : { ok: false, message: 'Enter a date.' };
    case 'number':
    case 'integer': {
      const value = toNumber(text);
      if (value === null) return { ok: false, message: 'Enter a number.' };
      if (column.kind === 'integer' && !Number.isInteger(value)) return { ok: false, message: 'Enter a whole number.' };
      return { ok: true, value };
    }
    case 'select':
    case 'ref': {
      const option = column.options?.find((o) => String(o.value) === text);
      return option ? { ok: true, value: option.value } : { ok: false, message: 'Choose one of the options.' };
    }
    case 'boolean':
      return { ok: true, value: text === 'true' };
    case 'list':
      return { ok: true, value: text.split(SEPARATORS).filter(Boolean) };
    case 'numbers': {
      const values = text.split(SEPARATORS).filter(Boolean).map(toNumber);
      return values.every((v) => v !== null) ? { ok: true, value: values } : { ok: false, message: 'Enter numbers separated by commas.' };
    }
    case 'shares':
      return parseShares(text);
  }
}

/** "J 12, Y 78" or "J:12; Y:78" to [{name: 'J', share: 12}, ...]. */
function parseShares(text: string): Parsed {
  const shares: NameShare[] = [];
  for (const part of text
    .split(/[,;]+/)
    .map((p) => p.trim())
    .filter(Boolean)) {
    const match = /^(.+?)[\s:=]+(-?[\d.]+)\s*%?$/.exec(part);
    const share = match ? Number(match[2]) : NaN;
    if (!match || !Number.isFinite(share)) {
      return { ok: false, message: `Write each segregation as "name share", e.g. "Y 88" (not "${part}").` };
    }
    shares.push({ name: match[1].trim(), share });
  }
  return { ok: true, value: shares };
}

export function readPath(row: object, key: string): unknown {
  return key.split('.').reduce<unknown>((value, part) => (value as Record<string, unknown> | null)?.[part], row);
}

/**
 * The values to save: the original row's nested objects copied (so criteria the table shows no
 * column for are kept) with each column's parsed value set. Inside a nested object an empty
 * value removes the key (an absent criterion); at the top level it is null.
 */
export function buildValues(
  columns: readonly ColumnSpec[],
  original: object | null,
  texts: Record<string, string>,
  isNew: boolean,
): { values: Record<string, unknown>; errors: Record<string, string> } {
  const values: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const column of columns) {
    if (column.readOnly === true || (column.readOnly === 'existing' && !isNew)) continue;
    const parsed = parseCell(column, texts[column.key] ?? '');
    if (!parsed.ok) {
      errors[column.key] = parsed.message;
      continue;
    }
    const [head, ...rest] = column.key.split('.');
    if (rest.length === 0) {
      values[head] = parsed.value;
      continue;
    }
    const base = (values[head] ??= { ...((original && readPath(original, head)) ?? {}) }) as Record<string, unknown>;
    const empty = parsed.value === null || (Array.isArray(parsed.value) && parsed.value.length === 0);
    if (empty) delete base[rest.join('.')];
    else base[rest.join('.')] = parsed.value;
  }
  return { values, errors };
}

/** The column an API field error ("actions.load_factor", "shares.3") belongs to, if any. */
export function columnForError(columns: readonly ColumnSpec[], field: string): ColumnSpec | undefined {
  return columns.find((c) => field === c.key || field.startsWith(`${c.key}.`));
}
