// A season of departures, day by day: each day's totals, the days ranked, the design day chosen by
// a named rule, and a day's peak hours. Pure functions of plain flights (local dates and times at
// the planned airport), shared by the command line, the server and the browser. The rules and
// their sources are in docs/schedule-studies.md.

import { clockLabel } from '../report/time';

/** One departure at the planned airport, in its local time. */
export type SeasonFlight = {
  /** The flight's row, when it comes from a scenario (a grown flight keeps the one it repeats). */
  id?: number;
  /** Local date, YYYY-MM-DD. */
  date: string;
  /** Local minutes after midnight of `date`, 0 to 1439. */
  minute: number;
  airline: string;
  flight_number: string;
  destination: string;
  aircraft_type: string;
  seats: number;
  passengers: number;
  /** The terminal it leaves from, when known. */
  terminal?: string;
  /** Its destination region (domestic, schengen, international), when known. */
  sector?: string;
};

export type DayTotals = { date: string; departures: number; seats: number; passengers: number };

export const DESIGN_DAY_RULES = ['busiest', 'nth-busiest', 'peak-month-average', 'average-week-peak'] as const;
export type DesignDayRule = (typeof DESIGN_DAY_RULES)[number];

/** A chosen day: by a rule, or 'picked' by hand on the season chart. */
export type DesignDay = DayTotals & { rule: DesignDayRule | 'picked'; n?: number; why: string };

/** A rule's input that cannot give a day: the field it names and why. */
export class SeasonError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`${field}: ${message}`);
  }
}

