// One row of the EditableTable: its cells, and at the end Save and Undo (or Discard) while it has
// changes, the parent's row actions while it has none, and Delete; Enter saves, Escape reverts.
import type { KeyboardEvent, ReactNode } from 'react';
import type { ColumnSpec } from './cellCodecs';
import { EditableCell } from './EditableCell';
import type { RowErrors } from './useRowDrafts';

type EditableTableRowProps = {
  id: number;
  /** A row added here and not saved yet. */
  isNew: boolean;
  columns: readonly ColumnSpec[];
  /** How the row is named in its cells' and buttons' labels. */
  name: string;
  texts: Record<string, string>;
  editable: boolean;
  dirty: boolean;
  active: boolean;
  busy: boolean;
  errors: RowErrors | undefined;
  /** The parent's row actions (shown while the row has no changes) and Delete, if it may be deleted. */
  actions: ReactNode;
  onDelete: (() => void) | null;
  onEdit: (key: string, text: string) => void;
  onSave: () => void;
  onRevert: () => void;
  onFocus: () => void;
};

export function EditableTableRow(props: EditableTableRowProps) {
  const { id, isNew, columns, name, texts, editable, dirty, busy, errors } = props;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !(event.target instanceof HTMLButtonElement)) {
      event.preventDefault();
      props.onSave();
    } else if (event.key === 'Escape' && !isNew) {
      props.onRevert();
    }
  };
  return (
    <tr
      className={`data-table__row${dirty ? ' data-table__row--dirty' : ''}${props.active ? ' data-table__row--active' : ''}`}
      onKeyDown={onKeyDown}
      onFocus={props.onFocus}
    >
      {columns.map((column) => (
        // The width is kept when the table runs wider than its card (it scrolls instead of
        // squeezing names and choices to a few letters).
        <td key={column.key} style={column.width ? { width: column.width, minWidth: column.width } : undefined}>
          <EditableCell
            column={column}
            text={texts[column.key] ?? ''}
            label={`${column.label}, ${name}`}
            readOnly={column.readOnly === true || (column.readOnly === 'existing' && !isNew) || !editable}
            error={errors?.fields[column.key]}
            errorId={`cell-error-${id}-${column.key}`}
            onChange={(text) => props.onEdit(column.key, text)}
          />
        </td>
      ))}
      <td className="data-table__actions">
        {errors?.message && (
          <p className="cell-error" role="alert">
            {errors.message}
          </p>
        )}
        {dirty && (
          <>
            <button type="button" className="button button--small button--primary" aria-label={`Save ${name}`} disabled={busy} onClick={props.onSave}>
              Save
            </button>
            <button
              type="button"
              className="button button--small button--text"
              aria-label={isNew ? 'Discard new row' : `Undo changes to ${name}`}
              onClick={props.onRevert}
            >
              {isNew ? 'Discard' : 'Undo'}
            </button>
          </>
        )}
        {!dirty && props.actions}
        {props.onDelete && (
          <button
            type="button"
            className="button button--small button--text button--danger-text"
            aria-label={`Delete ${name}`}
            disabled={busy}
            onClick={props.onDelete}
          >
            Delete
          </button>
        )}
      </td>
    </tr>
  );
}
