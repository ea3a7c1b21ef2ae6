// The name every kind of background job is queued under.
export const JOB_KINDS = {
  importSchedule: 'schedule-import',
  applyImportRules: 'flight-import-rules-apply',
  generateSegregations: 'segregations-generate',
  allocateMakeup: 'allocation-makeup',
  allocateCheckin: 'allocation-checkin',
  generateGraphics: 'allocation-graphics',
  prepareDemo: 'demo-prepare',
  sizeToTarget: 'simulation-size',
  sizeBatch: 'simulation-size-batch',
} as const;
