// The one reading of a tabular schedule (CSV text or the first XLSX worksheet, already split into
// cells): header names to fields, each row checked and turned into a flight at its UTC time.

import { aircraftTypeOfModel } from '../reference/aircraftModels';
import { dayFromParts, instantOf, isoDate, isoUtc, parseIsoDate } from './calendar';
import { checkOptions, type CheckedOptions } from './options';
import type { ImportedFlight, ImportIssue, ImportOptions, ImportResult, Sector } from './types';
import { zonedWallToUtc } from '../../workers/report/zonedTime';

export type TableRow = { line: number; cells: string[] };

type ScheduleField =
  | 'airline'
  | 'flight_number'
  | 'suffix'
  | 'direction'
  | 'origin'
  | 'destination'
  | 'date'
  | 'year'
  | 'month'
  | 'day'
  | 'time'
  | 'departure_time'
  | 'arrival_time'
  | 'aircraft_type'
  | 'aircraft_model'
  | 'seats'
  | 'load_factor'
  | 'passengers'
  | 'sector'
  | 'service_type';

/**
 * Accepted header names per field, compared case-insensitively with spaces, dots and hyphens
 * read as underscores. The first name is the documented one (docs/schedule-import.md).
 * `dep_time` is deliberately absent: in BTS/nycflights data it is the actual, not the
 * scheduled, departure.
 */
const COLUMN_NAMES: Record<ScheduleField, string[]> = {
  airline: ['airline', 'carrier', 'airline_code', 'iata_airline'],
  flight_number: ['flight_number', 'flight', 'flight_no', 'flightno', 'flt'],
  suffix: ['suffix', 'operational_suffix'],
  direction: ['direction', 'dir', 'arr_dep', 'movement'],
  origin: ['origin', 'from', 'adep', 'orig', 'departure_airport'],
  destination: ['destination', 'dest', 'to', 'ades', 'arrival_airport'],
  date: ['date', 'flight_date', 'sched_date'],
  year: ['year'],
  month: ['month'],
  day: ['day'],
  time: ['time', 'scheduled', 'scheduled_time', 'sched_time'],
  departure_time: ['std', 'sched_dep_time', 'departure_time', 'scheduled_departure'],
  arrival_time: ['sta', 'sched_arr_time', 'arrival_time', 'scheduled_arrival'],
  aircraft_type: ['aircraft_type', 'aircraft', 'ac_type', 'actype', 'equipment'],
  aircraft_model: ['aircraft_model', 'model', 'faa_model_raw', 'aircraft_name'],
  seats: ['seats', 'capacity', 'seat_capacity'],
  load_factor: ['load_factor', 'lf', 'loadfactor'],
  passengers: ['passengers', 'pax'],
  sector: ['sector'],
  service_type: ['service_type', 'service'],
};

type Columns = Partial<Record<ScheduleField, number>>;

function normaliseName(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[\s.-]+/g, '_');
}

const FIELD_OF_NAME = new Map<string, ScheduleField>(
  (Object.entries(COLUMN_NAMES) as [ScheduleField, string[]][]).flatMap(([field, names]) => names.map((n) => [n, field] as const)),
);

function mapColumns(header: TableRow, opts: CheckedOptions): { columns: Columns; errors: string[]; noDate: boolean } {
  const columns: Columns = {};
  const errors: string[] = [];
  header.cells.forEach((name, index) => {
    const field = FIELD_OF_NAME.get(normaliseName(name));
    if (field === undefined) return;
    const earlier = columns[field];
    if (earlier !== undefined) errors.push(`columns "${header.cells[earlier]}" and "${name}" both give the ${field}`);
    else columns[field] = index;
  });
  const has = (f: ScheduleField) => columns[f] !== undefined;
  if (!has('flight_number')) errors.push(`no flight number column (${COLUMN_NAMES.flight_number.join(', ')})`);
  if (!has('time') && !has('departure_time') && !has('arrival_time')) {
    errors.push(`no time column (${[...COLUMN_NAMES.time, ...COLUMN_NAMES.departure_time, ...COLUMN_NAMES.arrival_time].join(', ')})`);
  }
  if (!has('origin') && !has('destination')) errors.push('no origin or destination column');
  const dateParts = (['year', 'month', 'day'] as const).filter(has);
  if (dateParts.length > 0 && dateParts.length < 3) errors.push('year, month and day columns must come together');
  const noDate = !has('date') && dateParts.length === 0;
  // Without dates a file is a design day: fine when one day was asked for, ambiguous otherwise.
  if (noDate && opts.fromDay !== opts.toDay)
    errors.push('no date column (date, or year/month/day); a file without dates can only fill a single day (from = to)');
  return { columns, errors, noDate };
}

/** Minutes after midnight of HH:MM, H:MM, HHMM or HMM (BTS data writes 05:05 as 505). */
export function parseClockTime(text: string): number | null {
  const m = /^(\d{1,2}):(\d{2})(?::00)?$/.exec(text) ?? (/^\d{1,4}$/.test(text) ? /^(\d{1,2})(\d{2})$/.exec(text.padStart(3, '0')) : null);
  if (!m) return null;
  const [h, min] = [Number(m[1]), Number(m[2])];
  return h < 24 && min < 60 ? h * 60 + min : null;
}

