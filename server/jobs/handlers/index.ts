// The handler of every kind of background job.
import type { JobHandler } from '../types';
import { applyImportRules } from './applyImportRules';
import { generateSegregations } from './generateSegregations';
import { importSchedule } from './importSchedule';
import { summariseSeason } from './summariseSeason';
import { allocateCheckinJob, allocateMakeupJob } from './allocate';
import { generateGraphics } from './generateGraphics';
import { prepareDemo } from './prepareDemo';
import { sizeToTargetJob } from './sizeToTarget';
import { sizeBatchJob } from './sizeBatch';
import { simulateRunJob } from './simulateRun';
import { JOB_KINDS } from '../kinds';

export { JOB_KINDS };

export const jobHandlers: Record<string, JobHandler> = {
  [JOB_KINDS.importSchedule]: importSchedule,
  [JOB_KINDS.summariseSeason]: summariseSeason,
  [JOB_KINDS.applyImportRules]: applyImportRules,
  [JOB_KINDS.generateSegregations]: generateSegregations,
  [JOB_KINDS.allocateMakeup]: allocateMakeupJob,
  [JOB_KINDS.allocateCheckin]: allocateCheckinJob,
  [JOB_KINDS.generateGraphics]: generateGraphics,
  [JOB_KINDS.prepareDemo]: prepareDemo,
  [JOB_KINDS.sizeToTarget]: sizeToTargetJob,
  [JOB_KINDS.sizeBatch]: sizeBatchJob,
  [JOB_KINDS.simulate]: simulateRunJob,
};
