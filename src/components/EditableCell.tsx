// One cell of the EditableTable: its text read-only, or the input its column's kind asks for
// (select, checkbox, text) with the field's error under it.
import { memo, type ReactNode } from 'react';
import type { ColumnSpec } from './cellCodecs';

type EditableCellProps = {
  column: ColumnSpec;
  text: string;
  label: string;
  readOnly: boolean;
  error?: string;
  errorId: string;
  onChange: (text: string) => void;
};

export const EditableCell = memo(function EditableCell({ column, text, label, readOnly, error, errorId, onChange }: EditableCellProps) {
  if (readOnly) {
    const shown = column.options?.find((o) => String(o.value) === text)?.label ?? text;
    return (
      <span className="data-table__text" title={shown || undefined}>
        {shown}
      </span>
    );
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
        // A name longer than its column (a rule's) reads whole on hover, without focusing it.
        title={text || undefined}
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
