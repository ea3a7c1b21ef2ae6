// A result table as a file: CSV from the pure writer, XLSX through exceljs, loaded only when a
// planner first asks for a workbook (it is large and most visits never need it). Both carry the
// notes given (the scenario's provenance) below the table.
import { downloadBlob, fileSafe } from '../../charts/download';
import { formatCell, tableToCsv, type Table } from './model/tables';

export function downloadCsv(table: Table, prefix: string, notes: readonly string[] = []): void {
  downloadBlob(`${fileSafe(`${prefix} ${table.name}`)}.csv`, new Blob([tableToCsv(table, notes)], { type: 'text/csv;charset=utf-8' }));
}

export async function downloadXlsx(table: Table, prefix: string, notes: readonly string[] = []): Promise<void> {
  const { Workbook } = (await import('exceljs')).default;
  const workbook = new Workbook();
  const sheet = workbook.addWorksheet(table.name.slice(0, 31));
  sheet.columns = table.columns.map((c) => ({ header: c.label, key: c.key, width: Math.max(10, Math.min(40, c.label.length + 2)) }));
  for (const row of table.rows) {
    sheet.addRow(
      Object.fromEntries(
        table.columns.map((c) => {
          const value = row[c.key] ?? null;
          // Numbers stay numbers (rounded as shown) so the planner can compute with them.
          return [c.key, typeof value === 'number' ? Number(formatCell(value, c)) : value];
        }),
      ),
    );
  }
  if (notes.length) sheet.addRow([]);
  for (const note of notes) sheet.addRow([note]);
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  const buffer = await workbook.xlsx.writeBuffer();
  downloadBlob(
    `${fileSafe(`${prefix} ${table.name}`)}.xlsx`,
    new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
  );
}
