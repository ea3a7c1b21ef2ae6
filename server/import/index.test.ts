import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { completeFlights } from './completeFlights';
import { parseScheduleCsv } from './csv';
import { detectFormat, parseSchedule } from './index';
import { parseSsim } from './ssim';
import { readSharedData } from '../../tests/support/sharedData';

const SSIM = readSharedData('ssim', 'rusty_ssim_sample.ssim');
const CSV = readSharedData('schedules', 'jfk_2017-01-02_departures.csv');

async function xlsxBytes(): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('s').addRows([
    ['airline', 'flight', 'dest', 'std'],
    ['B6', 1, 'BOS', '07:00'],
  ]);
  return new Uint8Array(await book.xlsx.writeBuffer());
}

describe('detectFormat', () => {
  it('goes by the extension when there is one it knows', async () => {
    expect(detectFormat('winter.SSIM', SSIM)).toBe('ssim');
    expect(detectFormat('day.csv', CSV)).toBe('csv');
    expect(detectFormat('day.xlsx', await xlsxBytes())).toBe('xlsx');
    expect(detectFormat('old.xls', new Uint8Array([0xd0, 0xcf, 0x11, 0xe0]))).toBeNull();
  });

  it('looks at the content otherwise', async () => {
    expect(detectFormat('schedule.txt', SSIM)).toBe('ssim');
    expect(detectFormat('schedule', CSV)).toBe('csv');
    expect(detectFormat('upload.bin', await xlsxBytes())).toBe('xlsx');
    expect(detectFormat('image.dat', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0x00]))).toBeNull();
  });
});

describe('parseSchedule', () => {
  it('dispatches to the reader of each format and completes what the file leaves out', async () => {
    const ssimOptions = { from: '2018-04-03', to: '2018-04-03' };
    expect(await parseSchedule('ssim', SSIM, ssimOptions)).toEqual(completeFlights(parseSsim(SSIM.toString('utf8'), ssimOptions)));
    const csvOptions = { from: '2017-01-02', to: '2017-01-02', airport: 'JFK', timeZone: 'America/New_York' };
    const csv = await parseSchedule('csv', CSV, csvOptions);
    expect(csv).toEqual(completeFlights(parseScheduleCsv(CSV.toString('utf8'), csvOptions)));
    expect(csv.flights).toHaveLength(292);
    // The real day's flights without a type have seats now, and every flight a sector or a warning.
    expect(csv.flights.filter((f) => !f.seats)).toEqual([]);
    expect(csv.flights.filter((f) => f.sector === 'domestic')).toHaveLength(273);
    const xlsx = await parseSchedule('xlsx', await xlsxBytes(), csvOptions);
    expect(xlsx.flights.map((f) => [f.airline, f.flight_number, f.scheduled])).toEqual([['B6', '1', '2017-01-02T12:00:00Z']]);
  });
});
