// The allocation screens' calls: one load of everything a Gantt or the containers screen reads
// (the design day's date and time zone, zones, resources, flights, allocations, airline colours),
// the allocation jobs, and the saves of a moved bar.
import { api } from '../../api/client';
import { ifMatch, unwrap } from '../../api/errors';
import type { components } from '../../../openapi/schema';
import type { Job } from '../jobs/jobPolling';
import type { ReportDay } from '../../../workers/report/types';
import type { CounterPatch, MakeupPatch } from './model/moves';

type Schemas = components['schemas'];
export type BaggageAllocation = Schemas['BaggageAllocation'];
export type ResourceAllocation = Schemas['ResourceAllocation'];
export type UnplacedSegregation = Schemas['UnplacedSegregation'];

export type PlanningData = {
  scenarioId: number;
  day: ReportDay;
  /** The planner may change the project's data (not a viewer). */
  canEdit: boolean;
  zones: Schemas['Zone'][];
  resources: Schemas['Resource'][];
  flights: Schemas['Flight'][];
  airlines: Schemas['Airline'][];
  aircraft: Schemas['Aircraft'][];
  segregations: Schemas['Segregation'][];
  baggage: BaggageAllocation[];
  /** Segregations with bags and no make-up position (loaded with the baggage allocations). */
  unplaced: UnplacedSegregation[];
  counters: ResourceAllocation[];
  colours: Schemas['AirlineColours'][];
};

/** The design date, or the UTC date of the first flight when the scenario has none. */
function designDate(scenario: Schemas['Scenario'], flights: readonly Schemas['Flight'][]): string {
  if (scenario.design_date) return scenario.design_date;
  const first = flights.reduce<string | null>((min, f) => (min === null || f.scheduled < min ? f.scheduled : min), null);
  return (first ?? new Date().toISOString()).slice(0, 10);
}

type Wanted = { baggage?: boolean; counters?: boolean };

/** The allocations a screen shows, alone: what another planner's move changes. */
export async function loadAllocations(scenarioId: number, want: Wanted): Promise<Pick<PlanningData, 'baggage' | 'unplaced' | 'counters'>> {
  const query = { params: { query: { scenario_id: scenarioId } } };
  const [baggage, unplaced, counters] = await Promise.all([
    want.baggage ? unwrap(api.GET('/api/allocation/baggage-allocation/', query)) : Promise.resolve([]),
    want.baggage ? unwrap(api.GET('/api/allocation/baggage-allocation/unplaced/', query)) : Promise.resolve([]),
    want.counters ? unwrap(api.GET('/api/allocation/resource-allocation/', query)) : Promise.resolve([]),
  ]);
  return { baggage, unplaced, counters };
}

export async function loadPlanningData(projectId: number, scenarioId: number, want: Wanted): Promise<PlanningData> {
  const query = { params: { query: { scenario_id: scenarioId } } };
  const [project, scenario, airports, zones, resources, flights, airlines, aircraft, segregations, allocations, colours] = await Promise.all([
    unwrap(api.GET('/api/projects/{id}/', { params: { path: { id: projectId } } })),
    unwrap(api.GET('/api/scenarios/{id}/', { params: { path: { id: scenarioId } } })),
    unwrap(api.GET('/api/airports/', query)),
    unwrap(api.GET('/api/zones/', query)),
    unwrap(api.GET('/api/allocation/resource/', query)),
    unwrap(api.GET('/api/flights/', query)),
    unwrap(api.GET('/api/airlines/', query)),
    unwrap(api.GET('/api/aircraft/', query)),
    unwrap(api.GET('/api/segregations/', query)),
    loadAllocations(scenarioId, want),
    unwrap(api.GET('/api/airline-colours/')),
  ]);
  return {
    scenarioId,
    day: { designDate: designDate(scenario, flights), timeZone: airports[0]?.time_zone || 'UTC' },
    canEdit: project.role !== 'viewer',
    zones,
    resources,
    flights,
    airlines,
    aircraft,
    segregations,
    ...allocations,
    colours,
  };
}

export type AllocationJobKind = 'segregations' | 'makeup' | 'checkin' | 'graphics';

export type JobOptions = { timeLimitS: number; bufferMinutes: number; maxQueueMinutes: number; countersPer: 'airline' | 'flight' };

export async function startAllocationJob(kind: AllocationJobKind, scenarioId: number, options: JobOptions): Promise<Job> {
  const base = { scenario_id: scenarioId };
  switch (kind) {
    case 'segregations':
      return unwrap(api.POST('/api/allocation/generate/segregations/', { params: { query: base } }));
    case 'makeup':
      return unwrap(
        api.POST('/api/allocation/run/makeup/', { params: { query: { ...base, time_limit_s: options.timeLimitS, buffer_minutes: options.bufferMinutes } } }),
      );
    case 'checkin':
      return unwrap(
        api.POST('/api/allocation/run/checkin/', {
          params: { query: { ...base, time_limit_s: options.timeLimitS, max_queue_minutes: options.maxQueueMinutes, counters_per: options.countersPer } },
        }),
      );
    case 'graphics':
      return unwrap(api.POST('/api/allocation/generate/graphics/', { params: { query: base } }));
  }
}

/** Downloads a file a job produced: fetched with the session's token, saved under its name. */
export async function downloadJobFile(jobId: number, name: string): Promise<void> {
  const blob = await unwrap(api.GET('/api/jobs/{id}/files/{name}/', { params: { path: { id: jobId, name } }, parseAs: 'blob' }));
  const url = URL.createObjectURL(blob as Blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  link.click();
  URL.revokeObjectURL(url);
}

/** The kind each job is queued under by the server. */
export const JOB_KIND_NAMES: Record<AllocationJobKind, string> = {
  segregations: 'segregations-generate',
  makeup: 'allocation-makeup',
  checkin: 'allocation-checkin',
  graphics: 'allocation-graphics',
};

/** The jobs that rewrite what each allocation was made from: a later one makes its result stale. */
export const INPUT_JOB_KINDS: Record<AllocationJobKind, readonly string[]> = {
  segregations: ['schedule-import', 'flight-import-rules-apply'],
  makeup: ['schedule-import', 'flight-import-rules-apply', 'segregations-generate'],
  checkin: ['schedule-import', 'flight-import-rules-apply'],
  graphics: ['allocation-makeup', 'allocation-checkin'],
};

/** A segregation not placed, placed by hand where it was dropped (locked). */
export async function placeSegregation(scenarioId: number, segregation: UnplacedSegregation, patch: MakeupPatch): Promise<BaggageAllocation> {
  const { segregation_id, flight_id, bags, containers } = segregation;
  return unwrap(api.POST('/api/allocation/baggage-allocation/', { body: { scenario_id: scenarioId, segregation_id, flight_id, bags, containers, ...patch } }));
}

/** Moves `row` as it was read: refused (ApiError 412, with the row as it is now) if someone changed it since. */
/** Changes a make-up allocation as it was read: refused (412, with the row as it is now) if it has changed since. */
export async function saveMakeupAllocation(row: BaggageAllocation, patch: Partial<Pick<BaggageAllocation, keyof MakeupPatch>>): Promise<BaggageAllocation> {
  return unwrap(api.PATCH('/api/allocation/baggage-allocation/{id}/', { params: { path: { id: row.id }, header: ifMatch(row) }, body: patch }));
}

export async function saveCounterMove(items: CounterPatch[]): Promise<ResourceAllocation[]> {
  return unwrap(api.PATCH('/api/allocation/resource-allocation/bulk/', { body: items }));
}
