// Writes the flights an importer read into a scenario: airlines and aircraft types it does not
// know yet are created, each flight gets its seats from the file or else from its aircraft type
// (or the estimate the reading made, marked as such).
// Runs inside the caller's transaction so an import is all or nothing.
import { and, eq, inArray } from 'drizzle-orm';
import type { Transaction } from '../db/database';
import { aircraft, airlines, flights } from '../db/schema';
import type { ImportedFlight } from '../import';
import { airlineName, aircraftType, plausibleSeats } from '../reference/lookup';

const BATCH = 1000;

export type StoreResult = { flights: number; airlines_created: number; aircraft_created: number };

export async function storeImportedFlights(
  tx: Transaction,
  scenarioId: number,
  sourceId: number,
  imported: ImportedFlight[],
  onProgress: (done: number) => Promise<void> = async () => undefined,
): Promise<StoreResult> {
  const codes = [...new Set(imported.map((f) => f.airline))];
  const known = new Map(
    (
      await tx
        .select()
        .from(airlines)
        .where(and(eq(airlines.scenario_id, scenarioId), inArray(airlines.code, codes.length ? codes : [''])))
    ).map((a) => [a.code, a.id]),
  );
  const newAirlines = codes.filter((c) => !known.has(c));
  if (newAirlines.length) {
    const created = await tx
      .insert(airlines)
      .values(newAirlines.map((code) => ({ scenario_id: scenarioId, code, name: airlineName(code) ?? '' })))
      .returning();
    for (const a of created) known.set(a.code, a.id);
  }

  const types = [...new Set(imported.map((f) => f.aircraft_type).filter(Boolean))];
  const fleet = new Map(
    (
      await tx
        .select()
        .from(aircraft)
        .where(and(eq(aircraft.scenario_id, scenarioId), inArray(aircraft.iata, types.length ? types : [''])))
    ).map((a) => [a.iata, a]),
  );
  const newTypes = types.filter((t) => !fleet.has(t));
  if (newTypes.length) {
    const created = await tx
      .insert(aircraft)
      .values(
        newTypes.map((iata) => {
          const ref = aircraftType(iata);
          return {
            scenario_id: scenarioId,
            iata,
            icao: ref?.icao ?? '',
            name: ref?.name ?? '',
            body: ref?.body ?? 'narrow',
            seats: ref?.seats ?? 0,
            container_type: ref?.container_type ?? 'bulk',
          };
        }),
      )
      .returning();
    for (const a of created) fleet.set(a.iata, a);
  }

  const rows = imported.map((f) => {
    const type = f.aircraft_type ? fleet.get(f.aircraft_type) : undefined;
    return {
      scenario_id: scenarioId,
      source_id: sourceId,
      airline_id: known.get(f.airline)!,
      flight_number: f.flight_number,
      suffix: f.suffix,
      direction: f.direction,
      origin: f.origin,
      destination: f.destination,
      scheduled: new Date(f.scheduled),
      aircraft_id: type?.id ?? null,
      seats: plausibleSeats(f.seats, f.aircraft_type) ?? 0,
      seats_estimated: f.seats_estimated ?? false,
      ...(f.load_factor !== undefined && { load_factor: f.load_factor }),
      ...(f.passengers !== undefined && { passengers: f.passengers }),
      ...(f.sector !== undefined && { sector: f.sector }),
    };
  });
  for (let i = 0; i < rows.length; i += BATCH) {
    await tx.insert(flights).values(rows.slice(i, i + BATCH));
    await onProgress(Math.min(i + BATCH, rows.length));
  }
  return { flights: rows.length, airlines_created: newAirlines.length, aircraft_created: newTypes.length };
}
