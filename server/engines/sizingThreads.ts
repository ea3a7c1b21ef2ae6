// The sizing engine's threads in this process: part jobs of a sizing run size their stations
// here, one part per thread, as many threads as the machine has cores, so the API's event loop is
// never blocked and one process uses the whole machine. The threads are the engines' pool
// (workers/pool.ts); they live while parts keep coming and end after a quiet minute, and each
// keeps the runs' problems it prepared.
import { createPool } from '../../workers/pool';
import type { LayerPart, StationOutcome } from '../../workers/sim/sizing/types';
import { JOB_CONCURRENCY, JOB_KINDS } from '../jobs/kinds';
import { startEngineThread, type EngineThread } from './engineThread';
import type { SizingThreadApi } from './sizingThread';

const IDLE_MS = 60_000;
/**
 * One per part the process runs at once, one per core: while its parts run, the process's event
 * loop only waits for them (and the operating system still gives it a turn when a request comes).
 */
const SIZING_THREADS = JOB_CONCURRENCY[JOB_KINDS.sizeBatch] ?? 1;

type Thread = EngineThread<SizingThreadApi>;

const startPool = () =>
  createPool<Thread>({
    size: SIZING_THREADS,
    spawn() {
      const thread = startEngineThread<SizingThreadApi>('sizingThread');
      // An idle thread must not keep the process alive.
      thread.worker.unref();
      return thread;
    },
    stop: (thread) => void thread.terminate(),
    // A thread that died failed its part; the next part gets a fresh one.
    broken: (thread) => thread.ended,
    cancelled: () => new Error('the sizing threads were stopped'),
  });

let pool = startPool();
let quiet: NodeJS.Timeout | undefined;

/** After a quiet minute the threads end (and their problems with them); the next part starts afresh. */
function endWhenQuiet(): void {
  clearTimeout(quiet);
  quiet = setTimeout(() => {
    if (!pool.idle()) return;
    const ending = pool;
    pool = startPool();
    ending.terminate();
  }, IDLE_MS);
  quiet.unref();
}

export type SizingRun = { key: string; load(): Promise<{ document: unknown; seed?: number }> };

/**
 * One part of a depth's sizing in the next free thread (parts beyond the threads wait for one).
 * A thread prepares the run's problem from its document the first time it meets the run.
 */
export async function sizeInThread(run: SizingRun, part: LayerPart): Promise<Record<string, StationOutcome>> {
  clearTimeout(quiet);
  try {
    return await pool.run((thread) =>
      thread.call(
        (async () => {
          if (!(await thread.api.has(run.key))) {
            const { document, seed } = await run.load();
            await thread.api.load(run.key, document, seed);
          }
          return thread.api.size(run.key, part);
        })(),
      ),
    );
  } finally {
    if (pool.idle()) endWhenQuiet();
  }
}
