// The allocation settings a planner sets once and every allocation screen shares: the make-up
// clearing buffer (the job's buffer and the Gantt's clash check), the job time limit, the check-in
// queue target and the bags an hour one make-up position can load (the overload flag). Kept in
// local storage, so a reload keeps them.
import { atomWithStorage } from 'jotai/utils';

export type AllocationSettings = { bufferMinutes: number; timeLimitS: number; maxQueueMinutes: number; maxBagsPerHour: number };

export const DEFAULT_SETTINGS: AllocationSettings = { bufferMinutes: 5, timeLimitS: 30, maxQueueMinutes: 20, maxBagsPerHour: 150 };

export const allocationSettingsAtom = atomWithStorage<AllocationSettings>('airport_planner_allocation_settings', DEFAULT_SETTINGS, undefined, { getOnInit: true });
