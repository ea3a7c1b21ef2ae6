// The `schedule` command line: studies of a season's schedule file, printed as JSON only.
//   npm run --silent schedule -- design-day FILE --airport JFK --rule busiest|nth-busiest|peak-month-average|average-week-peak [--n 30]
//   npm run --silent schedule -- peak-hour FILE --airport JFK --date YYYY-MM-DD
//   npm run --silent schedule -- grow FILE --airport JFK --date YYYY-MM-DD --factor 1.25 [--airline-factor B6=1.4 ...] [--seed 7]
// Every command also takes --time-zone ZONE (default: the airport's, for US airports). Exit code
// 2: bad usage; 1: bad input, with a message naming the field. The rules: docs/schedule-studies.md.
import { readFileSync } from 'node:fs';
import { readSeason, SeasonFileError } from '../schedules/seasonFlights';
import { dailyTotals, designDay, DESIGN_DAY_RULES, peakHours, SeasonError, type DesignDayRule } from '../../workers/schedule/season';
import { growDay } from '../../workers/schedule/growth';
import { clockLabel } from '../../workers/report/time';
import { runAsMain, type CliIo } from '../../workers/cli/runAsMain';

const USAGE = [
  'usage: npm run --silent schedule -- design-day FILE --airport XXX --rule busiest|nth-busiest|peak-month-average|average-week-peak [--n N]',
  '       npm run --silent schedule -- peak-hour FILE --airport XXX --date YYYY-MM-DD',
  '       npm run --silent schedule -- grow FILE --airport XXX --date YYYY-MM-DD --factor F [--airline-factor CODE=F ...] [--seed S]',
  '       (each also takes --time-zone ZONE)',
].join('\n');

const OPTIONS: Record<string, readonly string[]> = {
  'design-day': ['airport', 'rule', 'n', 'time-zone'],
  'peak-hour': ['airport', 'date', 'time-zone'],
  grow: ['airport', 'date', 'factor', 'airline-factor', 'seed', 'time-zone'],
};
const REQUIRED: Record<string, readonly string[]> = {
  'design-day': ['airport', 'rule'],
  'peak-hour': ['airport', 'date'],
  grow: ['airport', 'date', 'factor'],
};

class UsageError extends Error {}
class InputError extends Error {}

function parseArgs(argv: readonly string[]) {
  const [command, file, ...rest] = argv;
  if (!command || !(command in OPTIONS)) throw new UsageError(command ? `unknown command "${command}"` : 'missing command');
  if (!file || file.startsWith('--')) throw new UsageError('missing FILE');
  const options = new Map<string, string[]>();
  for (let k = 0; k < rest.length; k++) {
    const name = rest[k].startsWith('--') ? rest[k].slice(2) : '';
    if (!OPTIONS[command].includes(name)) throw new UsageError(`unknown argument "${rest[k]}" for ${command}`);
    if (k + 1 >= rest.length) throw new UsageError(`--${name} needs a value`);
    options.set(name, [...(options.get(name) ?? []), rest[++k]]);
  }
  for (const name of REQUIRED[command]) if (!options.has(name)) throw new UsageError(`${command} needs --${name}`);
  const one = (name: string) => options.get(name)?.at(-1);
  return { command, file, one, all: (name: string) => options.get(name) ?? [] };
}

/** A number option, or an input error naming it. */
function numberOf(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value)) throw new InputError(`${name}: "${text}" is not a number`);
  return value;
}

function checkDate(date: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`)) || new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) !== date) {
    throw new InputError(`date: "${date}" is not a date (YYYY-MM-DD)`);
  }
  return date;
}

async function study(argv: readonly string[], warn: (message: string) => void): Promise<unknown> {
  const args = parseArgs(argv);
  const airport = args.one('airport')!.toUpperCase();
  if (!/^[A-Z]{3}$/.test(airport)) throw new InputError(`airport: "${args.one('airport')}" is not an IATA airport code`);
  let content: Uint8Array;
  try {
    content = readFileSync(args.file);
  } catch (error) {
    throw new UsageError(`cannot read ${args.file}: ${(error as Error).message}`);
  }
  const season = await readSeason(args.file, content, airport, args.one('time-zone'));
  for (const w of season.warnings) warn(`warning: ${w.line > 0 && !w.message.startsWith('line') ? `line ${w.line}: ` : ''}${w.message}`);
  const days = dailyTotals(season.flights);
  if (args.command === 'design-day') {
    const rule = args.one('rule')!;
    if (!DESIGN_DAY_RULES.includes(rule as DesignDayRule)) throw new InputError(`rule: "${rule}" is not one of ${DESIGN_DAY_RULES.join(', ')}`);
    const day = designDay(days, rule as DesignDayRule, numberOf('n', args.one('n')));
    return {
      date: day.date,
      rule: day.rule,
      ...(day.n !== undefined && { n: day.n }),
      departures: day.departures,
      seats: day.seats,
      passengers: day.passengers,
      why: day.why,
    };
  }
  const date = checkDate(args.one('date')!);
  const flights = season.flights.filter((f) => f.date === date);
  if (flights.length === 0) throw new InputError(`date: no departures at ${airport} on ${date} (the file covers ${season.period.from} to ${season.period.to})`);
  if (args.command === 'peak-hour') return peakHours(flights, days);
  const airlineFactors: Record<string, number> = {};
  for (const pair of args.all('airline-factor')) {
    const [code, factor] = pair.split('=');
    if (!code || factor === undefined) throw new InputError(`airline-factor: "${pair}" is not CODE=FACTOR`);
    airlineFactors[code.toUpperCase()] = numberOf(`airline-factor ${code}`, factor)!;
  }
  const grown = growDay(flights, { factor: numberOf('factor', args.one('factor'))!, airlineFactors, seed: numberOf('seed', args.one('seed')) });
  return {
    flights: grown.flights.map((f) => ({
      airline: f.airline,
      flight_number: f.flight_number,
      std: clockLabel(f.minute),
      destination: f.destination,
      aircraft_type: f.aircraft_type,
      seats: f.seats,
      new: f.new,
      ...(f.repeats && { repeats: f.repeats }),
    })),
    added_by_airline: grown.added_by_airline,
    removed_by_airline: grown.removed_by_airline,
    removed: grown.removed.map((f) => ({ airline: f.airline, flight_number: f.flight_number, std: clockLabel(f.minute) })),
  };
}

/** Runs one command; answers its exit code (0, 1 bad input, 2 bad usage). */
export async function runSchedule(argv: string[], io: CliIo): Promise<number> {
  try {
    io.stdout(`${JSON.stringify(await study(argv, (message) => io.stderr(`${message}\n`)), null, 2)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`${error.message}\n${USAGE}\n`);
      return 2;
    }
    if (error instanceof InputError || error instanceof SeasonError || error instanceof SeasonFileError) {
      io.stderr(`error: ${error.message}\n`);
      return 1;
    }
    io.stderr(`error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return 1;
  }
}

runAsMain(import.meta.url, runSchedule);
