// Growing (or shrinking) a design day: each airline's departures become round(count x factor)
// (round half up; with sector factors, an airline without its own factor grows sector by sector).
// Above 1 every flight of the day is kept, and each new flight repeats one of the airline's own
// departures (its destination, aircraft and seats) at a time in a gap of the airline's day: a gap
// between two of its departures drawn with a chance proportional to its length, the time drawn
// within it on the 5-minute grid. Below 1 the flights that go are drawn among the group's, so a
// decline or a lost airline (factor 0) can be planned for. The same seed gives the same day.
// docs/schedule-studies.md.
import { mulberry32 } from '../alloc/random';
import { SeasonError, type SeasonFlight } from './season';

export type GrowthOptions = {
  /** Factor for every airline without its own, at least 0 (0 removes every flight). */
  factor: number;
  /** Factors by airline code, at least 0 (0: the airline is lost). */
  airlineFactors?: Record<string, number>;
  /**
   * Factors by the flights' sector (domestic, schengen, international), at least 0, for airlines
   * without a factor of their own: their departures grow sector by sector.
   */
  sectorFactors?: Record<string, number>;
  seed?: number;
};

type GrownFlight = SeasonFlight & {
  /** True for a flight the growth added. */
  new: boolean;
  /** For a new flight: the departure it repeats ("B6 1983"). */
  repeats?: string;
};

export type GrownDay = {
  /** The day's flights that stay, and the new ones. */
  flights: GrownFlight[];
  /** The day's flights that a factor below 1 took away. */
  removed: SeasonFlight[];
  added_by_airline: Record<string, number>;
  removed_by_airline: Record<string, number>;
};

const GRID = 5;

function checkFactor(field: string, factor: number): void {
  if (!Number.isFinite(factor) || factor < 0) {
    throw new SeasonError(field, `must be a number of at least 0 (0 removes the flights), not ${factor}`);
  }
}

/** The new departures' minutes for one airline: `count` times in the gaps of its day. */
function newMinutes(minutes: readonly number[], count: number, random: () => number): number[] {
  const day = [...minutes].sort((a, b) => a - b);
  const added: number[] = [];
  for (let k = 0; k < count; k++) {
    const all = [...day, ...added].sort((a, b) => a - b);
    const gaps = all.slice(1).map((m, i) => [all[i], m] as const);
    const total = gaps.reduce((s, [a, b]) => s + (b - a), 0);
    // An airline whose departures all leave at one minute has no gap: its new ones leave then too.
    if (total === 0) {
      added.push(all[0]);
      continue;
    }
    let pick = random() * total;
    const [a, b] = gaps.find(([from, to]) => (pick -= to - from) < 0) ?? gaps[gaps.length - 1];
    // Grid minutes strictly inside the gap where there are any, else its middle.
    const first = Math.floor(a / GRID) * GRID + GRID;
    const last = Math.ceil(b / GRID) * GRID - GRID;
    added.push(first <= last ? first + GRID * Math.floor(random() * ((last - first) / GRID + 1)) : Math.round((a + b) / 2));
  }
  return added;
}

/** `count` of `flights` drawn without repeats (a partial Fisher-Yates shuffle). */
function drawn<T>(flights: readonly T[], count: number, random: () => number): T[] {
  const pool = [...flights];
  for (let k = 0; k < count; k++) {
    const pick = k + Math.floor(random() * (pool.length - k));
    [pool[k], pool[pick]] = [pool[pick], pool[k]];
  }
  return pool.slice(0, count);
}

/** The groups that grow by one factor each: an airline, or an airline's flights of one sector. */
function growthGroups(flights: readonly SeasonFlight[], options: GrowthOptions): { airline: string; flights: SeasonFlight[]; factor: number }[] {
  const groups = new Map<string, { airline: string; flights: SeasonFlight[]; factor: number }>();
  for (const f of flights) {
    const own = options.airlineFactors?.[f.airline];
    const sector = own === undefined && options.sectorFactors ? (f.sector ?? '') : '';
    const key = `${f.airline}|${sector}`;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { airline: f.airline, flights: [], factor: own ?? options.sectorFactors?.[sector] ?? options.factor }));
    group.flights.push(f);
  }
  return [...groups].sort(([a], [b]) => a.localeCompare(b)).map(([, g]) => g);
}

export function growDay(flights: readonly SeasonFlight[], options: GrowthOptions): GrownDay {
  checkFactor('factor', options.factor);
  const airlines = new Set(flights.map((f) => f.airline));
  for (const [code, factor] of Object.entries(options.airlineFactors ?? {})) {
    checkFactor(`airline-factor ${code}`, factor);
    if (!airlines.has(code)) throw new SeasonError(`airline-factor ${code}`, `no departure of ${code} on this day`);
  }
  for (const [sector, factor] of Object.entries(options.sectorFactors ?? {})) checkFactor(`sector-factor ${sector}`, factor);
  const random = mulberry32(options.seed ?? 1);
  const groups = growthGroups(flights, options).map((g) => ({ ...g, count: Math.floor(g.flights.length * g.factor + 0.5) - g.flights.length }));
  const perAirline = () => Object.fromEntries([...airlines].sort().map((code) => [code, 0]));

  // The shrinking groups first, so that new flights fill the gaps of what stays of an airline's day.
  const removed = new Set<SeasonFlight>();
  const removedByAirline: Record<string, number> = perAirline();
  for (const group of groups.filter((g) => g.count < 0)) {
    for (const f of drawn(group.flights, -group.count, random)) removed.add(f);
    removedByAirline[group.airline] -= group.count;
  }
  const grown: GrownFlight[] = flights.filter((f) => !removed.has(f)).map((f) => ({ ...f, new: false }));
  const added: Record<string, number> = perAirline();
  const numbers = new Map<string, number>();
  for (const { airline, flights: own, count } of groups.filter((g) => g.count > 0)) {
    added[airline] += count;
    // New flights go into the gaps of the airline's whole day, with the next free numbers.
    const day = grown.filter((f) => f.airline === airline);
    let number = numbers.get(airline) ?? Math.max(0, ...flights.filter((f) => f.airline === airline).map((f) => Number(f.flight_number) || 0));
    for (const minute of newMinutes(
      day.map((f) => f.minute),
      count,
      random,
    )) {
      const template = own[Math.floor(random() * own.length)];
      grown.push({ ...template, minute, flight_number: String(++number), new: true, repeats: `${airline} ${template.flight_number}` });
    }
    numbers.set(airline, number);
  }
  grown.sort((a, b) => a.minute - b.minute || a.airline.localeCompare(b.airline) || Number(a.new) - Number(b.new));
  return { flights: grown, removed: flights.filter((f) => removed.has(f)), added_by_airline: added, removed_by_airline: removedByAirline };
}
