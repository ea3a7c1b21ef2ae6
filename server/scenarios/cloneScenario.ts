// Deep copy of a scenario. Tables are copied in dependency order; each table's new ids are
// reserved from its identity sequence first, so every reference (columns, and the ids inside
// rule actions and flow graphs) is remapped in the same pass and the copy shares no row with
// the original. Runs inside the caller's transaction. Jobs are history, not data: not copied.
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import type { Transaction } from '../db/database';
import {
  aircraft,
  airlines,
  airports,
  bagsPerAllocationRules,
  baggageAllocations,
  flightImportRuleMatches,
  flightImportRules,
  flightScheduleFiles,
  flights,
  passengerMovementGraphs,
  resourceAllocations,
  resources,
  scenarios,
  segregationRules,
  segregations,
  terminals,
  turnupProfiles,
  zones,
} from '../db/schema';
import type { ScenarioTable } from '../routes/scenarioRows';
import {
  BAGGAGE_ALLOCATION_REFS,
  FLIGHT_REFS,
  IMPORT_ACTION_REFS,
  RESOURCE_ALLOCATION_REFS,
  RESOURCE_REFS,
  SEGREGATION_REFS,
  TERMINAL_REFS,
  ZONE_REFS,
} from './references';

type Row = Record<string, unknown>;
type IdMaps = Map<PgTable, Map<number, number>>;

type CopyStep = {
  table: ScenarioTable;
  /** Columns holding ids of rows copied earlier, with the table they point into. */
  refs?: Record<string, ScenarioTable>;
  /** Remaps ids held inside JSON columns. */
  json?: (row: Row, mapId: (table: PgTable, id: unknown) => unknown) => Row;
};

/** Ids in a flow graph are kept under these keys (see docs/flow-format.md). */
const GRAPH_ID_KEYS = new Map<string, ScenarioTable>([
  ['zone_id', zones],
  ['resource_id', resources],
  ['airline_id', airlines],
]);

/**
 * A copy of a flow graph with its ids remapped. Walked with a stack of its own, not recursion:
 * graphs nested thousands of levels deep were stored before requests were limited to 64 levels,
 * and cloning their scenario must not overflow the call stack.
 */
function remapGraph(graph: unknown, mapId: (table: PgTable, id: unknown) => unknown): unknown {
  const holder: Row = { graph };
  const pending: Array<{ parent: Row; key: string }> = [{ parent: holder, key: 'graph' }];
  while (pending.length) {
    const { parent, key } = pending.pop()!;
    const value = parent[key];
    if (!value || typeof value !== 'object') continue;
    const copy = (Array.isArray(value) ? [...value] : { ...value }) as Row;
    parent[key] = copy;
    for (const k of Object.keys(copy)) {
      const table = Array.isArray(copy) ? undefined : GRAPH_ID_KEYS.get(k);
      if (table) copy[k] = mapId(table, copy[k]);
      else pending.push({ parent: copy, key: k });
    }
  }
  return holder.graph;
}

const STEPS: CopyStep[] = [
  { table: airports },
  { table: terminals, refs: TERMINAL_REFS },
  { table: zones, refs: ZONE_REFS },
  { table: airlines },
  { table: aircraft },
  { table: turnupProfiles },
  { table: flightScheduleFiles },
  { table: flights, refs: FLIGHT_REFS },
  { table: segregations, refs: SEGREGATION_REFS },
  {
    table: flightImportRules,
    json: (row, mapId) => {
      const actions = { ...(row.actions as Row) };
      for (const [key, table] of Object.entries(IMPORT_ACTION_REFS)) {
        if (actions[key] !== undefined) actions[key] = mapId(table, actions[key]);
      }
      return { ...row, actions };
    },
  },
  { table: segregationRules },
  { table: bagsPerAllocationRules },
  { table: resources, refs: RESOURCE_REFS },
  { table: resourceAllocations, refs: RESOURCE_ALLOCATION_REFS },
  { table: baggageAllocations, refs: BAGGAGE_ALLOCATION_REFS },
  { table: passengerMovementGraphs, json: (row, mapId) => ({ ...row, graph: remapGraph(row.graph, mapId) }) },
  // Saved runs belong to the data they ran on; a clone starts without results of its own.
];

const BATCH = 500;

async function reserveIds(tx: Transaction, table: PgTable, n: number): Promise<number[]> {
  if (n === 0) return [];
  const name = getTableConfig(table).name;
  const result = await tx.execute<{ id: number }>(sql`select nextval(pg_get_serial_sequence(${name}, 'id'))::int as id from generate_series(1, ${n})`);
  return (result as unknown as { rows: Array<{ id: number }> }).rows.map((r) => Number(r.id));
}

/**
 * Copies scenario `sourceId` into a new scenario of `projectId` named `name`; answers its id and
 * which copy each source flight became.
 */
export async function cloneScenario(
  tx: Transaction,
  sourceId: number,
  target: { projectId: number; name: string },
): Promise<{ id: number; flightIds: ReadonlyMap<number, number> }> {
  const [source] = await tx.select().from(scenarios).where(eq(scenarios.id, sourceId));
  const [copy] = await tx
    .insert(scenarios)
    .values({
      project_id: target.projectId,
      name: target.name,
      description: source.description,
      design_date: source.design_date,
      counter_share: source.counter_share,
      provenance: source.provenance,
    })
    .returning({ id: scenarios.id });

  const maps: IdMaps = new Map();
  const mapId = (table: PgTable, id: unknown) => (id === null || id === undefined ? id : (maps.get(table)?.get(id as number) ?? null));

  for (const step of STEPS) {
    const rows = (await tx
      .select()
      .from(step.table as PgTable)
      .where(eq(step.table.scenario_id, sourceId))
      .orderBy(asc(step.table.id))) as Row[];
    const ids = await reserveIds(tx, step.table, rows.length);
    const map = new Map<number, number>();
    rows.forEach((r, i) => map.set(r.id as number, ids[i]));
    maps.set(step.table, map);
    const copies = rows.map((r, i) => {
      // A copy is a new row: made now, at its first version.
      let out: Row = { ...r, id: ids[i], scenario_id: copy.id, created_at: undefined, updated_at: undefined, version: undefined };
      for (const [column, table] of Object.entries(step.refs ?? {})) out[column] = mapId(table, r[column]);
      if (step.json) out = step.json(out, mapId);
      return out;
    });
    for (let i = 0; i < copies.length; i += BATCH) {
      await tx.insert(step.table).values(copies.slice(i, i + BATCH) as never);
    }
  }

  // Matches of import rules carry no scenario column: copy them through the two id maps.
  const ruleMap = maps.get(flightImportRules)!;
  if (ruleMap.size) {
    const matches = await tx
      .select()
      .from(flightImportRuleMatches)
      .where(inArray(flightImportRuleMatches.rule_id, [...ruleMap.keys()]));
    const flightMap = maps.get(flights)!;
    const copies = matches.map((m) => ({ rule_id: ruleMap.get(m.rule_id)!, flight_id: flightMap.get(m.flight_id)! }));
    for (let i = 0; i < copies.length; i += BATCH) {
      await tx.insert(flightImportRuleMatches).values(copies.slice(i, i + BATCH));
    }
  }

  if (source.selected_schedule !== null) {
    await tx
      .update(scenarios)
      .set({ selected_schedule: mapId(flightScheduleFiles, source.selected_schedule) as number | null })
      .where(eq(scenarios.id, copy.id));
  }
  return { id: copy.id, flightIds: maps.get(flights)! };
}
