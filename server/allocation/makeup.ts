// Make-up allocation of a scenario: builds the engine's document from the database (each
// departure's segregations with the windows, positions and container sizes of the
// bags-per-allocation rules; the make-up resources of each flight's make-up zone; locked rows)
// and writes the engine's answer back as baggage allocations in one transaction, provided the
// plan still holds then (see freshPlan). Locked rows stay exactly as they are: their
// segregation's window is taken from them, and only the positions they do not already hold are
// written. Every unlocked row is the last run's answer and is replaced, as the preview says.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '../db/database';
import { bagsPerAllocationRules, baggageAllocations, resources, segregations } from '../db/schema';
import { loadFlightFacts } from '../scenarios/flightFacts';
import { firstMatch } from '../../common/rules/matchFlight';
import { PLANNING_DEFAULTS } from '../rules/defaults';
import type { MakeupResult } from '../../workers/alloc/makeup';
import { scenarioTimeBase, type TimeBase } from './timeBase';
import { holdScenarioRows, requireSamePlan } from './freshPlan';

const MAKEUP_TYPES = ['makeup_carousel', 'makeup_lateral', 'makeup_chute'] as const;

type SegregationPlan = { id: number; flight_id: number; bags: number; bags_per_container: number; start: number; end: number };

export type MakeupPlan = {
  document: {
    kind: 'makeup';
    buffer_minutes: number;
    resources: Array<{ id: string; zone: string; positions: number }>;
    segregations: Array<{ id: string; flight: string; zone: string; start: number; end: number; positions: number }>;
    locked: Array<{ segregation: string; resource: string; position: number }>;
  };
  segregations: Map<string, SegregationPlan>;
  time: TimeBase;
};

export async function planMakeup(ex: Executor, scenarioId: number, bufferMinutes: number): Promise<MakeupPlan> {
  const time = await scenarioTimeBase(ex, scenarioId);
  const departures = (await loadFlightFacts(ex, scenarioId)).filter((f) => f.flight.direction === 'departure');
  const byFlight = new Map(departures.map((f) => [f.flight.id, f]));
  // In id order throughout: the same rows give the same document (see writeMakeup).
  const rules = await ex.select().from(bagsPerAllocationRules).where(eq(bagsPerAllocationRules.scenario_id, scenarioId));
  const segs = await ex.select().from(segregations).where(eq(segregations.scenario_id, scenarioId)).orderBy(asc(segregations.id));
  const makeupResources = await ex
    .select()
    .from(resources)
    .where(and(eq(resources.scenario_id, scenarioId), inArray(resources.resource_type, [...MAKEUP_TYPES])))
    .orderBy(asc(resources.id));
  const locked = await ex
    .select()
    .from(baggageAllocations)
    .where(and(eq(baggageAllocations.scenario_id, scenarioId), eq(baggageAllocations.locked, true)))
    .orderBy(asc(baggageAllocations.id));
  const lockedBySegregation = new Map<number, typeof locked>();
  for (const l of locked) lockedBySegregation.set(l.segregation_id, [...(lockedBySegregation.get(l.segregation_id) ?? []), l]);

  const plans = new Map<string, SegregationPlan>();
  const documentSegregations: MakeupPlan['document']['segregations'] = [];
  for (const seg of segs) {
    const departure = byFlight.get(seg.flight_id);
    if (!departure) continue;
    const rule = firstMatch(rules, { ...departure.facts, segregation_name: seg.name });
    const std = time.toMinutes(departure.flight.scheduled);
    const held = lockedBySegregation.get(seg.id);
    const start = held ? Math.min(...held.map((h) => time.toMinutes(h.start))) : std - (rule?.open_minutes ?? PLANNING_DEFAULTS.makeupOpenMinutes);
    const end = held ? Math.max(...held.map((h) => time.toMinutes(h.end))) : std - (rule?.close_minutes ?? PLANNING_DEFAULTS.makeupCloseMinutes);
    const id = String(seg.id);
    plans.set(id, {
      id: seg.id,
      flight_id: seg.flight_id,
      bags: seg.bags,
      bags_per_container: rule?.bags_per_container ?? PLANNING_DEFAULTS.bagsPerContainer,
      start,
      end,
    });
    documentSegregations.push({
      id,
      flight: String(seg.flight_id),
      zone: departure.flight.makeup_zone_id === null ? 'none' : String(departure.flight.makeup_zone_id),
      start,
      end,
      positions: Math.max(rule?.positions ?? 1, held?.length ?? 0),
    });
  }
  return {
    document: {
      kind: 'makeup',
      buffer_minutes: bufferMinutes,
      resources: makeupResources.map((r) => ({ id: String(r.id), zone: String(r.zone_id), positions: r.positions })),
      segregations: documentSegregations,
      locked: locked
        .filter((l) => plans.has(String(l.segregation_id)))
        .map((l) => ({ segregation: String(l.segregation_id), resource: String(l.resource_id), position: l.position_index })),
    },
    segregations: plans,
    time,
  };
}

/** Minutes before STD a segregation's make-up opens (at the earliest) and closes (at the latest), by its rule. */
export type MakeupRuleWindow = { std: Date; open_minutes: number; close_minutes: number };

