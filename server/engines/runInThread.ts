// Runs one engine call in a fresh worker thread and ends the thread afterwards, so a long solve
// never blocks the API's event loop and the solver's memory (HiGHS's WebAssembly heap) is
// returned after every job. Errors thrown in the thread (a bad document) reach the caller.
import { Worker } from 'node:worker_threads';
import * as Comlink from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import type { AllocationThreadApi } from './allocationThread';
import { threadEntry } from './threadEntry';

const THREAD = threadEntry('allocationThread');

export { isEngineRefusal } from './engineRefusal';

export async function withAllocationThread<T>(use: (api: Comlink.Remote<AllocationThreadApi>) => Promise<T>): Promise<T> {
  const worker = new Worker(THREAD.file, THREAD.options);
  // A thread that dies (out of memory, a crash in the solver) must fail the call, not hang it.
  const failed = new Promise<never>((_, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the engine thread stopped (exit code ${code}) before it answered`)));
  });
  // Settled by terminate() below after an answer too: nobody is waiting for it then.
  failed.catch(() => undefined);
  try {
    return await Promise.race([use(Comlink.wrap<AllocationThreadApi>(nodeEndpoint(worker))), failed]);
  } finally {
    await worker.terminate();
  }
}

export { Comlink };
