// The sizing engine's threads in this process: batch jobs of a sizing run evaluate their
// replications here, split over as many threads as the machine has cores to spare, so the API's
// event loop is never blocked and one batch job uses the whole machine. The threads live while
// batches keep coming and end after a quiet minute; each keeps the runs' problems it prepared.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import * as Comlink from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import type { SizingPlan, SizingTally } from '../../workers/sim/sizing/types';
import type { SizingThreadApi } from './sizingThread';
import { threadEntry } from './threadEntry';

const THREAD = threadEntry('sizingThread');
const IDLE_MS = 60_000;
/** One core is left to the process's own event loop (the API, the job queue). */
export const SIZING_THREADS = Math.max(1, availableParallelism() - 1);

type Thread = { worker: Worker; api: Comlink.Remote<SizingThreadApi>; failed: Promise<never> };

let threads: Thread[] = [];
let idle: NodeJS.Timeout | undefined;

function startThread(): Thread {
  const worker = new Worker(THREAD.file, THREAD.options);
  // An idle thread must not keep the process alive.
  worker.unref();
  const thread: Thread = {
    worker,
    api: Comlink.wrap<SizingThreadApi>(nodeEndpoint(worker)),
    // A thread that dies (out of memory, a crash) fails its call instead of hanging it.
    failed: new Promise<never>((_, reject) => {
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the sizing thread stopped (exit code ${code}) before it answered`)));
    }),
  };
  thread.failed.catch(() => {
    threads = threads.filter((t) => t !== thread);
  });
  return thread;
}

/** Ends the threads (after a quiet minute, and when the process stops its work). */
export async function stopSizingThreads(): Promise<void> {
  clearTimeout(idle);
  const ending = threads;
  threads = [];
  await Promise.all(ending.map((t) => t.worker.terminate()));
}

export type SizingRun = { key: string; load(): Promise<{ document: unknown; seed?: number }> };

/**
 * Each replication's tally of `plan`, in order, the replications split over the threads. A
 * thread prepares the run's problem from its document the first time it meets the run.
 */
export async function evaluateInThreads(run: SizingRun, plan: SizingPlan, replications: number[]): Promise<SizingTally[]> {
  clearTimeout(idle);
  while (threads.length < Math.min(SIZING_THREADS, replications.length)) threads.push(startThread());
  let source: ReturnType<SizingRun['load']> | undefined;
  const per = Math.ceil(replications.length / threads.length);
  try {
    const parts = await Promise.all(
      threads.slice(0, Math.ceil(replications.length / per)).map(async (thread, k) => {
        const call = async () => {
          if (!(await thread.api.has(run.key))) {
            const { document, seed } = await (source ??= run.load());
            await thread.api.load(run.key, document, seed);
          }
          return thread.api.evaluate(run.key, plan, replications.slice(k * per, (k + 1) * per));
        };
        return Promise.race([call(), thread.failed]);
      }),
    );
    return parts.flat();
  } finally {
    idle = setTimeout(() => void stopSizingThreads(), IDLE_MS);
    idle.unref();
  }
}
