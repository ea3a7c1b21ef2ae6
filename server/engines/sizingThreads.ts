// The sizing engine's threads in this process: part jobs of a sizing run size their stations
// here, one part per thread, as many threads as the machine has cores, so the API's event loop is
// never blocked and one process uses the whole machine. The threads live while parts keep coming
// and end after a quiet minute; each keeps the runs' problems it prepared.
import { Worker } from 'node:worker_threads';
import * as Comlink from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import type { LayerPart, StationOutcome } from '../../workers/sim/sizing/types';
import type { SizingThreadApi } from './sizingThread';
import { threadEntry } from './threadEntry';
import { JOB_CONCURRENCY, JOB_KINDS } from '../jobs/kinds';

const THREAD = threadEntry('sizingThread');
const IDLE_MS = 60_000;
/**
 * One per part the process runs at once, one per core: while its parts run, the process's event
 * loop only waits for them (and the operating system still gives it a turn when a request comes).
 */
export const SIZING_THREADS = JOB_CONCURRENCY[JOB_KINDS.sizeBatch] ?? 1;

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
  free.length = 0;
  await Promise.all(ending.map((t) => t.worker.terminate()));
}

export type SizingRun = { key: string; load(): Promise<{ document: unknown; seed?: number }> };

const free: Thread[] = [];
const waiting: Array<(t: Thread) => void> = [];

/** A thread with nothing to do, started if fewer than SIZING_THREADS run, else the next to finish. */
async function acquire(): Promise<Thread> {
  clearTimeout(idle);
  const ready = free.pop();
  if (ready && threads.includes(ready)) return ready;
  if (threads.length < SIZING_THREADS) {
    const thread = startThread();
    threads.push(thread);
    return thread;
  }
  return new Promise((resolve) => waiting.push(resolve));
}

function release(thread: Thread): void {
  const next = waiting.shift();
  if (next) return next(thread);
  free.push(thread);
  if (free.length === threads.length) {
    idle = setTimeout(() => void stopSizingThreads(), IDLE_MS);
    idle.unref();
  }
}

/**
 * One part of a depth's sizing in the next free thread (parts beyond the threads wait for one).
 * A thread prepares the run's problem from its document the first time it meets the run.
 */
export async function sizeInThread(run: SizingRun, part: LayerPart): Promise<Record<string, StationOutcome>> {
  const thread = await acquire();
  try {
    const call = async () => {
      if (!(await thread.api.has(run.key))) {
        const { document, seed } = await run.load();
        await thread.api.load(run.key, document, seed);
      }
      return thread.api.size(run.key, part);
    };
    return await Promise.race([call(), thread.failed]);
  } finally {
    if (threads.includes(thread)) release(thread);
    else {
      // It died: whoever waits for a thread gets a fresh one.
      const next = waiting.shift();
      if (next) {
        const fresh = startThread();
        threads.push(fresh);
        next(fresh);
      }
    }
  }
}
