// The one spreadsheet-like editor behind every list of scenario data, projects, scenarios,
// members and segregations: a column description says what each cell holds; a changed row shows
// Save (or Enter saves, Escape reverts); the API's field errors appear under the cells they name.
// The parent performs the calls and passes the saved rows back in.
import { memo, useCallback, useState, type KeyboardEvent, type ReactNode } from 'react';
import { ApiError } from '../api/errors';
import { buildValues, columnForError, formatCell, readPath, type ColumnSpec } from './cellCodecs';

export type TableRow = { id: number };

type RowErrors = { fields: Record<string, string>; message?: string };

type EditableTableProps<Row extends TableRow> = {
  /** The table's accessible name. */
  label: string;
  columns: readonly ColumnSpec[];
  rows: readonly Row[];
  /** How a row is named in the labels of its cells and buttons ("Save JFK"). */
  rowName: (row: Row) => string;
  /** The noun of the add button ("Add airport"); no add button when absent. */
  addLabel?: string;
  /** The cell values of a newly added row. */
  newRow?: Record<string, unknown>;
  onCreate?: (values: Record<string, unknown>) => Promise<void>;
  onUpdate?: (row: Row, values: Record<string, unknown>) => Promise<void>;
  onDelete?: (row: Row) => Promise<void>;
  canEdit?: (row: Row) => boolean;
  canDelete?: (row: Row) => boolean;
  /** Whole-row rules checked before saving (shares totalling 100); messages by column key. */
  validate?: (values: Record<string, unknown>) => Record<string, string>;
  /** More buttons at the end of a saved row (Open, Clone, Select). */
  rowActions?: (row: Row) => ReactNode;
  /** Told the values as typed of the row being worked on (a live chart follows them). */
  onActiveChange?: (values: Record<string, unknown> | null, row: Row | null) => void;
  activeId?: number | null;
  emptyText?: string;
};

type Draft = { texts: Record<string, string>; isNew: boolean };

function textsOf(columns: readonly ColumnSpec[], values: object): Record<string, string> {
  return Object.fromEntries(columns.map((c) => [c.key, formatCell(c, readPath(values, c.key))]));
}

let nextNewId = -1;

