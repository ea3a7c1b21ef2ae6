// The allocation settings a planner sets once and every allocation screen shares: the make-up
// clearing buffer (the job's buffer and the Gantt's clash check), the job time limit, the check-in
// queue target, whether check-in counters go per airline or per flight, and the bags an hour one
// make-up position can load (the overload flag). Kept in local storage, so a reload keeps them.
import { atom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';

export type CountersPer = 'airline' | 'flight';

export type AllocationSettings = { bufferMinutes: number; timeLimitS: number; maxQueueMinutes: number; countersPer: CountersPer; maxBagsPerHour: number };

const DEFAULT_SETTINGS: AllocationSettings = { bufferMinutes: 5, timeLimitS: 30, maxQueueMinutes: 20, countersPer: 'airline', maxBagsPerHour: 150 };

const storedSettingsAtom = atomWithStorage<Partial<AllocationSettings>>('airport_planner_allocation_settings', DEFAULT_SETTINGS, undefined, {
  getOnInit: true,
});

/** The stored settings over the defaults, so settings saved before a new one existed still work. */
export const allocationSettingsAtom = atom(
  (get): AllocationSettings => ({ ...DEFAULT_SETTINGS, ...get(storedSettingsAtom) }),
  (_get, set, settings: AllocationSettings) => set(storedSettingsAtom, settings),
);
