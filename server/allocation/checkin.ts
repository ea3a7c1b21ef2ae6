// Check-in counter allocation of a scenario: each check-in zone is a row of counters (its
// full-service counters and bag drops in display order; kiosks are common use, not allocated).
// Counters are given per airline (common check-in: one entry per cluster of an airline's
// overlapping flight windows, placed phase by phase so the block follows demand) or per flight
// (one block per departure over its profile's window). Entries are sized from the passengers who
// check in at a counter (the scenario's counter share) and placed as blocks of adjacent counters
// in their zone; the answer is written back as resource allocations (one per counter) in one
// transaction (checkinWrite).
//
// Locked allocations stay exactly as they are: each run of adjacent locked counters of one owner
// and window is a fixed block the others are placed around, a flight with locked counters is not
// sized again, and in airline mode an airline cluster overlapping a locked block of the same
// airline is not placed again: all of that airline's rows in the cluster's window stay (locking
// one phase of a common check-in freezes the whole cluster, not just that phase).
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { airlines, resourceAllocations, resources, scenarios, turnupProfiles, zones } from '../db/schema';
import { loadFlightFacts } from '../scenarios/flightFacts';
import { DEFAULT_TURNUP_PROFILES } from '../rules/defaults';
import type { TurnUp } from '../../workers/alloc/checkinSizing';
import { airlineClusters, type FlightWindow } from './airlineEntries';
import { scenarioTimeBase, type TimeBase } from './timeBase';
import { airlineNeeds, appliedPlan, entriesFromPlan, planMinutesOffset } from './checkinFromPlan';

const COUNTER_TYPES = ['fullservice', 'bagdrop'] as const;

/** The engine's sizing slot, and the shortest phase of an airline's block. */
const SLOT_MINUTES = 5;
const PHASE_MINUTES = 30;

export const COUNTERS_PER = ['airline', 'flight'] as const;
export type CountersPer = (typeof COUNTERS_PER)[number];

/** 'rule': Erlang C per slot from the turn-up profiles; 'simulation': the applied sizing plan's counters. */
export const CHECKIN_SIZING = ['rule', 'simulation'] as const;
type CheckinSizing = (typeof CHECKIN_SIZING)[number];

export type CheckinSettings = { maxQueueMinutes: number; serviceLevel: number; countersPer: CountersPer; sizing?: CheckinSizing };
export const DEFAULT_CHECKIN_SETTINGS: CheckinSettings = { maxQueueMinutes: 20, serviceLevel: 0.95, countersPer: 'airline', sizing: 'rule' };

type Profile = { earliest: number; bin: number; shares: number[] };

type DocumentEntry = {
  id: string;
  airline: string;
  open: number;
  close: number;
  counters?: number;
  std?: number;
  passengers?: number;
  profile?: string;
  rows?: string[];
};

/** Whom a placed entry's counters open for, and how many departures that covers. */
type EntryOwner = { flight_id: number | null; airline_id: number | null; departures: number };

export type CheckinPlan = {
  document: {
    kind: 'checkin';
    slot_minutes: number;
    rows: Array<{ id: string; counters: number }>;
    sizing: { service_seconds: number; max_queue_minutes: number; service_level: number };
    profiles: Record<string, TurnUp[]>;
    phases: boolean;
    phase_minutes: number;
    flights: DocumentEntry[];
    locked: Array<{ flight: string; row: string; first_counter: number }>;
  };
  /** Counter resource ids of each row, in counter order (counter 1 first). */
  counters: Map<string, number[]>;
  /** Entries to place, by document id; kept blocks are not in it (their rows stay as they are). */
  owners: Map<string, EntryOwner>;
  /** Unlocked rows that stay because they belong to a frozen airline cluster. */
  keptRowIds: number[];
  /** The allocations on the rows' counters now, and how many of them are locked. */
  existing: { rows: number; locked: number };
  /** Fixed blocks of kept rows in the document. */
  keptBlocks: number;
  countersPer: CountersPer;
  sizing: CheckinSizing;
  /** Groups of the applied plan that per-airline blocks cannot hold (sizing 'simulation'). */
  planGroupsSkipped: string[];
  counterShare: number;
  departures: number;
  time: TimeBase;
};

