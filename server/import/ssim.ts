// IATA SSIM chapter 7 reader: turns the fixed-width type 1-5 records of an airline schedule into
// the dated flights of the requested dates, at one airport or at every station.

import { dayOfInstant, instantOf, isoDate, isoUtc, weekday } from './calendar';
import { checkOptions, type CheckedOptions } from './options';
import type { ImportedFlight, ImportIssue, ImportOptions, ImportResult } from './types';

const RECORD_LENGTH = 200;
const HEADER_TITLE = 'AIRLINE STANDARD SCHEDULE DATA SET';
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
/** SSIM's "until further notice" as the last date of a period. */
const OPEN_END = '00XXX00';

type Carrier = { airline: string; utc: boolean };

type Leg = {
  line: number;
  suffix: string;
  airline: string;
  flightNumber: string;
  serviceType: string;
  firstDay: number;
  lastDay: number | null;
  days: Set<number>;
  fortnightly: boolean;
  origin: string;
  std: number;
  depOffset: number;
  destination: string;
  sta: number;
  arrOffset: number;
  aircraftType: string;
  seats: number | null;
  depVariation: number;
  arrVariation: number;
  utc: boolean;
};

/** 1-based inclusive columns, as the SSIM manual and LAYOUT.md number them. */
function col(record: string, first: number, last: number): string {
  return record.slice(first - 1, last);
}

/** Reads one record's fields, collecting every bad field rather than stopping at the first. */
class FieldReader {
  readonly errors: string[] = [];
  constructor(private readonly record: string) {}

  raw(first: number, last: number): string {
    return col(this.record, first, last);
  }

  private bad(field: string, value: string, expected: string): null {
    this.errors.push(`${field} "${value}" is not ${expected}`);
    return null;
  }

  date(field: string, first: number, openEndAllowed = false): number | null | 'open' {
    const text = this.raw(first, first + 6);
    if (openEndAllowed && text === OPEN_END) return 'open';
    const m = /^(\d{2})([A-Z]{3})(\d{2})$/.exec(text);
    const month = m ? MONTHS.indexOf(m[2]) + 1 : 0;
    if (!m || month === 0) return this.bad(field, text, 'a date (DDMMMYY)');
    const yy = Number(m[3]);
    const ms = Date.UTC(yy < 70 ? 2000 + yy : 1900 + yy, month - 1, Number(m[1]));
    const d = new Date(ms);
    if (d.getUTCDate() !== Number(m[1])) return this.bad(field, text, 'a date (DDMMMYY)');
    return dayOfInstant(ms);
  }

  /** Minutes after midnight of an HHMM field. */
  time(field: string, first: number): number | null {
    const text = this.raw(first, first + 3);
    const m = /^([01]\d|2[0-3])([0-5]\d)$/.exec(text);
    return m ? Number(m[1]) * 60 + Number(m[2]) : this.bad(field, text, 'a time (HHMM)');
  }

  /** A UTC/local time variation (+HHMM / -HHMM) in minutes. */
  offset(field: string, first: number): number | null {
    const text = this.raw(first, first + 4);
    const m = /^([+-])(0\d|1[0-4])([0-5]\d)$/.exec(text);
    if (!m) return this.bad(field, text, 'a UTC offset (+HHMM or -HHMM)');
    return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
  }

  station(field: string, first: number): string | null {
    const text = this.raw(first, first + 2);
    return /^[A-Z]{3}$/.test(text) ? text : this.bad(field, text, 'an IATA airport code');
  }

  airline(first: number): string | null {
    const text = this.raw(first, first + 2);
    return /^[A-Z0-9]{2}[A-Z ]$/.test(text) ? text.trim() : this.bad('airline designator', text, 'an airline code');
  }

  /** Days from the period date: a digit, or A for the day before. */
  dateVariation(field: string, at: number): number | null {
    const c = this.raw(at, at);
    if (c === ' ') return 0;
    if (c === 'A') return -1;
    return /^\d$/.test(c) ? Number(c) : this.bad(field, c, 'a date variation (0-9 or A)');
  }

  daysOfOperation(first: number): Set<number> | null {
    const text = this.raw(first, first + 6);
    const positions = [...text];
    const valid = positions.every((c, i) => c === ' ' || c === String(i + 1)) && text.trim() !== '';
    if (!valid) return this.bad('days of operation', text, 'a days-of-operation field (e.g. "1 3 5 7")');
    return new Set(positions.filter((c) => c !== ' ').map(Number));
  }
}

/**
 * Seats of an aircraft configuration such as `F8C30Y120` (the sum of the cabins). An aircraft
 * version follows the configuration after "VV" (`Y189VV738H189`); it says nothing about seats.
 */
