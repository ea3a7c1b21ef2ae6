// Growing a design day: each airline's departures become round(count x factor) (round half up),
// every flight of the day is kept, and each new flight repeats one of the airline's own
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
  seed?: number;
};

export type GrownFlight = SeasonFlight & {
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

export function growDay(flights: readonly SeasonFlight[], options: GrowthOptions): GrownDay {
  checkFactor('factor', options.factor);
  const byAirline = new Map<string, SeasonFlight[]>();
  for (const f of flights) byAirline.set(f.airline, [...(byAirline.get(f.airline) ?? []), f]);
  for (const [code, factor] of Object.entries(options.airlineFactors ?? {})) {
    checkFactor(`airline-factor ${code}`, factor);
    if (!byAirline.has(code)) throw new SeasonError(`airline-factor ${code}`, `no departure of ${code} on this day`);
  }
  const random = mulberry32(options.seed ?? 1);
  const grown: GrownFlight[] = flights.map((f) => ({ ...f, new: false }));
  const added: Record<string, number> = {};
  for (const code of [...byAirline.keys()].sort()) {
    const own = byAirline.get(code)!;
    const factor = options.airlineFactors?.[code] ?? options.factor;
    const count = Math.floor(own.length * factor + 0.5) - own.length;
    added[code] = count;
    let number = Math.max(0, ...own.map((f) => Number(f.flight_number) || 0));
    for (const minute of newMinutes(own.map((f) => f.minute), count, random)) {
      const template = own[Math.floor(random() * own.length)];
      grown.push({ ...template, minute, flight_number: String(++number), new: true, repeats: `${code} ${template.flight_number}` });
    }
  }
  grown.sort((a, b) => a.minute - b.minute || a.airline.localeCompare(b.airline) || Number(a.new) - Number(b.new));
  return { flights: grown, added_by_airline: added };
}