function EditableTableImpl<Row extends TableRow>(props: EditableTableProps<Row>) {
  const { label, columns, rows, rowName, addLabel, newRow = {}, canEdit, canDelete, rowActions } = props;
  const [drafts, setDrafts] = useState<Record<number, Draft>>({});
  const [errors, setErrors] = useState<Record<number, RowErrors>>({});
  const [busy, setBusy] = useState<Record<number, boolean>>({});

  const newIds = Object.keys(drafts)
    .map(Number)
    .filter((id) => drafts[id].isNew)
    .sort((a, b) => b - a);

  const setDraft = (id: number, draft: Draft | null) =>
    setDrafts((all) => {
      const next = { ...all };
      if (draft) next[id] = draft;
      else delete next[id];
      return next;
    });

  const setRowErrors = (id: number, rowErrors: RowErrors | null) =>
    setErrors((all) => {
      const next = { ...all };
      if (rowErrors) next[id] = rowErrors;
      else delete next[id];
      return next;
    });

  const { onActiveChange } = props;
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

  async function save(id: number, row: Row | null) {
    const draft = drafts[id];
    if (!draft) return;
    const { values, errors: parseErrors } = buildValues(columns, row, draft.texts, draft.isNew);
    const ruleErrors = Object.keys(parseErrors).length === 0 ? (props.validate?.(values) ?? {}) : {};
    const found = { ...parseErrors, ...ruleErrors };
    if (Object.keys(found).length > 0) {
      setRowErrors(id, { fields: found });
      return;
    }
    setBusy((b) => ({ ...b, [id]: true }));
    try {
      if (row) await props.onUpdate?.(row, values);
      else await props.onCreate?.(values);
      setDraft(id, null);
      setRowErrors(id, null);
    } catch (caught) {
      if (!(caught instanceof ApiError)) throw caught;
      setRowErrors(id, apiErrors(columns, caught));
    } finally {
      setBusy((b) => ({ ...b, [id]: false }));
    }
  }

  function revert(id: number) {
    setDraft(id, null);
    setRowErrors(id, null);
  }

  async function remove(row: Row) {
    setBusy((b) => ({ ...b, [row.id]: true }));
    try {
      await props.onDelete?.(row);
      revert(row.id);
    } catch (caught) {
      if (!(caught instanceof ApiError)) throw caught;
      setRowErrors(row.id, { fields: {}, message: caught.message });
    } finally {
      setBusy((b) => ({ ...b, [row.id]: false }));
    }
  }

  function add() {
    const id = nextNewId--;
    const texts = textsOf(columns, newRow);
    setDraft(id, { texts, isNew: true });
    report(texts, null);
  }

  function renderRow(id: number, row: Row | null) {
    const draft = drafts[id];
    const name = row ? rowName(row) : 'new row';
    const texts = draft?.texts ?? textsOf(columns, row ?? {});
    const editable = row === null || (!!props.onUpdate && (canEdit?.(row) ?? true));
    const dirty = !!draft && (draft.isNew || !!row && Object.entries(draft.texts).some(([k, v]) => v !== textsOf(columns, row)[k]));
    const rowErrors = errors[id];
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Enter' && !(event.target instanceof HTMLButtonElement)) {
        event.preventDefault();
        void save(id, row);
      } else if (event.key === 'Escape' && row) {
        revert(id);
      }
    };
    return (
      <tr
        key={id}
        className={`data-table__row${dirty ? ' data-table__row--dirty' : ''}${props.activeId === id ? ' data-table__row--active' : ''}`}
        onKeyDown={onKeyDown}
        onFocus={() => report(texts, row)}
      >
        {columns.map((column) => {
          const readOnly = column.readOnly === true || (column.readOnly === 'existing' && row !== null) || !editable;
          const message = rowErrors?.fields[column.key];
          return (
            // The width is kept when the table runs wider than its card (it scrolls instead of
            // squeezing names and choices to a few letters).
            <td key={column.key} style={column.width ? { width: column.width, minWidth: column.width } : undefined}>
              <Cell
                column={column}
                text={texts[column.key] ?? ''}
                label={`${column.label}, ${name}`}
                readOnly={readOnly}
                error={message}
                errorId={`cell-error-${id}-${column.key}`}
                onChange={(text) => edit(id, row, column.key, text)}
              />
            </td>
          );
        })}
        <td className="data-table__actions">
          {rowErrors?.message && (
            <p className="cell-error" role="alert">
              {rowErrors.message}
            </p>
          )}
          {dirty && (
            <>
              <button type="button" className="button button--small button--primary" aria-label={`Save ${name}`} disabled={busy[id]} onClick={() => void save(id, row)}>
                Save
              </button>
              <button type="button" className="button button--small button--text" aria-label={row ? `Undo changes to ${name}` : 'Discard new row'} onClick={() => revert(id)}>
                {row ? 'Undo' : 'Discard'}
              </button>
            </>
          )}
          {row && !dirty && rowActions?.(row)}
          {row && props.onDelete && (canDelete?.(row) ?? true) && (
            <button type="button" className="button button--small button--text button--danger-text" aria-label={`Delete ${name}`} disabled={busy[id]} onClick={() => void remove(row)}>
              Delete
            </button>
          )}
        </td>
      </tr>
    );
  }

  return (
    <div className="data-table-wrap">
      <table className="data-table" aria-label={label}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" title={column.help} className={column.help ? 'data-table__has-help' : undefined}>
                {column.label}
              </th>
            ))}
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => renderRow(row.id, row))}
          {newIds.map((id) => renderRow(id, null))}
          {rows.length === 0 && newIds.length === 0 && (
            <tr>
              <td colSpan={columns.length + 1} className="data-table__empty">
                {props.emptyText ?? 'Nothing here yet.'}
              </td>
            </tr>
          )}
        </tbody>
      </table>
      {addLabel && props.onCreate && (
        <button type="button" className="button button--small data-table__add" onClick={add}>
          + {addLabel}
        </button>
      )}
    </div>
  );
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

type CellProps = {
  column: ColumnSpec;
  text: string;
  label: string;
  readOnly: boolean;
  error?: string;
  errorId: string;
  onChange: (text: string) => void;
};

const Cell = memo(function Cell({ column, text, label, readOnly, error, errorId, onChange }: CellProps) {
  if (readOnly) {
    const shown = column.options?.find((o) => String(o.value) === text)?.label ?? text;
    return <span className="data-table__text">{shown}</span>;
  }
  const common = {
    'aria-label': label,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    className: 'cell-input',
  };
  let input: ReactNode;
  if (column.kind === 'select' || column.kind === 'ref') {
    input = (
      <select {...common} value={text} onChange={(e) => onChange(e.target.value)}>
        {(column.optional || text === '') && <option value="">{column.optional ? '—' : 'Choose…'}</option>}
        {column.options?.map((o) => (
          <option key={String(o.value)} value={String(o.value)}>
            {o.label}
          </option>
        ))}
      </select>
    );
  } else if (column.kind === 'boolean') {
    input = <input {...common} type="checkbox" checked={text === 'true'} onChange={(e) => onChange(String(e.target.checked))} />;
  } else {
    const numeric = column.kind === 'number' || column.kind === 'integer';
    input = (
      <input
        {...common}
        type={column.kind === 'date' ? 'date' : 'text'}
        inputMode={numeric ? 'decimal' : undefined}
        value={text}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  }
  return (
    <>
      {input}
      {error && (
        <p id={errorId} className="cell-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
});

export const EditableTable = memo(EditableTableImpl) as typeof EditableTableImpl;