/**
 * The profile as the engine reads it: share of passengers per slot start before STD. A bin wider
 * than the engine's slot is spread evenly over slot-wide pieces (passengers turn up uniformly
 * within a bin, as the simulation draws them): given whole, a 10-minute bin would put all its
 * passengers in the first 5-minute slot and none in the second, and the counters sized from it
 * would swing up and down every slot.
 */
function slots(p: Profile, slotMinutes: number): TurnUp[] {
  return p.shares.flatMap((share, i) => {
    const pieces: TurnUp[] = [];
    for (let at = 0; at < p.bin; at += slotMinutes) {
      pieces.push({ before: p.earliest - i * p.bin - at, share: (share * Math.min(slotMinutes, p.bin - at)) / p.bin });
    }
    return pieces;
  });
}

type CounterRow = typeof resourceAllocations.$inferSelect;

/**
 * Rows grouped into blocks: one owner, one window, adjacent counters of one row. Answers the row
 * and first counter (1-based) of each block with its width and the allocation rows in it.
 */
function blocksOf(rows: CounterRow[], rowOf: Map<number, { row: string; index: number }>) {
  const groups = new Map<string, { row: string; index: number; allocation: CounterRow }[]>();
  for (const allocation of rows) {
    const at = rowOf.get(allocation.resource_id)!;
    const key = [allocation.flight_id, allocation.airline_id, allocation.start.getTime(), allocation.end.getTime(), at.row].join('|');
    groups.set(key, [...(groups.get(key) ?? []), { ...at, allocation }]);
  }
  const blocks: { row: string; first: number; width: number; allocation: CounterRow }[] = [];
  for (const list of groups.values()) {
    list.sort((a, b) => a.index - b.index);
    let current: (typeof blocks)[number] | null = null;
    for (const item of list) {
      if (current && current.first + current.width === item.index) current.width++;
      else blocks.push((current = { row: item.row, first: item.index, width: 1, allocation: item.allocation }));
    }
  }
  return blocks;
}

/** The check-in zones with counters as rows, where each counter sits, and the mean full-service time. */
async function counterRowsOf(ex: Executor, scenarioId: number) {
  const checkinZones = await ex
    .select()
    .from(zones)
    .where(and(eq(zones.scenario_id, scenarioId), eq(zones.kind, 'checkin')))
    .orderBy(asc(zones.name), asc(zones.id));
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
  const rowOf = new Map<number, { row: string; index: number }>();
  for (const [row, ids] of counters) ids.forEach((id, i) => rowOf.set(id, { row, index: i + 1 }));
  const fullService = counterRows.filter((r) => r.resource_type === 'fullservice' && r.service_mean_seconds);
  const serviceSeconds = fullService.length ? fullService.reduce((n, r) => n + (r.service_mean_seconds ?? 0), 0) / fullService.length : 120;
  return { counters, rowOf, serviceSeconds };
}

/** The scenario's turn-up profiles by id, and 'default' for flights without one. */
async function profilesOf(ex: Executor, scenarioId: number): Promise<Map<string, Profile>> {
  const profileRows = await ex.select().from(turnupProfiles).where(eq(turnupProfiles.scenario_id, scenarioId));
  const profiles = new Map<string, Profile>(profileRows.map((p) => [String(p.id), { earliest: p.earliest_minutes, bin: p.bin_minutes, shares: p.shares }]));
  const fallback = DEFAULT_TURNUP_PROFILES[0];
  profiles.set('default', { earliest: fallback.earliest_minutes, bin: fallback.bin_minutes, shares: fallback.shares });
  return profiles;
}

type Window = FlightWindow & { airline: string; profileKey: string };

/**
 * Every departure not held by a lock, with its window and the passengers who use a counter; and
 * the airline of every departure.
 */
