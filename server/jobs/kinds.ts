// The name every kind of background job is queued under.
import { availableParallelism } from 'node:os';

export const JOB_KINDS = {
  importSchedule: 'schedule-import',
  summariseSeason: 'schedule-season',
  applyImportRules: 'flight-import-rules-apply',
  generateSegregations: 'segregations-generate',
  allocateMakeup: 'allocation-makeup',
  allocateCheckin: 'allocation-checkin',
  generateGraphics: 'allocation-graphics',
  prepareDemo: 'demo-prepare',
  sizeToTarget: 'simulation-size',
  sizeBatch: 'simulation-size-batch',
  simulate: 'simulation-run',
} as const;

/**
 * How long a job may run before the queue takes it for lost, where pg-boss's 15 minutes are too
 * short: sizing a whole design day, or simulating one for up to 100 replications, runs for longer
 * (a lost job is also caught by its heartbeat).
 */
export const JOB_EXPIRY_SECONDS: Partial<Record<string, number>> = {
  [JOB_KINDS.sizeToTarget]: 6 * 3600,
  [JOB_KINDS.simulate]: 6 * 3600,
};

/**
 * Jobs of a kind one process runs at once, where one is not enough: a sizing run's parts, one per
 * core (each runs in a sizing thread of its own, server/engines/sizingThreads.ts).
 */
export const JOB_CONCURRENCY: Partial<Record<string, number>> = {
  [JOB_KINDS.sizeBatch]: availableParallelism(),
};
