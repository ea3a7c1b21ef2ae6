// Runs one engine call in a fresh worker thread and ends the thread afterwards, so a long solve
// never blocks the API's event loop and the solver's memory (HiGHS's WebAssembly heap) is
// returned after every job. Errors thrown in the thread (a bad document) reach the caller.
import type { AllocationThreadApi } from './allocationThread';
import { startEngineThread, type Comlink } from './engineThread';

export { isEngineRefusal } from './engineRefusal';

export async function withAllocationThread<T>(use: (api: Comlink.Remote<AllocationThreadApi>) => Promise<T>): Promise<T> {
  const thread = startEngineThread<AllocationThreadApi>('allocationThread');
  try {
    return await thread.call(use(thread.api));
  } finally {
    await thread.terminate();
  }
}

export { Comlink } from './engineThread';