/** Each day's departures, seats and passengers, in date order. */
export function dailyTotals(flights: readonly SeasonFlight[]): DayTotals[] {
  const days = new Map<string, DayTotals>();
  for (const f of flights) {
    let day = days.get(f.date);
    if (!day) days.set(f.date, (day = { date: f.date, departures: 0, seats: 0, passengers: 0 }));
    day.departures++;
    day.seats += f.seats;
    day.passengers += f.passengers;
  }
  return [...days.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/** Busiest first: by departures, ties by seats, then the earlier date. */
export function rankDays(days: readonly DayTotals[]): DayTotals[] {
  return [...days].sort((a, b) => b.departures - a.departures || b.seats - a.seats || a.date.localeCompare(b.date));
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
const ordinal = (n: number) => `${n}${n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')}`;
const plural = (days: number) => `${days} day${days === 1 ? '' : 's'}`;
const round1 = (x: number) => Math.round(x * 10) / 10;

/**
 * The day among `days` closest to a mean number of departures: ties to the one whose seats are
 * closest to the mean seats, then the earlier date.
 */
function closestTo(days: readonly DayTotals[], departures: number, seats: number): DayTotals {
  return [...days].sort(
    (a, b) =>
      Math.abs(a.departures - departures) - Math.abs(b.departures - departures) ||
      Math.abs(a.seats - seats) - Math.abs(b.seats - seats) ||
      a.date.localeCompare(b.date),
  )[0];
}

const mean = (days: readonly DayTotals[], key: 'departures' | 'seats') => days.reduce((s, d) => s + d[key], 0) / days.length;

/** The design day of a season by `rule` (`n` for nth-busiest), with the reason in words. */
export function designDay(days: readonly DayTotals[], rule: DesignDayRule, n?: number): DesignDay {
  if (days.length === 0) throw new SeasonError('file', 'has no departures at the airport');
  switch (rule) {
    case 'busiest': {
      const day = rankDays(days)[0];
      return {
        ...day,
        rule,
        why: `the busiest of ${plural(days.length)}: ${day.departures} departures (days ranked by departures, ties by seats, then the earlier date)`,
      };
    }
    case 'nth-busiest': {
      if (n === undefined) throw new SeasonError('n', 'the nth-busiest rule needs --n (e.g. 30)');
      if (!Number.isInteger(n) || n < 1) throw new SeasonError('n', `must be a whole number of at least 1, not ${n}`);
      if (n > days.length) throw new SeasonError('n', `${n} is beyond the ${plural(days.length)} in the file`);
      const day = rankDays(days)[n - 1];
      return {
        ...day,
        rule,
        n,
        why: `the ${ordinal(n)} busiest of ${plural(days.length)}: ${day.departures} departures (days ranked by departures, ties by seats, then the earlier date)`,
      };
    }
    case 'peak-month-average': {
      const months = new Map<string, DayTotals[]>();
      for (const d of days) months.set(d.date.slice(0, 7), [...(months.get(d.date.slice(0, 7)) ?? []), d]);
      const total = (list: DayTotals[], key: 'departures' | 'seats') => list.reduce((s, d) => s + d[key], 0);
      const [month, list] = [...months].sort(
        ([ma, a], [mb, b]) => total(b, 'departures') - total(a, 'departures') || total(b, 'seats') - total(a, 'seats') || ma.localeCompare(mb),
      )[0];
      const average = mean(list, 'departures');
      const day = closestTo(list, average, mean(list, 'seats'));
      return {
        ...day,
        rule,
        why: `the average day of the peak month: ${month} has the most departures (${total(list, 'departures')} on ${list.length} days, ${round1(average)} a day); this day is the closest to that average`,
      };
    }
    case 'average-week-peak': {
      const byWeekday = WEEKDAYS.map((_, w) => days.filter((d) => weekday(d.date) === w));
      const averages = byWeekday.map((list) => (list.length ? mean(list, 'departures') : -1));
      const peak = averages.reduce((best, a, w) => (a > averages[best] ? w : best), 0);
      const day = closestTo(byWeekday[peak], averages[peak], mean(byWeekday[peak], 'seats'));
      return {
        ...day,
        rule,
        why: `the peak day of the average week: ${WEEKDAYS[peak]}s average ${round1(averages[peak])} departures, the most of any weekday; this ${WEEKDAYS[peak]} is the closest to that average`,
      };
    }
  }
}

type PeakWindow = { count: number; start: string };

export type PeakHours = {
  departures: PeakWindow;
  seats: PeakWindow;
  passengers: PeakWindow;
  /** Typical peak hour departing passengers from the season's annual departing passengers (FAA shares). */
  tphp: { count: number; rule: string; annual_passengers: number };
};

/** Rolling windows of this length start every STEP minutes from midnight. */
const WINDOW = 60;
const STEP = 5;

/** The busiest rolling 60 minutes of one day's flights by `value` (the earliest on ties). */
function busiestWindow(flights: readonly SeasonFlight[], value: (f: SeasonFlight) => number): PeakWindow {
  const perMinute = new Float64Array(24 * 60);
  for (const f of flights) perMinute[f.minute] += value(f);
  let best = { count: 0, start: 0 };
  for (let start = 0; start < 24 * 60; start += STEP) {
    let count = 0;
    for (let m = start; m < Math.min(start + WINDOW, 24 * 60); m++) count += perMinute[m];
    if (count > best.count) best = { count, start };
  }
  return { count: Math.round(best.count), start: clockLabel(best.start) };
}

/**
 * FAA's typical peak hour passengers as a share of annual passengers (arriving and departing), by
 * the airport's annual passengers: [from, share]. FAA Advisory Circular 150/5360-13, as given in
 * Horonjeff et al., Planning and Design of Airports.
 */
const TPHP_SHARES: [number, number][] = [
  [30_000_000, 0.00035],
  [10_000_000, 0.0004],
  [1_000_000, 0.0005],
  [500_000, 0.0008],
  [100_000, 0.0013],
  [0, 0.002],
];

/**
 * Peak hours of one day (rolling 60 minutes in 5-minute steps, local time) and the typical peak
 * hour passengers of the season the day belongs to. The file has departures only: the size class
 * is read from twice the departing passengers (as many arrive as leave) scaled to a year, and the
 * share is taken of the departing passengers, so the figure is the departure flow's TPHP.
 */
export function peakHours(day: readonly SeasonFlight[], season: readonly DayTotals[]): PeakHours {
  return {
    departures: busiestWindow(day, () => 1),
    seats: busiestWindow(day, (f) => f.seats),
    passengers: busiestWindow(day, (f) => f.passengers),
    tphp: typicalPeakHour(season),
  };
}

/** The season's typical peak hour (departing) passengers by the FAA shares (see peakHours). */
export function typicalPeakHour(season: readonly DayTotals[]): PeakHours['tphp'] {
  const seasonPassengers = season.reduce((s, d) => s + d.passengers, 0);
  const annual = season.length ? Math.round((seasonPassengers * 365) / season.length) : 0;
  const [from, share] = TPHP_SHARES.find(([lower]) => 2 * annual >= lower)!;
  const size = from > 0 ? `${from.toLocaleString('en-US')} or more a year both ways` : 'under 100,000 a year both ways';
  return {
    count: Math.round(annual * share),
    rule: `FAA typical peak hour passengers: ${(share * 100).toFixed(3)} % of the annual departing passengers (airport of ${size}); the file's ${plural(season.length)} scaled to 365`,
    annual_passengers: annual,
  };
}

/** One day of a season with its busiest rolling hours. */
export type SeasonDay = DayTotals & { peak: { departures: PeakWindow; seats: PeakWindow; passengers: PeakWindow } };

/**
 * What a season file keeps for its overview: the airport and time zone it was read for, the
 * period, and every day with its peak hours.
 */
export type SeasonSummary = { airport: string; time_zone: string; period: { from: string; to: string }; days: SeasonDay[] };

export function seasonSummary(flights: readonly SeasonFlight[], where: Omit<SeasonSummary, 'days'>): SeasonSummary {
  const byDate = new Map<string, SeasonFlight[]>();
  for (const f of flights) {
    const list = byDate.get(f.date);
    if (list) list.push(f);
    else byDate.set(f.date, [f]);
  }
  return {
    ...where,
    days: dailyTotals(flights).map((day) => {
      const own = byDate.get(day.date)!;
      return {
        ...day,
        peak: { departures: busiestWindow(own, () => 1), seats: busiestWindow(own, (f) => f.seats), passengers: busiestWindow(own, (f) => f.passengers) },
      };
    }),
  };
}

export type GroupPeaks = { group: string; departures: PeakWindow; seats: PeakWindow; passengers: PeakWindow };

/** One day's peak hours for all its flights, then by terminal and by airline (busiest first). */
export function peakHoursByGroup(day: readonly SeasonFlight[]): { all: GroupPeaks; terminals: GroupPeaks[]; airlines: GroupPeaks[] } {
  const peaks = (group: string, flights: readonly SeasonFlight[]): GroupPeaks => ({
    group,
    departures: busiestWindow(flights, () => 1),
    seats: busiestWindow(flights, (f) => f.seats),
    passengers: busiestWindow(flights, (f) => f.passengers),
  });
  const by = (key: (f: SeasonFlight) => string | undefined) => {
    const groups = new Map<string, SeasonFlight[]>();
    for (const f of day) {
      const k = key(f);
      if (k === undefined) continue;
      const list = groups.get(k);
      if (list) list.push(f);
      else groups.set(k, [f]);
    }
    return [...groups].map(([k, list]) => peaks(k, list)).sort((a, b) => b.passengers.count - a.passengers.count || a.group.localeCompare(b.group));
  };
  return { all: peaks('All departures', day), terminals: by((f) => f.terminal), airlines: by((f) => f.airline) };
}
