// The job that imports a large schedule file (small ones import within the upload request).
import type { ImportOptions } from '../../import';
import { importScheduleFile } from '../../schedules/importScheduleFile';
import type { JobHandler } from '../types';

export const importSchedule: JobHandler = async ({ db, params, progress }) => {
  const result = await importScheduleFile(db, params.file_id as number, params.options as ImportOptions, progress);
  return { ...result };
};
