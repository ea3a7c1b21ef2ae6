// An airport document simulated on this machine's cores: the engines' simulation pool
// (workers/sim/pool.ts) with worker threads where the browser has Web Workers, so a server run
// spreads, seeds and summarises the replications exactly as the browser does and answers the
// same output.
import { availableParallelism } from 'node:os';
import { simulate, type PoolWorker } from '../../workers/sim/pool';
import type { Progress, SimulationOutput } from '../../workers/sim/run';
import type { LoadAnswer, SimWorkerApi } from '../../workers/sim/workerApi';
import { Comlink, startEngineThread } from '../engines/engineThread';

/** A thread as the pool sees a worker. */
function spawnThread(): PoolWorker {
  const thread = startEngineThread<SimWorkerApi>('simulationRunThread');
  return {
    load: (documentJson) => thread.call<LoadAnswer>(thread.api.load(documentJson)),
    run: (r, onProgress) => thread.call(thread.api.run(r, Comlink.proxy(onProgress))),
    summarise: (results) => thread.call<SimulationOutput>(thread.api.summarise(results)),
    terminate: () => void thread.terminate(),
  };
}

/** Threads for one run: every core but one, which the API and the database keep. */
const SIMULATION_THREADS = Math.max(1, availableParallelism() - 1);

export function simulateInThreads(document: unknown, onProgress: (p: Progress) => void, signal: AbortSignal): Promise<SimulationOutput> {
  return simulate(document, onProgress, signal, { spawn: spawnThread, size: SIMULATION_THREADS, progressEveryMs: 1000 });
}
