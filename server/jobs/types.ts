// What a job handler gets and gives back. Handlers are plain async functions of the database
// and their parameters; the queue (pg-boss) only decides where and when they run.
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';

export type JobContext = {
  db: Database;
  jobId: number;
  scenarioId: number;
  params: Record<string, unknown>;
  log: FastifyBaseLogger;
  /** Reports progress (0-100) and a message shown in the jobs panel. */
  progress(percent: number, message?: string): Promise<void>;
};

export type JobHandler = (ctx: JobContext) => Promise<Record<string, unknown>>;
