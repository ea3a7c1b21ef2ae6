// The sizing search's parts as jobs (issue 12, point 2): each part of a depth (some of its
// stations, see workers/sim/sizing/search.ts) is queued as a 'simulation-size-batch' job with a
// key of its own, so every worker process sharing the queue runs parts side by side; the parent
// job polls the parts' rows and answers each part's outcomes. A part's row is deleted once read
// (the jobs list is for planners' jobs), and whatever is still pending when the run ends is
// cancelled.
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { jobs } from '../db/schema';
import { JOB_KINDS } from '../jobs/kinds';
import { cancelJobs } from '../jobs/cancel';
import type { JobContext } from '../jobs/types';
import { SimError } from '../../workers/sim/errors';
import type { LayerPart, SizeLayerPart, StationOutcome } from '../../workers/sim/sizing/types';

/** A part job's params: its parent job, the run (a parent's attempt) and the part. */
export type PartParams = { parent: number; run: string; part: LayerPart };

/** What a part job answers: its stations' outcomes, and who ran it. */
export type BatchResult = { outcomes: Record<string, StationOutcome>; worker: string };

type Part = { resolve(outcomes: Record<string, StationOutcome>): void; reject(e: unknown): void };

export type BatchJobsOptions = { pollMs: number };

/** The parent's rows of its parts: their params name it. */
export const partsOf = (parentId: number): SQL => and(eq(jobs.kind, JOB_KINDS.sizeBatch), sql`(${jobs.params} ->> 'parent')::int = ${parentId}`)!;

export function batchJobs(ctx: JobContext, options: BatchJobsOptions) {
  const waiting = new Map<number, Part>();
  /** Part jobs each worker ran (its host and process), for the job's result. */
  const workers: Record<string, number> = {};
  const controller = new AbortController();
  let parts = 0;
  let polling: Promise<void> | null = null;
  let failure: unknown = null;
  const run = randomUUID();

  const fail = (error: unknown) => {
    failure ??= error;
    for (const part of waiting.values()) part.reject(failure);
    waiting.clear();
  };

  async function poll(): Promise<void> {
    while (waiting.size > 0 && failure === null) {
      await new Promise((resolve) => setTimeout(resolve, options.pollMs));
      const [self] = await ctx.db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, ctx.jobId));
      if (self?.status !== 'running') {
        controller.abort();
        fail(new SimError('cancelled', 'sizing cancelled'));
        return;
      }
      const rows = await ctx.db
        .select({ id: jobs.id, status: jobs.status, result: jobs.result, error: jobs.error })
        .from(jobs)
        .where(inArray(jobs.id, [...waiting.keys()]));
      const done: number[] = [];
      for (const row of rows) {
        if (row.status === 'succeeded') {
          const { outcomes, worker } = row.result as BatchResult;
          waiting.get(row.id)!.resolve(outcomes);
          workers[worker] = (workers[worker] ?? 0) + 1;
          waiting.delete(row.id);
          done.push(row.id);
        } else if (row.status === 'failed' || row.status === 'cancelled') {
          fail(new Error(`A sizing batch ${row.status === 'failed' ? `failed: ${row.error}` : 'was cancelled'}`));
        }
      }
      if (done.length) await ctx.db.delete(jobs).where(inArray(jobs.id, done));
    }
  }

  // Parts come heaviest first (splitStations): each is taken before those asked for after it, so
  // the heaviest start at once and the light ones fill in around them.
  const evaluate: SizeLayerPart = (part) =>
    new Promise((resolve, reject) => {
      if (failure !== null) return reject(failure);
      const params: PartParams = { parent: ctx.jobId, run, part };
      const index = parts++;
      ctx
        .enqueue(JOB_KINDS.sizeBatch, params, { singletonKey: `sizing ${ctx.jobId} part ${index}`, priority: -index })
        .then(({ id }) => {
          waiting.set(id, { resolve, reject });
          polling ??= poll().finally(() => (polling = null));
        })
        .catch((error: unknown) => {
          reject(error);
          fail(error);
        });
    });

  return {
    evaluate,
    signal: controller.signal,
    workers,
    /** Cancels the parts still pending (the run ended, failed or was cancelled). */
    async close(): Promise<void> {
      fail(new SimError('cancelled', 'sizing ended'));
      await cancelJobs(ctx.db, partsOf(ctx.jobId));
    },
  };
}
