// Check-in counter allocation of a scenario: each check-in zone is a row of counters (its
// full-service counters and bag drops in display order; kiosks are common use, not allocated),
// each departure is sized from its turn-up profile over the profile's window and placed as a
// block of adjacent counters in its zone; the answer is written back as resource allocations
// (one per counter) in one transaction. Locked allocations stay as they are.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database, Executor } from '../db/database';
import { resourceAllocations, resources, turnupProfiles, zones } from '../db/schema';
import { loadFlightFacts } from '../scenarios/flightFacts';
import { DEFAULT_TURNUP_PROFILES } from '../rules/defaults';
import type { CheckinResult } from '../../workers/alloc/checkin';
import { scenarioTimeBase, type TimeBase } from './timeBase';

export const COUNTER_TYPES = ['fullservice', 'bagdrop'] as const;

export type CheckinSettings = { maxQueueMinutes: number; serviceLevel: number };

type Profile = { earliest: number; bin: number; shares: number[] };

export type CheckinPlan = {
  document: {
    kind: 'checkin';
    slot_minutes: number;
    rows: Array<{ id: string; counters: number }>;
    sizing: { service_seconds: number; max_queue_minutes: number; service_level: number };
    profiles: Record<string, Array<{ before: number; share: number }>>;
    flights: Array<{ id: string; airline: string; open: number; close: number; std: number; passengers: number; profile: string; rows?: string[] }>;
    locked: Array<{ flight: string; row: string; first_counter: number }>;
  };
  /** Counter resource ids of each row, in counter order (counter 1 first). */
  counters: Map<string, number[]>;
  lockedFlights: Set<string>;
  time: TimeBase;
};

/** The profile's bins as the engine reads them: share of passengers per slot start before STD. */
const slots = (p: Profile) => p.shares.map((share, i) => ({ before: p.earliest - i * p.bin, share }));

export async function planCheckin(ex: Executor, scenarioId: number, settings: CheckinSettings): Promise<CheckinPlan> {
  const time = await scenarioTimeBase(ex, scenarioId);
  const checkinZones = await ex.select().from(zones).where(and(eq(zones.scenario_id, scenarioId), eq(zones.kind, 'checkin'))).orderBy(asc(zones.name), asc(zones.id));
  const counterRows = await ex
    .select()
    .from(resources)
    .where(and(eq(resources.scenario_id, scenarioId), inArray(resources.resource_type, [...COUNTER_TYPES])))
    .orderBy(asc(resources.display_order), asc(resources.name), asc(resources.id));
  const counters = new Map<string, number[]>();
  for (const zone of checkinZones) {
    const ids = counterRows.filter((r) => r.zone_id === zone.id).map((r) => r.id);
    if (ids.length) counters.set(String(zone.id), ids);
  }
  const fullService = counterRows.filter((r) => r.resource_type === 'fullservice' && r.service_mean_seconds);
  const serviceSeconds = fullService.length ? fullService.reduce((n, r) => n + (r.service_mean_seconds ?? 0), 0) / fullService.length : 120;

  const profileRows = await ex.select().from(turnupProfiles).where(eq(turnupProfiles.scenario_id, scenarioId));
  const profiles = new Map<string, Profile>(profileRows.map((p) => [String(p.id), { earliest: p.earliest_minutes, bin: p.bin_minutes, shares: p.shares }]));
  const fallback = DEFAULT_TURNUP_PROFILES[0];
  profiles.set('default', { earliest: fallback.earliest_minutes, bin: fallback.bin_minutes, shares: fallback.shares });

  const locked = await ex
    .select({ allocation: resourceAllocations })
    .from(resourceAllocations)
    .innerJoin(resources, eq(resources.id, resourceAllocations.resource_id))
    .where(and(eq(resourceAllocations.scenario_id, scenarioId), eq(resourceAllocations.locked, true), inArray(resources.resource_type, [...COUNTER_TYPES])));
  const rowOf = new Map<number, { row: string; index: number }>();
  for (const [row, ids] of counters) ids.forEach((id, i) => rowOf.set(id, { row, index: i + 1 }));
  const lockedBlocks = new Map<string, { row: string; first_counter: number }>();
  for (const { allocation } of locked) {
    const at = rowOf.get(allocation.resource_id);
    if (!at || allocation.flight_id === null) continue;
    const key = String(allocation.flight_id);
    const prior = lockedBlocks.get(key);
    if (!prior || at.index < prior.first_counter) lockedBlocks.set(key, { row: at.row, first_counter: at.index });
  }

  const used = new Set<string>();
  const flights: CheckinPlan['document']['flights'] = [];
  for (const { flight, facts } of await loadFlightFacts(ex, scenarioId)) {
    if (flight.direction !== 'departure') continue;
    const profileKey = flight.turnup_profile_id !== null && profiles.has(String(flight.turnup_profile_id)) ? String(flight.turnup_profile_id) : 'default';
    const profile = profiles.get(profileKey)!;
    used.add(profileKey);
    const std = time.toMinutes(flight.scheduled);
    const row = flight.zone_id !== null && counters.has(String(flight.zone_id)) ? [String(flight.zone_id)] : undefined;
    flights.push({
      id: String(flight.id),
      airline: facts.airline_code,
      open: std - profile.earliest,
      close: std - (profile.earliest - profile.shares.length * profile.bin),
      std,
      passengers: flight.passengers ?? Math.round(flight.seats * flight.load_factor),
      profile: profileKey,
      ...(row && { rows: row }),
    });
  }
  const flightIds = new Set(flights.map((f) => f.id));
  return {
    document: {
      kind: 'checkin',
      slot_minutes: 5,
      rows: [...counters].map(([id, ids]) => ({ id, counters: ids.length })),
      sizing: { service_seconds: serviceSeconds, max_queue_minutes: settings.maxQueueMinutes, service_level: settings.serviceLevel },
      profiles: Object.fromEntries([...used].map((key) => [key, slots(profiles.get(key)!)])),
      flights,
      locked: [...lockedBlocks].filter(([flight]) => flightIds.has(flight)).map(([flight, block]) => ({ flight, ...block })),
    },
    counters,
    lockedFlights: new Set([...lockedBlocks.keys()]),
    time,
  };
}

/** Replaces the unlocked counter allocations with the result; answers the rows written. */
export async function writeCheckin(db: Database, scenarioId: number, plan: CheckinPlan, result: CheckinResult): Promise<number> {
  const allCounters = [...plan.counters.values()].flat();
  return db.transaction(async (tx) => {
    if (allCounters.length) {
      await tx
        .delete(resourceAllocations)
        .where(and(eq(resourceAllocations.scenario_id, scenarioId), eq(resourceAllocations.locked, false), inArray(resourceAllocations.resource_id, allCounters)));
    }
    const rows: Array<typeof resourceAllocations.$inferInsert> = [];
    for (const p of result.placements) {
      if (plan.lockedFlights.has(p.flight)) continue;
      const ids = plan.counters.get(p.row)!;
      for (let k = 0; k < p.counters; k++) {
        rows.push({
          scenario_id: scenarioId,
          resource_id: ids[p.first_counter - 1 + k],
          flight_id: Number(p.flight),
          start: plan.time.toDate(p.start),
          end: plan.time.toDate(p.end),
        });
      }
    }
    for (let i = 0; i < rows.length; i += 1000) await tx.insert(resourceAllocations).values(rows.slice(i, i + 1000));
    return rows.length;
  });
}
