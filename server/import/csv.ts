// CSV schedules: RFC 4180 text split into cells, then read by the shared schedule table reader.

import { parseScheduleTable, type TableRow } from './scheduleTable';
import type { ImportOptions, ImportResult } from './types';

/**
 * Splits RFC 4180 text into rows of cells: quoted fields may hold separators, doubled quotes and
 * line breaks; CRLF and LF both end a record. A row keeps the line number it starts on. The
 * separator is the comma, or the semicolon or tab when the first line uses those instead (as
 * spreadsheet exports in some locales do).
 */
export function splitCsv(text: string): { rows: TableRow[]; unterminatedQuoteLine: number | null } {
  const body = text.replace(/^\uFEFF/, '');
  const firstLine = body.slice(0, body.search(/\r?\n|$/));
  const count = (c: string) => firstLine.split(c).length - 1;
  const separator = [',', ';', '\t'].reduce((best, c) => (count(c) > count(best) ? c : best), ',');

  const rows: TableRow[] = [];
  let cells: string[] = [];
  let cell = '';
  let line = 1;
  let rowLine = 1;
  let quoteLine: number | null = null;
  const endRow = () => {
    cells.push(cell);
    rows.push({ line: rowLine, cells });
    cells = [];
    cell = '';
  };
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (quoteLine !== null) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') {
        quoteLine = null;
      } else {
        if (c === '\n') line++;
        cell += c;
      }
    } else if (c === '"' && cell === '') {
      quoteLine = line;
    } else if (c === separator) {
      cells.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i++;
      endRow();
      rowLine = ++line;
    } else {
      cell += c;
    }
  }
  if (cell !== '' || cells.length) endRow();
  return { rows, unterminatedQuoteLine: quoteLine };
}

export function parseScheduleCsv(text: string, options: ImportOptions): ImportResult {
  const { rows, unterminatedQuoteLine } = splitCsv(text);
  if (unterminatedQuoteLine !== null) {
    const line = unterminatedQuoteLine;
    return { flights: [], errors: [{ line, message: `line ${line}: a quoted field is never closed` }], warnings: [], period: null };
  }
  return parseScheduleTable(rows, options);
}
