import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { parseScheduleCsv } from './csv';
import { cellText, parseScheduleXlsx } from './xlsx';

const OPTIONS = { from: '2017-01-02', to: '2017-01-02', airport: 'JFK', timeZone: 'America/New_York' };

async function workbook(rows: ExcelJS.CellValue[][], firstSheetName = 'Schedule'): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(firstSheetName);
  rows.forEach((r) => sheet.addRow(r));
  book.addWorksheet('Notes').addRow(['airline', 'flight']);
  return new Uint8Array(await book.xlsx.writeBuffer());
}

describe('parseScheduleXlsx', () => {
  it('reads the first worksheet like the same table as CSV, with typed cells', async () => {
    const buffer = await workbook([
      ['Carrier', 'Flight', 'Dest', 'Date', 'STD', 'Aircraft', 'Seats'],
      ['B6', 1983, 'MCO', new Date(Date.UTC(2017, 0, 2)), new Date(Date.UTC(1899, 11, 30, 5, 5)), '320', 150],
      ['DL', { richText: [{ text: '4' }, { text: '2' }] }, 'LAX', '2017-01-02', '23:59', '', null],
      ['AA', { formula: '100+1', result: 101 }, 'ORD', '2017-01-02', 700, '738', 160],
    ]);
    const xlsx = await parseScheduleXlsx(buffer, OPTIONS);
    const csv = parseScheduleCsv(
      'carrier,flight,dest,date,std,aircraft,seats\nB6,1983,MCO,2017-01-02,05:05,320,150\nDL,42,LAX,2017-01-02,23:59,,\nAA,101,ORD,2017-01-02,700,738,160',
      OPTIONS,
    );
    expect(xlsx.errors).toEqual([]);
    expect(xlsx.flights).toEqual(csv.flights);
    expect(xlsx.flights.map((f) => f.scheduled)).toEqual(['2017-01-02T10:05:00Z', '2017-01-03T04:59:00Z', '2017-01-02T12:00:00Z']);
  });

  it('reports bad rows by spreadsheet row number', async () => {
    const buffer = await workbook([
      ['airline', 'flight', 'dest', 'date', 'std'],
      ['B6', 1, 'BOS', '2017-01-02', '0700'],
      [],
      ['B6', 2, 'BOS', '2017-01-02', '2561'],
    ]);
    const result = await parseScheduleXlsx(buffer, OPTIONS);
    expect(result.flights).toEqual([]);
    expect(result.errors).toEqual([{ line: 4, message: 'line 4: std "2561" is not a time (HH:MM or HHMM)' }]);
  });

  it('answers an error, not an exception, for bytes that are no workbook', async () => {
    const result = await parseScheduleXlsx(new TextEncoder().encode('airline,flight\n'), OPTIONS);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatchObject({ line: 0, message: expect.stringContaining('not a readable XLSX workbook') });
  });
});

describe('cellText', () => {
  it('writes cell values as a CSV export would show them', () => {
    expect(cellText(new Date(Date.UTC(2017, 0, 2)))).toBe('2017-01-02');
    expect(cellText(new Date(Date.UTC(1899, 11, 30, 14, 30)))).toBe('14:30');
    expect(cellText(new Date(Date.UTC(2017, 0, 2, 14, 30)))).toBe('2017-01-02 14:30');
    expect(cellText(null)).toBe('');
    expect(cellText(0.85)).toBe('0.85');
    expect(cellText({ text: 'B6', hyperlink: 'https://jetblue.com' })).toBe('B6');
  });
});
