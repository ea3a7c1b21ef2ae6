// One part of a sizing run (see server/sizing/batchJobs.ts): a plan's replications evaluated in
// this process's sizing threads. The run's document is read from the parent job's params by the
// first part a thread meets, not copied into every part.
import { hostname } from 'node:os';
import { eq } from 'drizzle-orm';
import { jobs } from '../../db/schema';
import { evaluateInThreads } from '../../engines/sizingThreads';
import type { BatchResult, PartParams } from '../../sizing/batchJobs';
import type { JobHandler } from '../types';

const WORKER = `${hostname()}:${process.pid}`;

export const sizeBatchJob: JobHandler = async (ctx) => {
  const { parent, run, plan, replications } = ctx.params as PartParams;
  const load = async () => {
    const [row] = await ctx.db.select({ params: jobs.params }).from(jobs).where(eq(jobs.id, parent));
    if (!row) throw new Error(`the sizing job ${parent} of this batch is gone`);
    return { document: row.params.document };
  };
  const tallies = await evaluateInThreads({ key: run, load }, plan, replications);
  const result: BatchResult = { tallies, worker: WORKER };
  return result;
};
