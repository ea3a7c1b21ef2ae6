// Regenerating segregations from the rules without throwing away the planner's make-up plan. A
// segregation is the same one when its flight and name are: it keeps its row (its share and bags
// follow the rules) and so keeps its baggage allocations. A segregation the rules no longer make
// goes, with its allocations, unless one of them is locked: then the segregation and its locked
// allocations stay, as the planner fixed them, and the result says so. The same plan answers the
// preview the screen shows before it asks, so what is said before is what happens.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { baggageAllocations, bagsPerAllocationRules, segregationRules, segregations } from '../db/schema';
import { loadFlightFacts } from '../scenarios/flightFacts';
import { firstMatch } from '../../common/rules/matchFlight';
import { PLANNING_DEFAULTS } from '../rules/defaults';

type NewSegregation = { flight_id: number; name: string; share: number; bags: number };
type Existing = { id: number; flight_id: number; name: string; share: number; bags: number };

export type SegregationPlan = {
  departures: number;
  passengers: number;
  /** Every segregation the rules make, in flight order. */
  wanted: NewSegregation[];
  insert: NewSegregation[];
  update: Array<{ id: number; share: number; bags: number }>;
  remove: number[];
  /** Segregations the rules no longer make, kept for their locked allocations. */
  keptForLocks: number[];
  counts: {
    segregations_added: number;
    segregations_updated: number;
    segregations_removed: number;
    segregations_unchanged: number;
    allocations_removed: number;
    allocations_kept: number;
    locked_allocations_kept: number;
    locked_segregations_kept: number;
  };
};

const key = (flightId: number, name: string) => `${flightId}\u0000${name}`;

/**
 * The segregations the rules make for each departure (the first matching rule by priority). Its
 * reads, like planSegregations', go one after another: callers pass a transaction, whose one
 * connection runs one query at a time (node-postgres warns of overlapping ones, and its next
 * major refuses them).
 */
async function wantedSegregations(ex: Executor, scenarioId: number) {
  const segRules = await ex.select().from(segregationRules).where(eq(segregationRules.scenario_id, scenarioId)).orderBy(asc(segregationRules.priority));
  const bagRules = await ex
    .select()
    .from(bagsPerAllocationRules)
    .where(eq(bagsPerAllocationRules.scenario_id, scenarioId))
    .orderBy(asc(bagsPerAllocationRules.priority));
  const all = await loadFlightFacts(ex, scenarioId);
  const departures = all.filter((f) => f.flight.direction === 'departure');
  const wanted: NewSegregation[] = [];
  let passengers = 0;
  for (const { flight, facts } of departures) {
    const pax = flight.passengers ?? Math.round(flight.seats * flight.load_factor);
    passengers += pax;
    const split = firstMatch(segRules, facts)?.segregations ?? [{ name: 'Y', share: 100 }];
    for (const { name, share } of split) {
      const bagsPerPassenger = firstMatch(bagRules, { ...facts, segregation_name: name })?.bags_per_passenger ?? PLANNING_DEFAULTS.bagsPerPassenger;
      wanted.push({ flight_id: flight.id, name, share, bags: Math.round((pax * share * bagsPerPassenger) / 100) });
    }
  }
  return { departures: departures.length, passengers, wanted };
}

export async function planSegregations(ex: Executor, scenarioId: number): Promise<SegregationPlan> {
  const { departures, passengers, wanted } = await wantedSegregations(ex, scenarioId);
  const existing = await ex
    .select({ id: segregations.id, flight_id: segregations.flight_id, name: segregations.name, share: segregations.share, bags: segregations.bags })
    .from(segregations)
    .where(eq(segregations.scenario_id, scenarioId));
  const allocations = await ex
    .select({ segregation_id: baggageAllocations.segregation_id, locked: baggageAllocations.locked })
    .from(baggageAllocations)
    .where(eq(baggageAllocations.scenario_id, scenarioId));
  const allocationsOf = new Map<number, { all: number; locked: number }>();
  for (const a of allocations) {
    const n = allocationsOf.get(a.segregation_id) ?? { all: 0, locked: 0 };
    n.all++;
    if (a.locked) n.locked++;
    allocationsOf.set(a.segregation_id, n);
  }
  const byKey = new Map<string, Existing>(existing.map((s) => [key(s.flight_id, s.name), s]));
  const plan: SegregationPlan = {
    departures,
    passengers,
    wanted,
    insert: [],
    update: [],
    remove: [],
    keptForLocks: [],
    counts: {
      segregations_added: 0,
      segregations_updated: 0,
      segregations_removed: 0,
      segregations_unchanged: 0,
      allocations_removed: 0,
      allocations_kept: 0,
      locked_allocations_kept: allocations.filter((a) => a.locked).length,
      locked_segregations_kept: 0,
    },
  };
  for (const w of wanted) {
    const same = byKey.get(key(w.flight_id, w.name));
    if (!same) {
      plan.insert.push(w);
      continue;
    }
    byKey.delete(key(w.flight_id, w.name));
    plan.counts.allocations_kept += allocationsOf.get(same.id)?.all ?? 0;
    if (same.share !== w.share || same.bags !== w.bags) plan.update.push({ id: same.id, share: w.share, bags: w.bags });
    else plan.counts.segregations_unchanged++;
  }
  for (const gone of byKey.values()) {
    const held = allocationsOf.get(gone.id);
    if (held?.locked) {
      plan.keptForLocks.push(gone.id);
      plan.counts.allocations_kept += held.locked;
      plan.counts.allocations_removed += held.all - held.locked;
    } else {
      plan.remove.push(gone.id);
      plan.counts.allocations_removed += held?.all ?? 0;
    }
  }
  plan.counts.segregations_added = plan.insert.length;
  plan.counts.segregations_updated = plan.update.length;
  plan.counts.segregations_removed = plan.remove.length;
  plan.counts.locked_segregations_kept = plan.keptForLocks.length;
  return plan;
}

const BATCH = 1000;

/** Writes a plan; the caller gives a transaction so it lands whole or not at all. */
export async function applySegregationPlan(
  ex: Executor,
  scenarioId: number,
  plan: SegregationPlan,
  progress: (percent: number, message: string) => Promise<void>,
) {
  for (let i = 0; i < plan.remove.length; i += BATCH) {
    // Their baggage allocations go with them (ON DELETE CASCADE).
    await ex.delete(segregations).where(inArray(segregations.id, plan.remove.slice(i, i + BATCH)));
  }
  for (let i = 0; i < plan.keptForLocks.length; i += BATCH) {
    const ids = plan.keptForLocks.slice(i, i + BATCH);
    await ex.delete(baggageAllocations).where(and(inArray(baggageAllocations.segregation_id, ids), eq(baggageAllocations.locked, false)));
  }
  for (const u of plan.update) {
    await ex.update(segregations).set({ share: u.share, bags: u.bags, updated_at: new Date() }).where(eq(segregations.id, u.id));
  }
  for (let i = 0; i < plan.insert.length; i += BATCH) {
    await ex.insert(segregations).values(plan.insert.slice(i, i + BATCH).map((s) => ({ ...s, scenario_id: scenarioId })));
    await progress(20 + (75 * (i + BATCH)) / Math.max(1, plan.insert.length), `Saved ${Math.min(i + BATCH, plan.insert.length)} new segregations`);
  }
}
