// One engine thread of the server (threads.json names them) with its Comlink API. A thread that
// dies (out of memory, a crash in a solver) must fail the call it was running, not hang it: every
// call goes through `call`, which races the answer against the thread's end.
import { Worker } from 'node:worker_threads';
import * as Comlink from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import { threadEntry, type ThreadName } from './threadEntry';

export interface EngineThread<Api> {
  readonly api: Comlink.Remote<Api>;
  readonly worker: Worker;
  /** Whether the thread has ended, by terminate or by dying. */
  readonly ended: boolean;
  /** The answer, or the thread's end if it comes first. */
  call<T>(answer: Promise<T>): Promise<T>;
  terminate(): Promise<void>;
}

export function startEngineThread<Api>(name: ThreadName): EngineThread<Api> {
  const entry = threadEntry(name);
  const worker = new Worker(entry.file, entry.options);
  let ended = false;
  const failed = new Promise<never>((_, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the engine thread ${name} stopped (exit code ${code}) before it answered`)));
  });
  // Settled by terminate() after the last answer too, when nobody waits for it.
  failed.catch(() => (ended = true));
  return {
    api: Comlink.wrap<Api>(nodeEndpoint(worker)),
    worker,
    get ended() {
      return ended;
    },
    call: (answer) => Promise.race([answer, failed]),
    terminate: async () => void (await worker.terminate()),
  };
}

export { Comlink };
