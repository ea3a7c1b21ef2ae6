// Growing a day: counts per airline grow by the factor (rounded half up), new flights leave within
// the airline's own operating hours and never at a minute one of its flights already leaves, the
// grown day keeps every original flight, a factor below 1 takes flights away (0: all of an
// airline's), and the same seed gives the same day.
import { describe, expect, it } from 'vitest';
import { growDay } from './growth';
import { SeasonError, type SeasonFlight } from './season';

const flight = (airline: string, number: number, minute: number, destination: string): SeasonFlight => ({
  date: '2017-01-02',
  minute,
  airline,
  flight_number: String(number),
  destination,
  aircraft_type: '320',
  seats: 150,
  passengers: 128,
});

// B6 in two banks (06:00-07:00 and 17:00-18:00), AA four flights through the day, DL once.
const day: SeasonFlight[] = [
  ...[360, 375, 390, 420].map((m, k) => flight('B6', 100 + k, m, ['BOS', 'MCO', 'FLL', 'BOS'][k])),
  ...[1020, 1035, 1050, 1080].map((m, k) => flight('B6', 200 + k, m, ['SJU', 'BOS', 'LAX', 'MCO'][k])),
  ...[400, 700, 900, 1200].map((m, k) => flight('AA', 10 + k, m, ['LAX', 'MIA', 'DFW', 'ORD'][k])),
  flight('DL', 7, 600, 'ATL'),
];

const count = (flights: readonly SeasonFlight[], airline: string) => flights.filter((f) => f.airline === airline).length;

describe('growDay', () => {
  it('grows each airline by its factor, rounded half up, keeping every flight', () => {
    const grown = growDay(day, { factor: 1.25, airlineFactors: { B6: 1.5 }, seed: 7 });
    // B6: 8 x 1.5 = 12; AA: 4 x 1.25 = 5; DL: 1 x 1.25 = 1.25, so 1.
    expect(grown.added_by_airline).toEqual({ AA: 1, B6: 4, DL: 0 });
    expect(count(grown.flights, 'B6')).toBe(12);
    expect(count(grown.flights, 'AA')).toBe(5);
    expect(count(grown.flights, 'DL')).toBe(1);
    // 2 x 1.25 = 2.5 rounds up to 3.
    expect(growDay(day.slice(0, 2), { factor: 1.25 }).added_by_airline).toEqual({ B6: 1 });
    const kept = grown.flights.filter((f) => !f.new).map(({ new: _, ...f }) => f);
    expect(kept).toEqual(expect.arrayContaining(day));
    expect(kept).toHaveLength(day.length);
  });

  it("puts new flights inside the airline's day, never at a minute it already uses, repeating its own departures", () => {
    for (let seed = 1; seed <= 20; seed++) {
      const grown = growDay(day, { factor: 2, seed });
      for (const airline of ['B6', 'AA']) {
        const own = day.filter((f) => f.airline === airline);
        const first = Math.min(...own.map((f) => f.minute));
        const last = Math.max(...own.map((f) => f.minute));
        const added = grown.flights.filter((f) => f.new && f.airline === airline);
        expect(added).toHaveLength(own.length);
        for (const f of added) {
          expect(f.minute).toBeGreaterThan(first);
          expect(f.minute).toBeLessThan(last);
          expect(f.minute % 5).toBe(0);
          expect(own.some((o) => o.minute === f.minute)).toBe(false);
          const template = own.find((o) => `${o.airline} ${o.flight_number}` === f.repeats)!;
          expect(f.destination).toBe(template.destination);
        }
        expect(new Set(grown.flights.filter((f) => f.airline === airline).map((f) => f.flight_number)).size).toBe(2 * own.length);
      }
    }
  });

  it('gives the same day for the same seed and another for another seed', () => {
    const minutes = (seed: number) => growDay(day, { factor: 1.5, seed }).flights.map((f) => `${f.airline}${f.flight_number}@${f.minute}>${f.destination}`);
    expect(minutes(7)).toEqual(minutes(7));
    expect(minutes(7)).not.toEqual(minutes(8));
  });

  it('shrinks by a factor below 1, drawing the flights that go with the seed, and removes an airline at 0', () => {
    const shrunk = growDay(day, { factor: 0.8, airlineFactors: { AA: 0 }, seed: 5 });
    // B6: 8 x 0.8 = 6.4, so 6; AA: all 4 go; DL: 1 x 0.8 = 0.8 rounds to 1.
    expect(shrunk.removed_by_airline).toEqual({ AA: 4, B6: 2, DL: 0 });
    expect(shrunk.added_by_airline).toEqual({ AA: 0, B6: 0, DL: 0 });
    expect([count(shrunk.flights, 'B6'), count(shrunk.flights, 'AA'), count(shrunk.flights, 'DL')]).toEqual([6, 0, 1]);
    expect(shrunk.removed).toHaveLength(6);
    // What stays and what goes are the day's own flights, each once.
    const staying = shrunk.flights.map(({ new: _, ...f }) => f);
    expect([...staying, ...shrunk.removed]).toEqual(expect.arrayContaining(day));
    expect(staying.length + shrunk.removed.length).toBe(day.length);
    const gone = (seed: number) => growDay(day, { factor: 0.5, seed }).removed.map((f) => f.flight_number);
    expect(gone(5)).toEqual(gone(5));
    expect(growDay(day, { factor: 0 }).flights).toEqual([]);
  });

  it('refuses a negative factor and a factor for an airline not on the day, naming the field', () => {
    expect(() => growDay(day, { factor: -1 })).toThrow(new SeasonError('factor', 'must be a number of at least 0 (0 removes the flights), not -1'));
    expect(() => growDay(day, { factor: 1.2, airlineFactors: { B6: -0.5 } })).toThrow(/^airline-factor B6: must be a number of at least 0/);
    expect(() => growDay(day, { factor: 1.2, airlineFactors: { UA: 1.5 } })).toThrow('airline-factor UA: no departure of UA on this day');
  });

  it('grows by sector for airlines without a factor of their own', () => {
    const sectored = (f: SeasonFlight, k: number) => ({ ...f, sector: k % 2 ? 'international' : 'domestic' });
    const mixed = day.map(sectored);
    // B6: 4 domestic and 4 international; AA: 2 and 2; DL: 1 domestic.
    const grown = growDay(mixed, { factor: 1.25, airlineFactors: { AA: 1.5 }, sectorFactors: { international: 2 }, seed: 3 });
    const added = (airline: string, sector: string) => grown.flights.filter((f) => f.new && f.airline === airline && f.sector === sector).length;
    // B6 international 4 x 2 = 8; domestic 4 x 1.25 = 5; AA 4 x 1.5 = 6 whatever the sector; DL 1 x 1.25 = 1.
    expect([added('B6', 'international'), added('B6', 'domestic')]).toEqual([4, 1]);
    expect(grown.added_by_airline).toEqual({ AA: 2, B6: 5, DL: 0 });
    // International halved, domestic doubled: B6 loses 2 international flights and gains 4 domestic ones.
    const shifted = growDay(mixed, { factor: 1, sectorFactors: { international: 0.5, domestic: 2 }, seed: 3 });
    expect(shifted.removed.filter((f) => f.airline === 'B6').every((f) => f.sector === 'international')).toBe(true);
    expect([shifted.removed_by_airline.B6, shifted.added_by_airline.B6]).toEqual([2, 4]);
    expect(() => growDay(mixed, { factor: 1.2, sectorFactors: { domestic: -0.8 } })).toThrow(/^sector-factor domestic: must be a number of at least 0/);
  });
});