async function departureWindows(
  ex: Executor,
  scenarioId: number,
  {
    time,
    profiles,
    counters,
    lockedFlights,
    counterShare,
  }: { time: TimeBase; profiles: Map<string, Profile>; counters: Map<string, number[]>; lockedFlights: Set<number>; counterShare: number },
) {
  const windows: Window[] = [];
  const flightAirline = new Map<number, string>();
  for (const { flight, facts } of await loadFlightFacts(ex, scenarioId)) {
    if (flight.direction !== 'departure') continue;
    flightAirline.set(flight.id, facts.airline_code);
    if (lockedFlights.has(flight.id)) continue;
    const profileKey = flight.turnup_profile_id !== null && profiles.has(String(flight.turnup_profile_id)) ? String(flight.turnup_profile_id) : 'default';
    const profile = profiles.get(profileKey)!;
    const std = time.toMinutes(flight.scheduled);
    windows.push({
      id: String(flight.id),
      airlineId: flight.airline_id,
      airline: facts.airline_code,
      std,
      open: std - profile.earliest,
      close: std - (profile.earliest - profile.shares.length * profile.bin),
      passengers: ((flight.passengers ?? Math.round(flight.seats * flight.load_factor)) * counterShare) / 100,
      profile: slots(profile, SLOT_MINUTES),
      profileKey,
      row: flight.zone_id !== null && counters.has(String(flight.zone_id)) ? String(flight.zone_id) : null,
    });
  }
  return { windows, flightAirline };
}

/** The document's entries as they are made: the profiles they use, whom each is for, what stays. */
type Entries = {
  entries: DocumentEntry[];
  usedProfiles: Record<string, TurnUp[]>;
  owners: Map<string, EntryOwner>;
  kept: Set<CounterRow>;
};

/** One entry per departure over its profile's window. */
function entriesPerFlight(windows: readonly Window[], out: Entries): void {
  for (const w of windows) {
    out.usedProfiles[w.profileKey] = [...w.profile];
    out.entries.push({
      id: w.id,
      airline: w.airline,
      open: w.open,
      close: w.close,
      std: w.std,
      passengers: w.passengers,
      profile: w.profileKey,
      ...(w.row && { rows: [w.row] }),
    });
    out.owners.set(w.id, { flight_id: Number(w.id), airline_id: null, departures: 1 });
  }
}

/**
 * One entry per cluster of an airline's overlapping windows; a cluster that overlaps a locked
 * block of its airline is not placed again, and every row of the airline in its window stays.
 */
function entriesPerAirline(
  windows: readonly Window[],
  {
    existing,
    locked,
    airlineCodes,
    time,
  }: { existing: readonly CounterRow[]; locked: readonly CounterRow[]; airlineCodes: Map<number, string>; time: TimeBase },
  out: Entries,
): void {
  const lockedAirline = locked.filter((a) => a.airline_id !== null);
  airlineClusters(windows).forEach((c, k) => {
    const overlaps = (a: CounterRow) => a.airline_id === c.airlineId && time.toMinutes(a.start) < c.close && time.toMinutes(a.end) > c.open;
    if (lockedAirline.some(overlaps)) {
      for (const a of existing) if (overlaps(a)) out.kept.add(a);
      return;
    }
    const id = `airline-${c.airlineId}-${k}`;
    out.usedProfiles[id] = c.profile;
    out.entries.push({
      id,
      airline: airlineCodes.get(c.airlineId) ?? String(c.airlineId),
      open: c.open,
      close: c.close,
      std: c.std,
      passengers: c.passengers,
      profile: id,
      ...(c.row && { rows: [c.row] }),
    });
    out.owners.set(id, { flight_id: null, airline_id: c.airlineId, departures: c.flights.length });
  });
}

