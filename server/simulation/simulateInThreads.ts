// An airport document simulated on this machine's cores: the browser's pool (workers/sim/pool.ts)
// with worker threads for its Web Workers, so a server run spreads, seeds and summarises the
// replications exactly as the browser does and answers the same output.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import * as Comlink from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import { simulate, type PoolWorker } from '../../workers/sim/pool';
import type { Progress, SimulationOutput } from '../../workers/sim/run';
import type { LoadAnswer, SimWorkerApi } from '../../workers/sim/workerApi';
import { threadEntry } from '../engines/threadEntry';

/** A thread as the pool sees a worker; a thread that dies fails the call it was running instead of hanging it. */
function spawnThread(): PoolWorker {
  const thread = threadEntry('simulationRunThread');
  const worker = new Worker(thread.file, thread.options);
  const api = Comlink.wrap<SimWorkerApi>(nodeEndpoint(worker));
  const failed = new Promise<never>((_, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`a simulation thread stopped (exit code ${code}) before it answered`)));
  });
  // Settled by terminate() after the run too, when nobody waits for it.
  failed.catch(() => undefined);
  const guarded = <T>(call: Promise<T>): Promise<T> => Promise.race([call, failed]);
  return {
    load: (documentJson) => guarded<LoadAnswer>(api.load(documentJson)),
    run: (r, onProgress) => guarded(api.run(r, Comlink.proxy(onProgress))),
    summarise: (results) => guarded<SimulationOutput>(api.summarise(results)),
    terminate: () => void worker.terminate(),
  };
}

/** Threads for one run: every core but one, which the API and the database keep. */
export const SIMULATION_THREADS = Math.max(1, availableParallelism() - 1);

export function simulateInThreads(document: unknown, onProgress: (p: Progress) => void, signal: AbortSignal): Promise<SimulationOutput> {
  return simulate(document, onProgress, signal, { spawn: spawnThread, size: SIMULATION_THREADS, progressEveryMs: 1000 });
}
