// One part of a sizing run (see server/sizing/batchJobs.ts): some stations of one depth sized in
// one of this process's sizing threads. The run's document is read from the parent job's params by the
// first part a thread meets, not copied into every part.
import { hostname } from 'node:os';
import { eq } from 'drizzle-orm';
import { jobs } from '../../db/schema';
import { sizeInThread } from '../../engines/sizingThreads';
import type { BatchResult, PartParams } from '../../sizing/batchJobs';
import type { JobHandler } from '../types';

const WORKER = `${hostname()}:${process.pid}`;

export const sizeBatchJob: JobHandler = async (ctx) => {
  const { parent, run, part } = ctx.params as PartParams;
  const load = async () => {
    const [row] = await ctx.db.select({ params: jobs.params }).from(jobs).where(eq(jobs.id, parent));
    if (!row) throw new Error(`the sizing job ${parent} of this batch is gone`);
    return { document: row.params.document };
  };
  const outcomes = await sizeInThread({ key: run, load }, part);
  const result: BatchResult = { outcomes, worker: WORKER };
  return result;
};