export async function planCheckin(ex: Executor, scenarioId: number, settings: CheckinSettings): Promise<CheckinPlan> {
  const time = await scenarioTimeBase(ex, scenarioId);
  const [{ counter_share: counterShare }] = await ex.select({ counter_share: scenarios.counter_share }).from(scenarios).where(eq(scenarios.id, scenarioId));
  const { counters, rowOf, serviceSeconds } = await counterRowsOf(ex, scenarioId);
  const profiles = await profilesOf(ex, scenarioId);
  const airlineCodes = new Map((await ex.select().from(airlines).where(eq(airlines.scenario_id, scenarioId))).map((a) => [a.id, a.code]));

  const existing = (
    await ex
      .select({ allocation: resourceAllocations })
      .from(resourceAllocations)
      .where(and(eq(resourceAllocations.scenario_id, scenarioId), inArray(resourceAllocations.resource_id, [...rowOf.keys()])))
      // In id order: the same rows give the same document (see checkinWrite).
      .orderBy(asc(resourceAllocations.id))
  ).map((r) => r.allocation);
  const locked = existing.filter((a) => a.locked);
  const lockedFlights = new Set(locked.flatMap((a) => (a.flight_id === null ? [] : [a.flight_id])));
  const { windows, flightAirline } = await departureWindows(ex, scenarioId, { time, profiles, counters, lockedFlights, counterShare });

  const out: Entries = { entries: [], usedProfiles: {}, owners: new Map(), kept: new Set(locked) };
  const planGroupsSkipped: string[] = [];
  if (settings.sizing === 'simulation') {
    const fromPlan = entriesFromPlan({
      needs: airlineNeeds(await appliedPlan(ex, scenarioId), await planMinutesOffset(ex, scenarioId)),
      airlineIds: new Map([...airlineCodes].map(([id, code]) => [code, id])),
      flightRows: windows.map((w) => ({ airlineId: w.airlineId, row: w.row })),
      rowSizes: new Map([...counters].map(([row, ids]) => [row, ids.length])),
      existing,
      toMinutes: time.toMinutes,
    });
    out.entries.push(...fromPlan.entries);
    fromPlan.owners.forEach((owner, id) => out.owners.set(id, owner));
    fromPlan.kept.forEach((a) => out.kept.add(a));
    planGroupsSkipped.push(...fromPlan.skipped);
  } else if (settings.countersPer === 'flight') {
    entriesPerFlight(windows, out);
  } else {
    entriesPerAirline(windows, { existing, locked, airlineCodes, time }, out);
  }
  const { entries, usedProfiles, owners, kept } = out;

  // Kept rows enter as fixed blocks at their counters.
  const documentLocks: CheckinPlan['document']['locked'] = [];
  const keptBlocks = blocksOf([...kept], rowOf).filter((b) => b.allocation.end > b.allocation.start);
  keptBlocks.forEach((b, k) => {
    const a = b.allocation;
    const airline = a.airline_id !== null ? airlineCodes.get(a.airline_id) : a.flight_id !== null ? flightAirline.get(a.flight_id) : undefined;
    const id = `kept-${k}`;
    entries.push({ id, airline: airline ?? 'kept', open: time.toMinutes(a.start), close: time.toMinutes(a.end), counters: b.width, rows: [b.row] });
    documentLocks.push({ flight: id, row: b.row, first_counter: b.first });
  });

  return {
    document: {
      kind: 'checkin',
      slot_minutes: SLOT_MINUTES,
      rows: [...counters].map(([id, ids]) => ({ id, counters: ids.length })),
      sizing: { service_seconds: serviceSeconds, max_queue_minutes: settings.maxQueueMinutes, service_level: settings.serviceLevel },
      profiles: usedProfiles,
      // A cluster can span the day: its block follows demand instead of holding its peak
      // throughout, changing width at most every half hour (a plan's blocks are fixed already).
      phases: settings.countersPer === 'airline' && settings.sizing !== 'simulation',
      phase_minutes: PHASE_MINUTES,
      flights: entries,
      locked: documentLocks,
    },
    counters,
    owners,
    keptRowIds: [...kept].filter((a) => !a.locked).map((a) => a.id),
    existing: { rows: existing.length, locked: locked.length },
    keptBlocks: keptBlocks.length,
    countersPer: settings.countersPer,
    sizing: settings.sizing ?? 'rule',
    planGroupsSkipped,
    counterShare,
    departures: flightAirline.size,
    time,
  };
}
