// Planning defaults (DESIGN.md section 5: IATA ADRM-style values planners start from and then
// edit), and the default rule sets a scenario can be given in one click.
import { and, asc, count, eq } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { bagsPerAllocationRules, flightImportRules, segregationRules, terminals, turnupProfiles, zones } from '../db/schema';
import { badRequest } from '../errors';

export const PLANNING_DEFAULTS = {
  bagsPerPassenger: 1.2,
  bagsPerContainer: 40,
  makeupOpenMinutes: 150,
  makeupCloseMinutes: 40,
  loadFactor: 0.85,
} as const;

/** Turn-up profiles: short haul centred near 110 minutes before STD, long haul near 150. */
export const DEFAULT_TURNUP_PROFILES = [
  // 180 to 40 minutes before STD in 10-minute bins (14 bins).
  { name: 'Short haul', bin_minutes: 10, earliest_minutes: 180, shares: [2, 3, 5, 7, 9, 11, 12, 12, 11, 9, 7, 5, 4, 3] },
  // 240 to 60 minutes before STD in 10-minute bins (18 bins).
  { name: 'Long haul', bin_minutes: 10, earliest_minutes: 240, shares: [1, 2, 3, 4, 5, 7, 8, 9, 10, 10, 9, 8, 7, 5, 4, 3, 3, 2] },
];

async function refuseIfAny(
  ex: Executor,
  table: typeof segregationRules | typeof bagsPerAllocationRules | typeof flightImportRules,
  scenarioId: number,
  what: string,
) {
  const [{ n }] = await ex.select({ n: count() }).from(table).where(eq(table.scenario_id, scenarioId));
  if (n > 0) throw badRequest(`The scenario already has ${n} ${what}; delete them first to load the defaults.`, 'rules_exist');
}

export async function createDefaultSegregationRules(ex: Executor, scenarioId: number) {
  await refuseIfAny(ex, segregationRules, scenarioId, 'segregation rules');
  return ex
    .insert(segregationRules)
    .values([
      {
        scenario_id: scenarioId,
        name: 'Wide body: business, economy, transfer',
        priority: 10,
        match: { body: 'wide' },
        segregations: [
          { name: 'J', share: 12 },
          { name: 'Y', share: 78 },
          { name: 'TRANSFER', share: 10 },
        ],
      },
      {
        scenario_id: scenarioId,
        name: 'International: business and economy',
        priority: 20,
        match: { sector: 'international' },
        segregations: [
          { name: 'J', share: 8 },
          { name: 'Y', share: 92 },
        ],
      },
      { scenario_id: scenarioId, name: 'Everything else: one segregation', priority: 100, match: {}, segregations: [{ name: 'Y', share: 100 }] },
    ])
    .returning();
}

export async function createDefaultBagsRules(ex: Executor, scenarioId: number) {
  await refuseIfAny(ex, bagsPerAllocationRules, scenarioId, 'bags-per-allocation rules');
  const d = PLANNING_DEFAULTS;
  return ex
    .insert(bagsPerAllocationRules)
    .values([
      {
        scenario_id: scenarioId,
        name: 'Transfer bags',
        priority: 10,
        match: { segregation_names: ['TRANSFER'] },
        bags_per_passenger: 1.0,
        bags_per_container: d.bagsPerContainer,
        positions: 1,
        open_minutes: 120,
        close_minutes: 30,
      },
      {
        scenario_id: scenarioId,
        name: 'Wide body long haul',
        priority: 20,
        match: { body: 'wide' },
        bags_per_passenger: 1.4,
        bags_per_container: d.bagsPerContainer,
        positions: 2,
        open_minutes: 180,
        close_minutes: 45,
      },
      {
        scenario_id: scenarioId,
        name: 'Default',
        priority: 100,
        match: {},
        bags_per_passenger: d.bagsPerPassenger,
        bags_per_container: d.bagsPerContainer,
        positions: 1,
        open_minutes: d.makeupOpenMinutes,
        close_minutes: d.makeupCloseMinutes,
      },
    ])
    .returning();
}

/** Import rules put every flight in the first check-in and make-up zones with a profile by body. */
export async function createDefaultImportRules(ex: Executor, scenarioId: number) {
  await refuseIfAny(ex, flightImportRules, scenarioId, 'flight import rules');
  let profiles = await ex.select().from(turnupProfiles).where(eq(turnupProfiles.scenario_id, scenarioId)).orderBy(asc(turnupProfiles.id));
  if (!profiles.length) {
    profiles = await ex
      .insert(turnupProfiles)
      .values(DEFAULT_TURNUP_PROFILES.map((p) => ({ ...p, scenario_id: scenarioId })))
      .returning();
  }
  const short = profiles.find((p) => /short/i.test(p.name)) ?? profiles[0];
  const long = profiles.find((p) => /long/i.test(p.name)) ?? short;
  const firstZone = async (kind: 'checkin' | 'makeup') =>
    (
      await ex
        .select()
        .from(zones)
        .where(and(eq(zones.scenario_id, scenarioId), eq(zones.kind, kind)))
        .orderBy(asc(zones.id))
        .limit(1)
    )[0];
  const [terminal] = await ex.select().from(terminals).where(eq(terminals.scenario_id, scenarioId)).orderBy(asc(terminals.id)).limit(1);
  const [checkin, makeup] = [await firstZone('checkin'), await firstZone('makeup')];
  const placement = {
    ...(terminal && { terminal_id: terminal.id }),
    ...(checkin && { zone_id: checkin.id }),
    ...(makeup && { makeup_zone_id: makeup.id }),
  };
  return ex
    .insert(flightImportRules)
    .values([
      {
        scenario_id: scenarioId,
        name: 'Wide body: long-haul turn-up',
        priority: 10,
        match: { body: 'wide' },
        actions: { turnup_profile_id: long.id, load_factor: 0.82 },
      },
      {
        scenario_id: scenarioId,
        name: 'Every flight: zones, load factor, short-haul turn-up',
        priority: 100,
        match: {},
        actions: { ...placement, turnup_profile_id: short.id, load_factor: PLANNING_DEFAULTS.loadFactor },
      },
    ])
    .returning();
}
