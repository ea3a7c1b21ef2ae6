// The sizing search's evaluations as jobs (issue 12, point 2): the replications the search asks
// for at once are split into parts, each queued as a 'simulation-size-batch' job with a key of its
// own, so every worker process sharing the queue runs parts side by side; the parent job polls
// the parts' rows and answers each replication's tally. A part's row is deleted once read (a run
// makes hundreds; the jobs list is for planners' jobs), and whatever is still pending when the
// run ends is cancelled.
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { jobs } from '../db/schema';
import { JOB_KINDS } from '../jobs/kinds';
import { cancelJobs } from '../jobs/cancel';
import type { JobContext } from '../jobs/types';
import { SimError } from '../../workers/sim/errors';
import { addTally } from '../../workers/sim/sizing/tally';
import type { EvaluateBatch, SizingBatch, SizingPlan, SizingTally } from '../../workers/sim/sizing/types';

/** A batch job's params: its parent job, the run (a parent's attempt), the plan and its replications. */
export type PartParams = { parent: number; run: string; plan: SizingPlan; replications: number[] };

/** What a batch job answers: each replication's tally in order, and who ran it. */
export type BatchResult = { tallies: SizingTally[]; worker: string };

type Call = { replication: number; resolve(t: SizingTally): void; reject(e: unknown): void };
type Part = { calls: Call[] };

export type BatchJobsOptions = {
  /** Replications per batch job: long enough that a job's overhead (its row, the queue's poll) stays small. */
  partSize: number;
  pollMs: number;
};

/** The parent's rows of its parts: their params name it. */
export const partsOf = (parentId: number): SQL => and(eq(jobs.kind, JOB_KINDS.sizeBatch), sql`(${jobs.params} ->> 'parent')::int = ${parentId}`)!;

export function batchJobs(ctx: JobContext, options: BatchJobsOptions) {
  const waiting = new Map<number, Part>();
  /** Batch jobs each worker ran (its host and process), for the job's result. */
  const workers: Record<string, number> = {};
  const controller = new AbortController();
  let asked: { batch: SizingBatch; call: Call }[] = [];
  let parts = 0;
  let polling: Promise<void> | null = null;
  let failure: unknown = null;
  const run = randomUUID();

  const fail = (error: unknown) => {
    failure ??= error;
    for (const part of waiting.values()) for (const c of part.calls) c.reject(failure);
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
          const { tallies, worker } = row.result as BatchResult;
          waiting.get(row.id)!.calls.forEach((c, i) => c.resolve(tallies[i]));
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

  /** Queues the calls asked for in one turn of the event loop, parts of one plan at a time. */
  async function flush(): Promise<void> {
    const now = asked;
    asked = [];
    const byPlan = new Map<string, { batch: SizingBatch; calls: Call[] }>();
    for (const { batch, call } of now) {
      const key = JSON.stringify(batch.plan);
      const group = byPlan.get(key) ?? byPlan.set(key, { batch, calls: [] }).get(key)!;
      group.calls.push(call);
    }
    for (const { batch, calls } of byPlan.values()) {
      for (let i = 0; i < calls.length; i += options.partSize) {
        const part = calls.slice(i, i + options.partSize);
        const params: PartParams = { parent: ctx.jobId, run, plan: batch.plan, replications: part.map((c) => c.replication) };
        const { id } = await ctx.enqueue(JOB_KINDS.sizeBatch, params, { singletonKey: `sizing ${ctx.jobId} part ${parts++}` });
        waiting.set(id, { calls: part });
      }
    }
    polling ??= poll().finally(() => (polling = null));
  }

  const ask = (batch: SizingBatch, replication: number) =>
    new Promise<SizingTally>((resolve, reject) => {
      if (failure !== null) return reject(failure);
      if (asked.length === 0) setImmediate(() => void flush().catch(fail));
      asked.push({ batch, call: { replication, resolve, reject } });
    });
  // The search asks for single replications, several at once: they are gathered into parts.
  const evaluate: EvaluateBatch = async (batch) => (await Promise.all(batch.replications.map((r) => ask(batch, r)))).reduce(addTally, {});

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
