// The one spreadsheet-like editor behind every list of scenario data, projects, scenarios,
// members and segregations: a column description says what each cell holds; a changed row shows
// Save (or Enter saves, Escape reverts); the API's field errors appear under the cells they name.
// The parent performs the calls and passes the saved rows back in.
import { memo, type ReactNode } from 'react';
import type { ColumnSpec } from './cellCodecs';
import { EditableTableRow } from './EditableTableRow';
import { textsOf, useRowDrafts, type TableRow } from './useRowDrafts';

export type { TableRow };

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
  /** Told whether any row has edits not saved yet. */
  onDrafting?: (drafting: boolean) => void;
  activeId?: number | null;
  emptyText?: string;
};

function EditableTableImpl<Row extends TableRow>(props: EditableTableProps<Row>) {
  const { label, columns, rows, rowName, addLabel, newRow = {}, canEdit, canDelete, rowActions, onDelete } = props;
  const table = useRowDrafts<Row>({ ...props, newRow });
  const { drafts, errors, busy, newIds } = table;

  function renderRow(id: number, row: Row | null) {
    const draft = drafts[id];
    const texts = draft?.texts ?? textsOf(columns, row ?? {});
    const saved = row ? textsOf(columns, row) : null;
    return (
      <EditableTableRow
        key={id}
        id={id}
        isNew={row === null}
        columns={columns}
        name={row ? rowName(row) : 'new row'}
        texts={texts}
        editable={row === null || (!!props.onUpdate && (canEdit?.(row) ?? true))}
        dirty={!!draft && (draft.isNew || (!!saved && Object.entries(draft.texts).some(([k, v]) => v !== saved[k])))}
        active={props.activeId === id}
        busy={!!busy[id]}
        errors={errors[id]}
        actions={row ? rowActions?.(row) : null}
        onDelete={row && onDelete && (canDelete?.(row) ?? true) ? () => void table.remove(row) : null}
        onEdit={(key, text) => table.edit(id, row, key, text)}
        onSave={() => void table.save(id, row)}
        onRevert={() => table.revert(id)}
        onFocus={() => table.report(texts, row)}
      />
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
        <button type="button" className="button button--small data-table__add" onClick={table.add}>
          + {addLabel}
        </button>
      )}
    </div>
  );
}

export const EditableTable = memo(EditableTableImpl) as typeof EditableTableImpl;
