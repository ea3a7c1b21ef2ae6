// The calls that start a scenario job and the jobs' names in the planner's words.
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import type { Job } from './jobPolling';

export type JobCall = 'applyImportRules' | 'generateSegregations';

const PATHS = {
  applyImportRules: '/api/rules/flight-import/apply/',
  generateSegregations: '/api/allocation/generate/segregations/',
} as const;

export async function startJob(call: JobCall, scenarioId: number): Promise<Job> {
  return unwrap(api.POST(PATHS[call], { params: { query: { scenario_id: scenarioId } } }));
}

export async function listJobs(scenarioId: number): Promise<Job[]> {
  const jobs = await unwrap(api.GET('/api/jobs/', { params: { query: { scenario_id: scenarioId } } }));
  return [...jobs].sort((a, b) => b.id - a.id);
}

export async function getJob(id: number): Promise<Job> {
  return unwrap(api.GET('/api/jobs/{id}/', { params: { path: { id } } }));
}

/** Cancels a queued or running job (a job that has ended answers 409 with the reason). */
export async function cancelJob(id: number): Promise<Job> {
  return unwrap(api.POST('/api/jobs/{id}/cancel/', { params: { path: { id } } }));
}

const KIND_NAMES: Record<string, string> = {
  'schedule-import': 'Schedule import',
  'flight-import-rules-apply': 'Apply import rules',
  'segregations-generate': 'Generate segregations',
  'allocation-makeup': 'Make-up allocation',
  'allocation-checkin': 'Check-in counter allocation',
  'allocation-graphics': 'Report graphics',
  'demo-prepare': 'Preparing the demo',
  'simulation-size': 'Size to target',
  'simulation-size-batch': 'Sizing part',
};

export const jobName = (kind: string) => KIND_NAMES[kind] ?? kind;