const SECTORS: Record<string, Sector> = {
  domestic: 'domestic',
  d: 'domestic',
  schengen: 'schengen',
  s: 'schengen',
  international: 'international',
  i: 'international',
};

/** Reads one row's cells by field, collecting every bad value with its column name. */
class RowReader {
  readonly errors: string[] = [];
  constructor(
    readonly row: TableRow,
    private readonly header: TableRow,
    private readonly columns: Columns,
  ) {}

  has(field: ScheduleField): boolean {
    return this.columns[field] !== undefined;
  }

  text(field: ScheduleField): string {
    const index = this.columns[field];
    return index === undefined ? '' : (this.row.cells[index] ?? '').trim();
  }

  bad<T>(field: ScheduleField, expected: string): T | null {
    this.errors.push(`${this.header.cells[this.columns[field]!].trim()} "${this.text(field)}" is not ${expected}`);
    return null;
  }

  missing(what: string): null {
    this.errors.push(`${what} is missing`);
    return null;
  }

  matched(field: ScheduleField, pattern: RegExp, expected: string): string | null {
    const value = this.text(field).toUpperCase();
    if (value === '') return '';
    return pattern.test(value) ? value : this.bad(field, expected);
  }

  count(field: ScheduleField): number | null {
    const value = this.text(field);
    return /^\d+(\.0*)?$/.test(value) ? Number(value) : this.bad(field, 'a whole number');
  }
}

function readRow(r: RowReader, opts: CheckedOptions, timeZone: string | undefined, designDay: number | null) {
  const airlineText = r.matched('airline', /^[A-Z0-9]{2}[A-Z]?$/, 'an airline code');
  const flightText = r.text('flight_number').toUpperCase().replace(/\s+/g, '');
  // A flight column may carry the designator too ("B6 1983") when there is no airline column.
  // (An IATA designator always holds a letter, which keeps "1983" from reading as "19" + "83".)
  const flightMatch = /^([A-Z][A-Z0-9][A-Z]?|\d[A-Z][A-Z]?)?(\d{1,4})([A-Z]?)$/.exec(flightText);
  let airline = airlineText;
  if (!flightText) r.missing('flight number');
  else if (!flightMatch || (flightMatch[1] && airlineText && flightMatch[1] !== airlineText))
    r.bad('flight_number', airlineText ? `a flight number of ${airlineText}` : 'a flight number');
  else airline = airlineText || flightMatch[1] || '';
  if (airlineText === '' && flightMatch && !flightMatch[1]) r.missing('airline');

  const suffix = r.matched('suffix', /^[A-Z]$/, 'a suffix letter') || flightMatch?.[3] || '';

  const directionText = r.text('direction').toLowerCase();
  let direction: ImportedFlight['direction'] | null = null;
  if (/^(d|dep|departure)$/.test(directionText)) direction = 'departure';
  else if (/^(a|arr|arrival)$/.test(directionText)) direction = 'arrival';
  else if (directionText) r.bad('direction', 'departure or arrival');

  let origin = r.matched('origin', /^[A-Z]{3}$/, 'an IATA airport code');
  let destination = r.matched('destination', /^[A-Z]{3}$/, 'an IATA airport code');
  const airport = opts.airport;
  if (!directionText) {
    // The station that is the planned airport says which way the flight goes; a file with only
    // a destination (or only an origin) column lists the airport's departures (or arrivals).
    // A row where neither station is the airport is read as a departure and skipped below.
    if (airport && origin !== airport && (destination === airport || (!destination && origin))) direction = 'arrival';
    else direction = 'departure';
  }
  if (direction === 'departure' && !origin && airport) origin = airport;
  if (direction === 'arrival' && !destination && airport) destination = airport;
  const atAirport = !airport || (direction === 'departure' ? origin === airport : destination === airport);

  if (origin === '') r.missing('origin');
  if (destination === '') r.missing('destination');

  let day: number | null = designDay;
  if (r.has('date')) {
    day = parseIsoDate(r.text('date'));
    if (day === null) r.bad('date', 'a date (YYYY-MM-DD)');
  } else if (r.has('year')) {
    const [y, m, d] = (['year', 'month', 'day'] as const).map((f) => r.text(f));
    day = /^\d{4}$/.test(y) && /^\d{1,2}$/.test(m) && /^\d{1,2}$/.test(d) ? dayFromParts(Number(y), Number(m), Number(d)) : null;
    if (day === null) r.errors.push(`year/month/day "${y}/${m}/${d}" is not a date`);
  }

  const timeField: ScheduleField =
    direction === 'arrival' ? (r.has('arrival_time') ? 'arrival_time' : 'time') : r.has('departure_time') ? 'departure_time' : 'time';
  let minutes: number | null = null;
  if (direction !== null) {
    if (!r.has(timeField)) r.missing(`${direction === 'arrival' ? 'STA' : 'STD'} column`);
    else if (!r.text(timeField)) r.missing(direction === 'arrival' ? 'STA' : 'STD');
    else minutes = parseClockTime(r.text(timeField)) ?? r.bad(timeField, 'a time (HH:MM or HHMM)');
  }

  // A type code wins; a model name (a registry's "AIRBUS A320-232") is read as its type.
  const aircraft = r.matched('aircraft_type', /^[A-Z0-9]{2,4}$/, 'an aircraft type code') || aircraftTypeOfModel(r.text('aircraft_model')) || '';
  const seats = r.text('seats') === '' ? null : r.count('seats');
  const passengers = r.text('passengers') === '' ? undefined : r.count('passengers');
  let loadFactor: number | undefined;
  const lfText = r.text('load_factor');
  if (lfText) {
    const percent = /^(\d+(?:\.\d+)?)\s*%$/.exec(lfText);
    const value = percent ? Number(percent[1]) / 100 : /^\d*\.?\d+$/.test(lfText) ? Number(lfText) : NaN;
    if (value >= 0 && value <= 1) loadFactor = value;
    else r.bad('load_factor', 'a load factor from 0 to 1 (or a percentage such as 85%)');
  }
  const sectorText = r.text('sector').toLowerCase();
  const sector = sectorText ? (SECTORS[sectorText] ?? r.bad<Sector>('sector', 'domestic, schengen or international')) : undefined;
  const serviceType = r.matched('service_type', /^[A-Z]$/, 'a service type letter');

  if (r.errors.length || direction === null || day === null || minutes === null) return null;
  const wall = instantOf(day, minutes);
  const flight: ImportedFlight = {
    line: r.row.line,
    airline: airline!,
    flight_number: String(Number(flightMatch![2])),
    suffix,
    direction,
    origin: origin!,
    destination: destination!,
    scheduled: isoUtc(timeZone ? zonedWallToUtc(wall, timeZone) : wall),
    date_local: isoDate(day),
    aircraft_type: aircraft,
    seats: seats ?? null,
    ...(loadFactor !== undefined && { load_factor: loadFactor }),
    ...(passengers != null && { passengers }),
    ...(sector != null && { sector }),
    ...(serviceType && { service_type: serviceType }),
  };
  return { flight, atAirport, day };
}

