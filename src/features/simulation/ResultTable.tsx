// A result table on screen with its CSV and XLSX exports, which say where the selected
// scenario's design day came from; long tables scroll inside a frame.
import { memo, useState } from 'react';
import { useAtomValue } from 'jotai';
import { changeTone, formatCell, type Cell, type Column, type Table } from './model/tables';
import { selectedScenarioAtom } from '../projects/scenarioSelection';
import { downloadScenarioTable } from '../season/exportNotes';

type ResultTableProps = { table: Table; filePrefix: string; caption?: string; tall?: boolean };

export const ResultTable = memo(function ResultTable({ table, filePrefix, caption, tall }: ResultTableProps) {
  const [error, setError] = useState<string | null>(null);
  const selected = useAtomValue(selectedScenarioAtom);
  const exportAs = (format: 'csv' | 'xlsx') => {
    setError(null);
    downloadScenarioTable(selected?.scenarioId ?? null, table, filePrefix, format).catch((caught: unknown) =>
      setError(caught instanceof Error ? caught.message : String(caught)),
    );
  };
  return (
    <section className="sim-table" aria-label={table.name}>
      <div className="chart-figure__header">
        <div>
          <h3 className="chart-figure__title">{table.name}</h3>
          {caption && <p className="chart-figure__caption">{caption}</p>}
        </div>
        <div className="chart-figure__actions">
          <button type="button" className="button button--small" onClick={() => exportAs('csv')} aria-label={`Export ${table.name} as CSV`}>
            CSV
          </button>
          <button type="button" className="button button--small" onClick={() => exportAs('xlsx')} aria-label={`Export ${table.name} as XLSX`}>
            XLSX
          </button>
        </div>
      </div>
      <div className={`sim-table__frame${tall ? ' sim-table__frame--tall' : ''}`}>
        <table className="data-table">
          <thead>
            <tr>
              {table.columns.map((c) => (
                <th key={c.key} className={c.digits !== undefined ? 'sim-table__number' : undefined} scope="col">
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row, i) => (
              <tr key={i}>
                {table.columns.map((c) => (
                  <TableCell key={c.key} value={row[c.key] ?? null} column={c} />
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
});

/** A cell; a change also says whether it is better or worse, in colour and for screen readers. */
function TableCell({ value, column }: { value: Cell; column: Column }) {
  const tone = changeTone(value, column);
  const classes = [column.digits !== undefined && 'sim-table__number', tone && `sim-table__${tone}`].filter(Boolean).join(' ');
  return (
    <td className={classes || undefined}>
      {formatCell(value, column)}
      {tone && <span className="visually-hidden"> ({tone})</span>}
    </td>
  );
}
