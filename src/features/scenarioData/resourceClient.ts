// List, create, change and delete rows of one scenario data set through the typed client. The
// editors are driven by descriptions rather than one component per set, so the path is a value
// here; openapi-fetch types each path on its own, hence the one cast to a representative path.
import { api } from '../../api/client';
import { ifMatch, unwrap } from '../../api/errors';

export const RESOURCE_PATHS = {
  airports: '/api/airports/',
  terminals: '/api/terminals/',
  zones: '/api/zones/',
  resources: '/api/allocation/resource/',
  aircraft: '/api/aircraft/',
  airlines: '/api/airlines/',
  turnupProfiles: '/api/turnup-profiles/',
  importRules: '/api/rules/flight-import/',
  segregationRules: '/api/rules/segregation/',
  bagsRules: '/api/rules/bagsperallocation/',
} as const;

export type ResourceKey = keyof typeof RESOURCE_PATHS;

/** Each set's table on the server, as the live changes and the History name it. */
export const RESOURCE_TABLES: Record<ResourceKey, string> = {
  airports: 'airports',
  terminals: 'terminals',
  zones: 'zones',
  resources: 'resources',
  aircraft: 'aircraft',
  airlines: 'airlines',
  turnupProfiles: 'turnup_profiles',
  importRules: 'flight_import_rules',
  segregationRules: 'segregation_rules',
  bagsRules: 'bags_per_allocation_rules',
};

export type DataRow = { id: number; scenario_id: number; version: number } & Record<string, unknown>;

type AnyList = '/api/airports/';
type AnyItem = '/api/airports/{id}/';
type AnyBody = { iata: string; scenario_id: number };

const itemPath = (key: ResourceKey) => `${RESOURCE_PATHS[key]}{id}/` as AnyItem;

export async function listRows(key: ResourceKey, scenarioId: number): Promise<DataRow[]> {
  return (await unwrap(api.GET(RESOURCE_PATHS[key] as AnyList, { params: { query: { scenario_id: scenarioId } } }))) as unknown as DataRow[];
}

export async function createRow(key: ResourceKey, scenarioId: number, values: Record<string, unknown>): Promise<DataRow> {
  return (await unwrap(api.POST(RESOURCE_PATHS[key] as AnyList, { body: { ...values, scenario_id: scenarioId } as unknown as AnyBody }))) as unknown as DataRow;
}

/** Changes `row` as it was read: refused (ApiError 412, with the row as it is now) if it has changed since. */
export async function updateRow(key: ResourceKey, row: DataRow, values: Record<string, unknown>): Promise<DataRow> {
  const params = { path: { id: row.id }, header: ifMatch(row) };
  return (await unwrap(api.PATCH(itemPath(key), { params, body: values as Partial<AnyBody> }))) as unknown as DataRow;
}

/** Deletes `row` as it was read, under the same condition. */
export async function deleteRow(key: ResourceKey, row: DataRow): Promise<void> {
  await unwrap(api.DELETE(itemPath(key), { params: { path: { id: row.id }, header: ifMatch(row) } }));
}