/** Lists at most a handful of line numbers in a warning about many rows. */
export function someLines(lines: number[]): string {
  return lines.length <= 5 ? lines.join(', ') : `${lines.slice(0, 5).join(', ')}, ...`;
}

/** Reads a schedule table whose first non-empty row is the header. */
export function parseScheduleTable(rows: TableRow[], options: ImportOptions): ImportResult {
  const { checked, errors } = checkOptions(options);
  const warnings: ImportIssue[] = [];
  const content = rows.filter((row) => row.cells.some((c) => c.trim() !== ''));
  const header = content[0];
  if (!checked || !header) {
    if (!header) errors.push({ line: 0, message: 'the file has no header row' });
    return { flights: [], errors, warnings, period: null };
  }
  const mapped = mapColumns(header, checked);
  errors.push(...mapped.errors.map((message) => ({ line: header.line, message: `line ${header.line}: ${message}` })));
  if (errors.length) return { flights: [], errors, warnings, period: null };
  if (mapped.noDate) warnings.push({ line: 0, message: `no date column: every row is a flight on ${options.from}` });
  if (!options.timeZone) warnings.push({ line: 0, message: 'no time zone given: times are read as UTC' });

  const flights: ImportedFlight[] = [];
  const elsewhere: number[] = [];
  const outside: number[] = [];
  let firstDay = Infinity;
  let lastDay = -Infinity;
  for (const row of content.slice(1)) {
    const reader = new RowReader(row, header, mapped.columns);
    const read = readRow(reader, checked, options.timeZone, mapped.noDate ? checked.fromDay : null);
    errors.push(...reader.errors.map((message) => ({ line: row.line, message: `line ${row.line}: ${message}` })));
    if (!read) continue;
    firstDay = Math.min(firstDay, read.day);
    lastDay = Math.max(lastDay, read.day);
    if (!read.atAirport) elsewhere.push(row.line);
    else if (read.day < checked.fromDay || read.day > checked.toDay) outside.push(row.line);
    else flights.push(read.flight);
  }
  if (elsewhere.length)
    warnings.push({
      line: 0,
      message: `${elsewhere.length} rows (lines ${someLines(elsewhere)}) neither depart from nor arrive at ${checked.airport}; skipped`,
    });
  if (outside.length)
    warnings.push({ line: 0, message: `${outside.length} rows (lines ${someLines(outside)}) are outside ${options.from}..${options.to}; skipped` });
  const period = firstDay <= lastDay ? { from: isoDate(firstDay), to: isoDate(lastDay) } : null;
  return { flights: errors.length ? [] : flights, errors, warnings, period };
}
