// A schedule file read as a season: every dated departure it holds at the planned airport, over
// the whole period the file covers (SSIM periods of operation expanded, CSV/XLSX rows of many
// dates), in the airport's local time, with the seats and passengers the product plans with.
import { detectFormat, parseSchedule, type ImportIssue, type ScheduleFormat } from '../import';
import { plausibleSeats } from '../reference/lookup';
import { PLANNING_DEFAULTS } from '../rules/defaults';
import { knownAirport } from '../reference/airports';
import { localDateAndMinute } from '../../workers/report/zonedTime';
import type { SeasonFlight } from '../../workers/schedule/season';

export type Season = { flights: SeasonFlight[]; airport: string; time_zone: string; period: { from: string; to: string }; warnings: ImportIssue[] };

/** A file that is not a season: the field at fault (file, airport, time-zone) and why. */
export class SeasonFileError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`${field}: ${message}`);
  }
}

const DAY_MS = 86_400_000;
/** IATA's summer season runs 31 weeks (the winter one 21 to 22): a longer file holds more than one. */
const SEASON_DAYS = 31 * 7;

/** SSIM flight leg records (type 3) whose period of operation ends "until further notice". */
function openEndedLegs(content: Uint8Array): number {
  return new TextDecoder()
    .decode(content)
    .split(/\r\n|\n|\r/)
    .filter((line) => line[0] === '3' && line.slice(21, 28) === '00XXX00').length;
}

/** What a planner should know about the period a season was read over. */
function periodWarnings(format: ScheduleFormat, content: Uint8Array, period: { from: string; to: string }): ImportIssue[] {
  const warnings: ImportIssue[] = [];
  const open = format === 'ssim' ? openEndedLegs(content) : 0;
  if (open > 0)
    warnings.push({
      line: 0,
      message: `${open} flight leg${open === 1 ? '' : 's'} operate until further notice (00XXX00): counted up to ${period.to}, the last date the file names`,
    });
  const days = (Date.parse(period.to) - Date.parse(period.from)) / DAY_MS + 1;
  if (days > SEASON_DAYS)
    warnings.push({ line: 0, message: `the file covers ${days} days (${period.from} to ${period.to}), more than one IATA season: every day is counted` });
  return warnings;
}

/** Reads `content` (named `filename`) as a season of departures at `airport`. */
export async function readSeason(filename: string, content: Uint8Array, airport: string, timeZone?: string, given?: ScheduleFormat): Promise<Season> {
  const zone = timeZone ?? knownAirport(airport)?.time_zone;
  if (!zone) throw new SeasonFileError('time-zone', `no time zone known for ${airport}: give one (e.g. Europe/London)`);
  const format = given ?? detectFormat(filename, content);
  if (!format) throw new SeasonFileError('file', `${filename} is not a schedule (SSIM, CSV or XLSX)`);
  // The first reading finds the dates the file covers, the second reads them all.
  const probe = await parseSchedule(format, content, { airport, from: '2000-01-01', to: '2000-01-01', timeZone: zone });
  const fileErrors = probe.errors.filter((e) => e.line === 0);
  if (fileErrors.length) throw new SeasonFileError(/airport/.test(fileErrors[0].message) ? 'airport' : 'file', fileErrors[0].message);
  // No period: no row was read, and the header's complaint (no flight number column, ...) says why.
  if (!probe.period) throw new SeasonFileError('file', probe.errors[0]?.message ?? 'names no dates');
  const read = await parseSchedule(format, content, { airport, from: probe.period.from, to: probe.period.to, timeZone: zone });
  if (read.errors.length) {
    const lines = read.errors.slice(0, 3).map((e) => (e.line > 0 && !e.message.startsWith('line') ? `line ${e.line}: ${e.message}` : e.message));
    throw new SeasonFileError('file', `${lines.join('; ')}${read.errors.length > 3 ? ` (and ${read.errors.length - 3} more)` : ''}`);
  }
  const flights = read.flights
    .filter((f) => f.direction === 'departure')
    .map((f): SeasonFlight => {
      const { date, minute } = localDateAndMinute(Date.parse(f.scheduled), zone);
      const seats = plausibleSeats(f.seats, f.aircraft_type) ?? 0;
      return {
        date,
        minute,
        airline: f.airline,
        flight_number: f.flight_number,
        destination: f.destination,
        aircraft_type: f.aircraft_type,
        seats,
        passengers: f.passengers ?? Math.round(seats * (f.load_factor ?? PLANNING_DEFAULTS.loadFactor)),
      };
    });
  if (flights.length === 0) throw new SeasonFileError('airport', `the file has no departures at ${airport}`);
  return { flights, airport, time_zone: zone, period: probe.period, warnings: [...read.warnings, ...periodWarnings(format, content, probe.period)] };
}
