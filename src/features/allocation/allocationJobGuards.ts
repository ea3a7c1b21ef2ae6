// What each allocation job card asks before its job runs, and what it says about the allocations
// as they stand now: the server's previews in the planner's words (model/allocationChanges).
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import type { JobGuard } from '../jobs/useJobGuard';
import { segregationsGuard } from '../flights/flightJobGuards';
import type { AllocationJobKind, JobOptions } from './allocationApi';
import { describeCheckinNow, describeCheckinRun, describeMakeupNow, describeMakeupRun, describeSegregationsNow } from './model/allocationChanges';

const makeupPreview = (scenarioId: number) => unwrap(api.GET('/api/allocation/run/makeup/preview/', { params: { query: { scenario_id: scenarioId } } }));
const checkinPreview = (scenarioId: number, countersPer?: JobOptions['countersPer']) =>
  unwrap(api.GET('/api/allocation/run/checkin/preview/', { params: { query: { scenario_id: scenarioId, counters_per: countersPer } } }));

/** The confirmation a job needs before it runs with `options`; null for one that rewrites nothing (the report graphics). */
export function allocationJobGuard(kind: AllocationJobKind, scenarioId: number, options: JobOptions): JobGuard | null {
  switch (kind) {
    case 'segregations':
      return segregationsGuard(scenarioId);
    case 'makeup':
      return { action: 'Run make-up allocation', check: async () => describeMakeupRun(await makeupPreview(scenarioId)) };
    case 'checkin':
      return { action: 'Run check-in allocation', check: async () => describeCheckinRun(await checkinPreview(scenarioId, options.countersPer)) };
    case 'graphics':
      return null;
  }
}

/** How the rows a job writes stand now, in words; null for the report graphics (files, not rows). */
export async function allocationsNow(kind: AllocationJobKind, scenarioId: number): Promise<string | null> {
  if (kind === 'segregations') return describeSegregationsNow(await makeupPreview(scenarioId));
  if (kind === 'makeup') return describeMakeupNow(await makeupPreview(scenarioId));
  if (kind === 'checkin') return describeCheckinNow(await checkinPreview(scenarioId));
  return null;
}
