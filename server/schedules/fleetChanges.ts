// Fleet and load changes of a grown scenario: up-gauging (every flight of aircraft type A flies
// type B, with B's seats from the reference tables) and a new load factor for every flight.
import { and, eq } from 'drizzle-orm';
import type { Transaction } from '../db/database';
import { aircraft, flights } from '../db/schema';
import { invalid } from '../errors';
import { aircraftType } from '../reference/lookup';

/** Answers how many flights changed type. */
export async function upgauge(tx: Transaction, scenarioId: number, changes: Record<string, string>): Promise<number> {
  let changed = 0;
  for (const [from, to] of Object.entries(changes)) {
    const ref = aircraftType(to);
    if (!ref) throw invalid({ [`upgauge.${from}`]: [`"${to}" is not an aircraft type in the reference tables.`] });
    const [old] = await tx
      .select()
      .from(aircraft)
      .where(and(eq(aircraft.scenario_id, scenarioId), eq(aircraft.iata, from)));
    if (!old) throw invalid({ [`upgauge.${from}`]: [`No flight of the day flies type ${from}.`] });
    let [target] = await tx
      .select()
      .from(aircraft)
      .where(and(eq(aircraft.scenario_id, scenarioId), eq(aircraft.iata, to)));
    target ??= (
      await tx
        .insert(aircraft)
        .values({ scenario_id: scenarioId, iata: to, icao: ref.icao, name: ref.name, body: ref.body, seats: ref.seats, container_type: ref.container_type })
        .returning()
    )[0];
    const moved = await tx
      .update(flights)
      .set({ aircraft_id: target.id, seats: target.seats })
      .where(and(eq(flights.scenario_id, scenarioId), eq(flights.aircraft_id, old.id)))
      .returning({ id: flights.id });
    changed += moved.length;
  }
  return changed;
}

export async function setLoadFactor(tx: Transaction, scenarioId: number, loadFactor: number): Promise<void> {
  await tx.update(flights).set({ load_factor: loadFactor }).where(eq(flights.scenario_id, scenarioId));
}