export function seatsOfConfiguration(field: string): number | null {
  const configuration = field.trim().split('VV')[0];
  if (!/^(?:[A-Z]\d{1,3})+$/.test(configuration)) return null;
  return [...configuration.matchAll(/\d+/g)].reduce((sum, m) => sum + Number(m[0]), 0);
}

function readLeg(record: string, line: number, carrier: Carrier): { leg: Leg | null; errors: string[] } {
  const r = new FieldReader(record);
  const airline = r.airline(3);
  const flightText = r.raw(6, 9);
  if (!/^ *\d{1,4}$/.test(flightText)) r.errors.push(`flight number "${flightText}" is not a number`);
  const legSequence = r.raw(12, 13);
  if (!/^\d{2}$/.test(legSequence)) r.errors.push(`leg sequence "${legSequence}" is not two digits`);
  const firstDay = r.date('period of operation first date', 15);
  const lastDay = r.date('period of operation last date', 22, true);
  const days = r.daysOfOperation(29);
  const frequency = r.raw(36, 36);
  if (!/^[ 12]$/.test(frequency)) r.errors.push(`frequency rate "${frequency}" is not blank, 1 or 2`);
  const origin = r.station('departure station', 37);
  const std = r.time('STD', 44);
  const depOffset = r.offset('departure UTC offset', 48);
  const destination = r.station('arrival station', 55);
  const sta = r.time('STA', 58);
  const arrOffset = r.offset('arrival UTC offset', 66);
  const depVariation = r.dateVariation('departure date variation', 193);
  const arrVariation = r.dateVariation('arrival date variation', 194);
  if (typeof firstDay === 'number' && typeof lastDay === 'number' && lastDay < firstDay) {
    r.errors.push(`period of operation ends (${r.raw(22, 28)}) before it starts (${r.raw(15, 21)})`);
  }
  if (r.errors.length) return { leg: null, errors: r.errors };
  const leg: Leg = {
    line,
    suffix: r.raw(2, 2).trim(),
    airline: airline!,
    flightNumber: String(Number(flightText)),
    serviceType: r.raw(14, 14).trim(),
    firstDay: firstDay as number,
    lastDay: lastDay === 'open' ? null : (lastDay as number),
    days: days!,
    fortnightly: frequency === '2',
    origin: origin!,
    std: std!,
    depOffset: depOffset!,
    destination: destination!,
    sta: sta!,
    arrOffset: arrOffset!,
    aircraftType: r.raw(73, 75).trim(),
    seats: seatsOfConfiguration(r.raw(173, 192)),
    depVariation: depVariation!,
    arrVariation: arrVariation!,
    utc: carrier.utc,
  };
  return { leg, errors: [] };
}

/** UTC instant and local date of a leg time on a period date, in the carrier's time mode. */
function instantAt(leg: Leg, periodDay: number, variation: number, minutes: number, offset: number) {
  const modeInstant = instantOf(periodDay + variation, minutes);
  const utc = leg.utc ? modeInstant : modeInstant - offset * 60_000;
  return { utc, localDay: dayOfInstant(utc + offset * 60_000) };
}

/** Monday-to-Sunday weeks since the week the period starts in, for fortnightly legs. */
function weekIndex(day: number, firstDay: number): number {
  const monday = (d: number) => d - (weekday(d) - 1);
  return (monday(day) - monday(firstDay)) / 7;
}

function expandLeg(leg: Leg, opts: CheckedOptions): ImportedFlight[] {
  const flights: ImportedFlight[] = [];
  // The local dates of a leg lie between two days before and ten after its period date
  // (date variation A..9 and a UTC offset), so only those period dates can reach the request.
  const start = Math.max(leg.firstDay, opts.fromDay - 10);
  const end = Math.min(leg.lastDay ?? Infinity, opts.toDay + 2);
  for (let day = start; day <= end; day++) {
    if (!leg.days.has(weekday(day))) continue;
    if (leg.fortnightly && weekIndex(day, leg.firstDay) % 2 !== 0) continue;
    const dep = instantAt(leg, day, leg.depVariation, leg.std, leg.depOffset);
    const arr = instantAt(leg, day, leg.arrVariation, leg.sta, leg.arrOffset);
    const base = {
      line: leg.line,
      airline: leg.airline,
      flight_number: leg.flightNumber,
      suffix: leg.suffix,
      origin: leg.origin,
      destination: leg.destination,
      aircraft_type: leg.aircraftType,
      seats: leg.seats,
      service_type: leg.serviceType,
    };
    const movements: [ImportedFlight['direction'], { utc: number; localDay: number }][] = [];
    if (opts.airport === undefined || leg.origin === opts.airport) movements.push(['departure', dep]);
    if (opts.airport !== undefined && leg.destination === opts.airport) movements.push(['arrival', arr]);
    for (const [direction, at] of movements) {
      if (at.localDay < opts.fromDay || at.localDay > opts.toDay) continue;
      flights.push({ ...base, direction, scheduled: isoUtc(at.utc), date_local: isoDate(at.localDay) });
    }
  }
  return flights;
}

