// The EditableTable's state: each row's texts as typed (a draft), its errors and whether a call
// for it is under way, and the actions on them: edit a cell, save (the column codecs and the
// whole-row rules first, then the parent's call, whose 400 lands under the cells it names),
// revert, delete, add a new row.
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../api/errors';
import { buildValues, columnForError, formatCell, readPath, type ColumnSpec } from './cellCodecs';

export type TableRow = { id: number };
export type RowErrors = { fields: Record<string, string>; message?: string };
type Draft = { texts: Record<string, string>; isNew: boolean };

export interface RowDraftOptions<Row extends TableRow> {
  columns: readonly ColumnSpec[];
  newRow: Record<string, unknown>;
  onCreate?: (values: Record<string, unknown>) => Promise<void>;
  onUpdate?: (row: Row, values: Record<string, unknown>) => Promise<void>;
  onDelete?: (row: Row) => Promise<void>;
  validate?: (values: Record<string, unknown>) => Record<string, string>;
  onActiveChange?: (values: Record<string, unknown> | null, row: Row | null) => void;
  /** Told whether any row has edits not saved yet (a screen holds others' changes meanwhile). */
  onDrafting?: (drafting: boolean) => void;
}

export function textsOf(columns: readonly ColumnSpec[], values: object): Record<string, string> {
  return Object.fromEntries(columns.map((c) => [c.key, formatCell(c, readPath(values, c.key))]));
}

/** Keyed state that drops a key when set to null. */
function useKeyed<T>() {
  const [all, setAll] = useState<Record<number, T>>({});
  const set = useCallback(
    (id: number, value: T | null) =>
      setAll((current) => {
        const next = { ...current };
        if (value !== null) next[id] = value;
        else delete next[id];
        return next;
      }),
    [],
  );
  return [all, set] as const;
}

let nextNewId = -1;

export function useRowDrafts<Row extends TableRow>(options: RowDraftOptions<Row>) {
  const { columns, onActiveChange } = options;
  const [drafts, setDraft] = useKeyed<Draft>();
  const [errors, setRowErrors] = useKeyed<RowErrors>();
  const [busy, setBusy] = useKeyed<boolean>();

  const drafting = Object.keys(drafts).length > 0;
  const { onDrafting } = options;
  useEffect(() => {
    onDrafting?.(drafting);
    // A table that goes (another tab) leaves no edits behind.
    return () => onDrafting?.(false);
  }, [drafting, onDrafting]);

  const newIds = Object.keys(drafts)
    .map(Number)
    .filter((id) => drafts[id].isNew)
    .sort((a, b) => b - a);

  const report = useCallback(
    (texts: Record<string, string>, row: Row | null) => {
      if (onActiveChange) onActiveChange(buildValues(columns, row, texts, row === null).values, row);
    },
    [columns, onActiveChange],
  );

  function edit(id: number, row: Row | null, key: string, text: string) {
    const current = drafts[id] ?? { texts: textsOf(columns, row ?? {}), isNew: row === null };
    const texts = { ...current.texts, [key]: text };
    setDraft(id, { ...current, texts });
    report(texts, row);
  }

  /** Runs the parent's call for row `id`; an ApiError lands on the row, anything else is thrown on. */
  async function call(id: number, run: () => Promise<void>, onError: (error: ApiError) => RowErrors) {
    setBusy(id, true);
    try {
      await run();
      setDraft(id, null);
      setRowErrors(id, null);
    } catch (caught) {
      if (!(caught instanceof ApiError)) throw caught;
      // Refused because someone changed the row meanwhile (412): their values are shown, as the
      // message says; the planner makes their change again on them to keep their own.
      if (caught.current !== null) setDraft(id, null);
      setRowErrors(id, onError(caught));
    } finally {
      setBusy(id, false);
    }
  }

  async function save(id: number, row: Row | null) {
    const draft = drafts[id];
    if (!draft) return;
    const { values, errors: parseErrors } = buildValues(columns, row, draft.texts, draft.isNew);
    const ruleErrors = Object.keys(parseErrors).length === 0 ? (options.validate?.(values) ?? {}) : {};
    const found = { ...parseErrors, ...ruleErrors };
    if (Object.keys(found).length > 0) {
      setRowErrors(id, { fields: found });
      return;
    }
    await call(
      id,
      () => (row ? options.onUpdate?.(row, values) : options.onCreate?.(values)) ?? Promise.resolve(),
      (error) => apiErrors(columns, error),
    );
  }

  function revert(id: number) {
    setDraft(id, null);
    setRowErrors(id, null);
  }

  async function remove(row: Row) {
    await call(
      row.id,
      () => options.onDelete?.(row) ?? Promise.resolve(),
      (error) => ({ fields: {}, message: error.message }),
    );
  }

  function add() {
    const id = nextNewId--;
    const texts = textsOf(columns, options.newRow);
    setDraft(id, { texts, isNew: true });
    report(texts, null);
  }

  return { drafts, errors, busy, newIds, report, edit, save, revert, remove, add };
}

/** The API's 400 laid onto the cells: each field's messages under its column, the rest for the row. */
function apiErrors(columns: readonly ColumnSpec[], error: ApiError): RowErrors {
  const fields: Record<string, string> = {};
  const others: string[] = [];
  for (const [field, messages] of Object.entries(error.fields)) {
    const column = columnForError(columns, field);
    if (column) fields[column.key] = [fields[column.key], ...messages].filter(Boolean).join(' ');
    else others.push(...messages);
  }
  const message = error.detail ?? (others.length > 0 ? others.join(' ') : Object.keys(fields).length ? undefined : error.message);
  return { fields, message };
}
