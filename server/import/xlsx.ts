// XLSX schedules: the first worksheet's cells as text, then read by the shared schedule table
// reader, so a spreadsheet and a CSV export of it import the same flights.

import ExcelJS from 'exceljs';
import { isoUtc } from './calendar';
import { parseScheduleTable, type TableRow } from './scheduleTable';
import type { ImportOptions, ImportResult } from './types';

/** Excel's day zero: a time-only cell comes back from exceljs as a Date on this day. */
const EXCEL_EPOCH_DATE = '1899-12-30';

/**
 * The text a cell would show in a CSV export. Dates come back from exceljs as UTC Dates holding
 * the wall-clock value: a date alone becomes YYYY-MM-DD, a time alone HH:MM.
 */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const iso = isoUtc(value.getTime());
    if (iso.startsWith(EXCEL_EPOCH_DATE)) return iso.slice(11, 16);
    return iso.endsWith('T00:00:00Z') ? iso.slice(0, 10) : iso.slice(0, 16).replace('T', ' ');
  }
  if (typeof value !== 'object') return String(value);
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('result' in value) return value.result === undefined ? '' : cellText(value.result as ExcelJS.CellValue);
  if ('text' in value) return String(value.text);
  if ('error' in value) return String(value.error);
  return '';
}

export async function parseScheduleXlsx(buffer: Uint8Array, options: ImportOptions): Promise<ImportResult> {
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs's typings predate Uint8Array-backed Buffers; a Buffer view shares the bytes.
    await workbook.xlsx.load(Buffer.from(buffer.buffer, buffer.byteOffset, buffer.byteLength) as unknown as ExcelJS.Buffer);
  } catch (e) {
    const message = `not a readable XLSX workbook (${e instanceof Error ? e.message : String(e)})`;
    return { flights: [], errors: [{ line: 0, message }], warnings: [], period: null };
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return { flights: [], errors: [{ line: 0, message: 'the workbook has no worksheet' }], warnings: [], period: null };
  const rows: TableRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: string[] = [];
    for (let c = 1; c <= sheet.columnCount; c++) cells.push(cellText(row.getCell(c).value));
    rows.push({ line: rowNumber, cells });
  });
  return parseScheduleTable(rows, options);
}