export function parseSsim(text: string, options: ImportOptions): ImportResult {
  const { checked, errors } = checkOptions(options);
  const warnings: ImportIssue[] = [];
  const legs: Leg[] = [];
  // The dates the file covers, from carrier validity and leg periods, for ImportResult.period.
  let firstDay = Infinity;
  let lastDay = -Infinity;
  const cover = (day: number | null | 'open') => {
    if (typeof day !== 'number') return;
    firstDay = Math.min(firstDay, day);
    lastDay = Math.max(lastDay, day);
  };
  let carrier: Carrier | null = null;
  let lastLegKey: string | null = null;
  let headerSeen = false;
  let trailerSeen = false;
  let previousSerial = '';

  const lines = text.split(/\r\n|\n|\r/);
  lines.forEach((rawLine, index) => {
    const line = index + 1;
    const fail = (message: string) => errors.push({ line, message: `line ${line}: ${message}` });
    const warn = (message: string) => warnings.push({ line, message: `line ${line}: ${message}` });
    // Trailing blanks past column 200 (an editor's doing) are harmless; a short record is not.
    const record = rawLine.slice(RECORD_LENGTH).trim() === '' ? rawLine.slice(0, RECORD_LENGTH) : rawLine;
    if (record.trim() === '' || /^0+$/.test(record)) return;
    if (record.length !== RECORD_LENGTH) {
      fail(`record is ${record.length} characters long; SSIM records have ${RECORD_LENGTH}`);
      return;
    }
    if (trailerSeen && record[0] !== '1') warn('record after the trailer (type 5) of its data set');
    switch (record[0]) {
      case '1':
        headerSeen = true;
        trailerSeen = false;
        if (col(record, 2, 35) !== HEADER_TITLE) warn(`header title "${col(record, 2, 35).trim()}" is not "${HEADER_TITLE}"`);
        break;
      case '2': {
        const r = new FieldReader(record);
        const mode = r.raw(2, 2);
        if (mode !== 'U' && mode !== 'L') r.errors.push(`time mode "${mode}" is not U or L`);
        const airline = r.airline(3);
        const first = r.date('schedule validity first date', 15);
        const last = r.date('schedule validity last date', 22, true);
        r.errors.forEach(fail);
        cover(first);
        cover(last);
        carrier = r.errors.length ? null : { airline: airline!, utc: mode === 'U' };
        break;
      }
      case '3': {
        if (!carrier) {
          fail('flight leg record (type 3) without a valid carrier record (type 2) before it');
          break;
        }
        const { leg, errors: legErrors } = readLeg(record, line, carrier);
        legErrors.forEach(fail);
        lastLegKey = col(record, 2, 14);
        if (!leg) break;
        legs.push(leg);
        if (leg.fortnightly) warn(`frequency rate 2: the leg operates every second week, from the week of ${col(record, 15, 21)}`);
        cover(leg.firstDay);
        cover(leg.lastDay);
        break;
      }
      case '4':
        // Segment data (code shares, traffic restrictions) does not change the dated flights,
        // but one that belongs to no preceding leg points at a damaged file.
        if (col(record, 2, 14) !== lastLegKey) warn(`segment data record (type 4) for "${col(record, 2, 14).trim()}" does not follow its flight leg record`);
        break;
      case '5': {
        trailerSeen = true;
        const airline = col(record, 3, 5).trim();
        if (carrier && airline !== carrier.airline) warn(`trailer airline "${airline}" differs from the carrier record's "${carrier.airline}"`);
        const check = col(record, 188, 193);
        if (check !== previousSerial) warn(`trailer serial check reference ${check} is not the serial number of the record before it (${previousSerial})`);
        break;
      }
      default:
        fail(`record type "${record[0]}" is not 1 to 5`);
    }
    previousSerial = col(record, 195, 200);
  });

  if (!headerSeen) warnings.push({ line: 0, message: 'no header record (type 1)' });
  if (!trailerSeen) warnings.push({ line: 0, message: 'no trailer record (type 5) at the end' });
  if (!legs.length && !errors.length) warnings.push({ line: 0, message: 'no flight leg records (type 3)' });

  const period = firstDay <= lastDay ? { from: isoDate(firstDay), to: isoDate(lastDay) } : null;
  if (errors.length || !checked) return { flights: [], errors, warnings, period };
  const flights = legs.flatMap((leg) => expandLeg(leg, checked));
  flights.sort((a, b) => a.scheduled.localeCompare(b.scheduled) || a.line - b.line);
  return { flights, errors, warnings, period };
}