/** The window the bags-per-allocation rules give a segregation of a departure (null for other rows). */
export async function makeupRuleWindow(ex: Executor, scenarioId: number, segregationId: number): Promise<MakeupRuleWindow | null> {
  const [seg] = await ex.select().from(segregations).where(eq(segregations.id, segregationId));
  if (!seg) return null;
  const [departure] = await loadFlightFacts(ex, scenarioId, seg.flight_id);
  if (!departure || departure.flight.direction !== 'departure') return null;
  const rules = await ex.select().from(bagsPerAllocationRules).where(eq(bagsPerAllocationRules.scenario_id, scenarioId));
  const rule = firstMatch(rules, { ...departure.facts, segregation_name: seg.name });
  return {
    std: departure.flight.scheduled,
    open_minutes: rule?.open_minutes ?? PLANNING_DEFAULTS.makeupOpenMinutes,
    close_minutes: rule?.close_minutes ?? PLANNING_DEFAULTS.makeupCloseMinutes,
  };
}

/**
 * The departures' segregations without a baggage allocation (the make-up job found no room, or
 * has not run), each with the window its rule gives it and the containers its bags fill: what the
 * Gantt shows in its lane of segregations not placed, to be dragged onto a position.
 */
export async function unplacedSegregations(ex: Executor, scenarioId: number) {
  const plan = await planMakeup(ex, scenarioId, 0);
  const placed = new Set(
    (await ex.select({ id: baggageAllocations.segregation_id }).from(baggageAllocations).where(eq(baggageAllocations.scenario_id, scenarioId))).map(
      (r) => r.id,
    ),
  );
  return [...plan.segregations.values()]
    .filter((s) => !placed.has(s.id) && s.bags > 0)
    .map((s) => ({
      segregation_id: s.id,
      flight_id: s.flight_id,
      bags: s.bags,
      containers: Math.ceil(s.bags / s.bags_per_container),
      start: plan.time.toDate(s.start).toISOString(),
      end: plan.time.toDate(s.end).toISOString(),
    }));
}

/** What the answer depends on: the document and each segregation's bags and window. */
const planned = (plan: MakeupPlan) => [plan.document, [...plan.segregations]];

/** The make-up plan as it stands, and what a run would do to it: every unlocked allocation is replaced, every locked one stays. */
export async function makeupPreview(ex: Executor, scenarioId: number) {
  const plan = await planMakeup(ex, scenarioId, 0);
  const rows = await ex
    .select({ segregation_id: baggageAllocations.segregation_id, locked: baggageAllocations.locked })
    .from(baggageAllocations)
    .where(eq(baggageAllocations.scenario_id, scenarioId));
  const locked = rows.filter((r) => r.locked).length;
  return {
    segregations: plan.segregations.size,
    segregations_placed: new Set(rows.filter((r) => plan.segregations.has(String(r.segregation_id))).map((r) => r.segregation_id)).size,
    allocations: rows.length,
    allocations_removed: rows.length - locked,
    locked_allocations_kept: locked,
  };
}

/** Replaces the scenario's unlocked baggage allocations with the result; answers rows written. */
/** `guard` runs first in the write's transaction (a job checks it was not cancelled). */
export async function writeMakeup(
  db: Database,
  scenarioId: number,
  plan: MakeupPlan,
  result: MakeupResult,
  guard?: (tx: Transaction) => Promise<void>,
): Promise<number> {
  return db.transaction(async (tx) => {
    await guard?.(tx);
    await holdScenarioRows(tx, scenarioId, ['flights', 'segregations'], 'baggageAllocations');
    requireSamePlan(planned(plan), planned(await planMakeup(tx, scenarioId, plan.document.buffer_minutes)), 'make-up allocation');
    await tx.delete(baggageAllocations).where(and(eq(baggageAllocations.scenario_id, scenarioId), eq(baggageAllocations.locked, false)));
    const heldPositions = new Set(plan.document.locked.map((l) => `${l.segregation}|${l.resource}|${l.position}`));
    const rows: Array<typeof baggageAllocations.$inferInsert> = [];
    for (const a of result.assignments) {
      const seg = plan.segregations.get(a.segregation)!;
      const free = a.positions.filter((p) => !heldPositions.has(`${a.segregation}|${a.resource}|${p}`));
      // The segregation's bags are shared over its positions; containers are counted per position.
      free.forEach((position, i) => {
        const bags = Math.floor(seg.bags / a.positions.length) + (i < seg.bags % a.positions.length ? 1 : 0);
        rows.push({
          scenario_id: scenarioId,
          flight_id: seg.flight_id,
          segregation_id: seg.id,
          resource_id: Number(a.resource),
          position_index: position,
          start: plan.time.toDate(seg.start),
          end: plan.time.toDate(seg.end),
          bags,
          containers: Math.ceil(bags / seg.bags_per_container),
        });
      });
    }
    for (let i = 0; i < rows.length; i += 1000) await tx.insert(baggageAllocations).values(rows.slice(i, i + 1000));
    return rows.length;
  });
}
