// What a job handler gets and gives back. Handlers are plain async functions of the database
// and their parameters; the queue (pg-boss) only decides where and when they run.
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import type { jobs } from '../db/schema';

/** A job's row as the jobs table holds it. */
export type JobRow = typeof jobs.$inferSelect;

export type JobContext = {
  db: Database;
  jobId: number;
  scenarioId: number;
  params: Record<string, unknown>;
  log: FastifyBaseLogger;
  /** Reports progress (0-100) and a message shown in the jobs panel. */
  progress(percent: number, message?: string): Promise<void>;
  /** Queues a follow-up job of the same scenario (e.g. the demo's allocations after its set-up). */
  enqueue(kind: string, params?: Record<string, unknown>, options?: EnqueueOptions): Promise<{ id: number }>;
};

export type EnqueueOptions = {
  /**
   * Jobs with one key run one at a time per kind; by default the scenario's, so two runs of one
   * allocation never interleave. Parts of one larger job that may run side by side on several
   * workers pass a key of their own.
   */
  singletonKey?: string;
  /** Of two jobs waiting, the higher is taken first (default 0; then the older first). */
  priority?: number;
};

export type JobHandler = (ctx: JobContext) => Promise<Record<string, unknown>>;
