// The job that reads a large season file and stores its days' totals and peaks (small files are
// summarised within the upload request).
import { summariseSeasonFile, type SeasonOptions } from '../../schedules/seasonFile';
import type { JobHandler } from '../types';

export const summariseSeason: JobHandler = async ({ db, params, progress }) => {
  return await summariseSeasonFile(db, params.file_id as number, params.options as SeasonOptions, progress);
};
