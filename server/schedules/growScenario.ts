// Growing a scenario's design day into a new scenario: a deep copy of the scenario (resources,
// rules, allocations and all) whose departures grow or shrink by the factors
// (workers/schedule/growth.ts); each new flight is a copy of the departure it repeats (aircraft,
// seats, load factor, zones, profile) at its new time and number, each flight a factor below 1
// takes away is deleted from the copy (its allocations and segregations with it); then the fleet
// and load changes asked for apply to all. The copy records where it came from and which flights
// are new or gone, in one transaction with the copy itself.
import { eq, inArray } from 'drizzle-orm';
import type { Transaction } from '../db/database';
import { flights, scenarios } from '../db/schema';
import { invalid } from '../errors';
import { cloneScenario } from '../scenarios/cloneScenario';
import { zonedWallToUtc } from '../../workers/report/zonedTime';
import { clockLabel } from '../../workers/report/time';
import { scenarioDepartures } from './scenarioDepartures';
import { setLoadFactor, upgauge } from './fleetChanges';
import { growDay } from '../../workers/schedule/growth';
import { SeasonError } from '../../workers/schedule/season';
import type { GrowthProvenance } from '../../workers/schedule/provenance';

export type GrowthRequest = {
  name: string;
  year?: number | null;
  factor: number;
  airline_factors?: Record<string, number>;
  sector_factors?: Partial<Record<string, number>>;
  seed?: number;
  /** Every flight's load factor in the grown scenario. */
  load_factor?: number;
  /** Aircraft type A flies as type B: { "320": "321" }. */
  upgauge?: Record<string, string>;
};

/** The sector factors given (a partial record's absent keys dropped). */
function sectorFactors(request: GrowthRequest): Record<string, number> | undefined {
  return request.sector_factors && Object.fromEntries(Object.entries(request.sector_factors).filter((e): e is [string, number] => e[1] !== undefined));
}

export async function growScenario(tx: Transaction, sourceId: number, request: GrowthRequest) {
  const [source] = await tx.select().from(scenarios).where(eq(scenarios.id, sourceId));
  const { flights: day, timeZone } = await scenarioDepartures(tx, sourceId);
  if (day.length === 0) throw invalid({ scenario_id: ['The scenario has no departures to grow.'] });
  let grown;
  try {
    grown = growDay(day, { factor: request.factor, airlineFactors: request.airline_factors, sectorFactors: sectorFactors(request), seed: request.seed });
  } catch (error) {
    if (error instanceof SeasonError) {
      const [field, key] = error.field.split(' ');
      const name = key ? `${field === 'sector-factor' ? 'sector_factors' : 'airline_factors'}.${key}` : field;
      throw invalid({ [name]: [error.message.slice(error.field.length + 2)] });
    }
    throw error;
  }
  const copy = await cloneScenario(tx, sourceId, { projectId: source.project_id, name: request.name });
  const added = grown.flights.filter((f) => f.new);
  if (added.length) {
    const templates = new Map((await tx.select().from(flights).where(eq(flights.scenario_id, copy.id))).map((f) => [f.id, f]));
    await tx.insert(flights).values(
      added.map((f) => {
        const { id: _id, created_at: _c, updated_at: _u, ...template } = templates.get(copy.flightIds.get(f.id!)!)!;
        const scheduled = new Date(zonedWallToUtc(Date.parse(`${f.date}T00:00:00Z`) + f.minute * 60_000, timeZone));
        return { ...template, flight_number: f.flight_number, scheduled, locked: false };
      }),
    );
  }
  if (grown.removed.length) {
    await tx.delete(flights).where(
      inArray(
        flights.id,
        grown.removed.map((f) => copy.flightIds.get(f.id!)!),
      ),
    );
  }
  const upgauged = request.upgauge ? await upgauge(tx, copy.id, request.upgauge) : 0;
  if (request.load_factor !== undefined) await setLoadFactor(tx, copy.id, request.load_factor);
  const growth: GrowthProvenance = {
    from_scenario_id: source.id,
    from_scenario_name: source.name,
    year: request.year ?? null,
    factor: request.factor,
    airline_factors: request.airline_factors ?? {},
    sector_factors: sectorFactors(request) ?? {},
    seed: request.seed ?? 1,
    added_by_airline: grown.added_by_airline,
    removed_by_airline: grown.removed_by_airline,
    load_factor: request.load_factor ?? null,
    upgauge: request.upgauge ?? {},
    upgauged_flights: upgauged,
    new_flights: added.map((f) => ({ airline: f.airline, flight_number: f.flight_number, std: clockLabel(f.minute), repeats: f.repeats! })),
    removed_flights: grown.removed.map((f) => ({ airline: f.airline, flight_number: f.flight_number, std: clockLabel(f.minute) })),
  };
  await tx
    .update(scenarios)
    .set({ provenance: { ...source.provenance, growth } })
    .where(eq(scenarios.id, copy.id));
  return { id: copy.id, growth };
}
