// The importers' single entry point: which reader a file needs, and reading it (what the file
// leaves out completed), for the upload route, the import job, seasons and design days.

import { completeFlights } from './completeFlights';
import { parseScheduleCsv } from './csv';
import { parseSsim } from './ssim';
import type { ImportOptions, ImportResult } from './types';
import { parseScheduleXlsx } from './xlsx';

export type ScheduleFormat = 'ssim' | 'csv' | 'xlsx';
export type { ImportedFlight, ImportIssue, ImportOptions, ImportResult } from './types';

/** XLSX is a ZIP archive; every ZIP starts with these bytes. */
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/**
 * The format of an uploaded file from its extension, or from its first bytes when the extension
 * says nothing (.txt, .dat, none). Null when it is none of the three (e.g. a legacy .xls).
 */
export function detectFormat(filename: string, content: Uint8Array): ScheduleFormat | null {
  const extension = /\.([^.]+)$/.exec(filename.toLowerCase())?.[1];
  if (extension === 'xlsx') return 'xlsx';
  if (extension === 'csv') return 'csv';
  if (extension === 'ssim') return 'ssim';
  if (extension === 'xls') return null;
  if (ZIP_MAGIC.every((b, i) => content[i] === b)) return 'xlsx';
  const head = new TextDecoder().decode(content.subarray(0, 4096));
  if (head.includes('\0')) return null;
  const firstRecord = head.split(/\r?\n/).find((l) => l.trim() !== '') ?? '';
  // SSIM records are 200 characters and start with their type digit (or are all-zero fillers).
  if (firstRecord.length === 200 && /^[0-5]/.test(firstRecord)) return 'ssim';
  return 'csv';
}

/** A file's flights, their missing seats and sectors completed (completeFlights.ts). */
export async function parseSchedule(format: ScheduleFormat, content: Uint8Array, options: ImportOptions): Promise<ImportResult> {
  return completeFlights(await readSchedule(format, content, options));
}

async function readSchedule(format: ScheduleFormat, content: Uint8Array, options: ImportOptions): Promise<ImportResult> {
  if (format === 'xlsx') return parseScheduleXlsx(content, options);
  const text = new TextDecoder('utf-8').decode(content);
  return format === 'ssim' ? parseSsim(text, options) : parseScheduleCsv(text, options);
}
