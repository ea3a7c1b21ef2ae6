// Growing a design day: each airline's departures become round(count x factor) (round half up;
// with region factors, an airline without its own factor grows region by region), every flight
// of the day is kept, and each new flight repeats one of the airline's own
// departures (its destination, aircraft and seats) at a time in a gap of the airline's day: a gap
// between two of its departures drawn with a chance proportional to its length, the time drawn
// within it on the 5-minute grid. The same seed gives the same day. docs/schedule-studies.md.
import { mulberry32 } from '../alloc/random';
import { SeasonError, type SeasonFlight } from './season';

export type GrowthOptions = {
  /** Factor for every airline without its own, at least 1. */
  factor: number;
  /** Factors by airline code, at least 1. */
  airlineFactors?: Record<string, number>;
  /**
   * Factors by destination region (the flight's sector: domestic, schengen, international), at
   * least 1, for airlines without a factor of their own: their departures grow region by region.
   */
  regionFactors?: Record<string, number>;
  seed?: number;
};

type GrownFlight = SeasonFlight & {
  /** True for a flight the growth added. */
  new: boolean;
  /** For a new flight: the departure it repeats ("B6 1983"). */
  repeats?: string;
};

export type GrownDay = { flights: GrownFlight[]; added_by_airline: Record<string, number> };

const GRID = 5;

function checkFactor(field: string, factor: number): void {
  if (!Number.isFinite(factor) || factor < 1) {
    throw new SeasonError(field, `must be a number of at least 1 (growth keeps every flight of the day), not ${factor}`);
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

/** The groups that grow by one factor each: an airline, or an airline's flights to one region. */
function growthGroups(flights: readonly SeasonFlight[], options: GrowthOptions): { airline: string; flights: SeasonFlight[]; factor: number }[] {
  const groups = new Map<string, { airline: string; flights: SeasonFlight[]; factor: number }>();
  for (const f of flights) {
    const own = options.airlineFactors?.[f.airline];
    const region = own === undefined && options.regionFactors ? (f.sector ?? '') : '';
    const key = `${f.airline}|${region}`;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { airline: f.airline, flights: [], factor: own ?? options.regionFactors?.[region] ?? options.factor }));
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
  for (const [region, factor] of Object.entries(options.regionFactors ?? {})) checkFactor(`region-factor ${region}`, factor);
  const random = mulberry32(options.seed ?? 1);
  const grown: GrownFlight[] = flights.map((f) => ({ ...f, new: false }));
  const added: Record<string, number> = Object.fromEntries([...airlines].sort().map((code) => [code, 0]));
  const numbers = new Map<string, number>();
  for (const group of growthGroups(flights, options)) {
    const { airline, flights: own } = group;
    const count = Math.floor(own.length * group.factor + 0.5) - own.length;
    added[airline] += count;
    // New flights go into the gaps of the airline's whole day, with the next free numbers.
    const day = grown.filter((f) => f.airline === airline);
    let number = numbers.get(airline) ?? Math.max(0, ...day.map((f) => Number(f.flight_number) || 0));
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
  return { flights: grown, added_by_airline: added };
}
