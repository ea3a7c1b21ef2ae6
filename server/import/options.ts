// Validation of the import options every importer shares: the requested dates, the airport and
// the time zone, reported as file-level issues (line 0) rather than thrown.

import { parseIsoDate } from './calendar';
import type { ImportIssue, ImportOptions } from './types';
import { isTimeZone } from '../../workers/report/zonedTime';

export type CheckedOptions = { fromDay: number; toDay: number; airport: string | undefined };

export function checkOptions(options: ImportOptions): { checked: CheckedOptions | null; errors: ImportIssue[] } {
  const errors: ImportIssue[] = [];
  const fromDay = parseIsoDate(options.from);
  const toDay = parseIsoDate(options.to);
  if (fromDay === null) errors.push({ line: 0, message: `from "${options.from}" is not a date (YYYY-MM-DD)` });
  if (toDay === null) errors.push({ line: 0, message: `to "${options.to}" is not a date (YYYY-MM-DD)` });
  if (fromDay !== null && toDay !== null && fromDay > toDay) {
    errors.push({ line: 0, message: `from ${options.from} is after to ${options.to}` });
  }
  const airport = options.airport?.trim().toUpperCase() || undefined;
  if (airport !== undefined && !/^[A-Z]{3}$/.test(airport)) {
    errors.push({ line: 0, message: `airport "${options.airport}" is not an IATA airport code` });
  }
  if (options.timeZone !== undefined && !isTimeZone(options.timeZone)) {
    errors.push({ line: 0, message: `time zone "${options.timeZone}" is not an IANA time zone` });
  }
  if (errors.length || fromDay === null || toDay === null) return { checked: null, errors };
  return { checked: { fromDay, toDay, airport }, errors };
}
