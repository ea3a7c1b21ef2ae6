// Every kind of background job, by the name it is queued under.
import type { JobHandler } from '../types';
import { applyImportRules } from './applyImportRules';
import { generateSegregations } from './generateSegregations';
import { importSchedule } from './importSchedule';
import { allocateCheckinJob, allocateMakeupJob } from './allocate';
import { generateGraphics } from './generateGraphics';

export const JOB_KINDS = {
  importSchedule: 'schedule-import',
  applyImportRules: 'flight-import-rules-apply',
  generateSegregations: 'segregations-generate',
  allocateMakeup: 'allocation-makeup',
  allocateCheckin: 'allocation-checkin',
  generateGraphics: 'allocation-graphics',
} as const;

export const jobHandlers: Record<string, JobHandler> = {
  [JOB_KINDS.importSchedule]: importSchedule,
  [JOB_KINDS.applyImportRules]: applyImportRules,
  [JOB_KINDS.generateSegregations]: generateSegregations,
  [JOB_KINDS.allocateMakeup]: allocateMakeupJob,
  [JOB_KINDS.allocateCheckin]: allocateCheckinJob,
  [JOB_KINDS.generateGraphics]: generateGraphics,
};
