// The browser's entry to the simulation: simulate(document, onProgress, signal) spreads the
// replications over a pool of Web Workers (one per core but one, at least one), reports progress
// at least every 250 ms, cancels by terminating the workers, and summarises in a worker so the
// main thread only passes messages and is never blocked by the simulation.
import * as Comlink from 'comlink';
import { SimError } from './errors';
import type { Progress, ReplicationResult, SimulationOutput } from './run';
import type { LoadAnswer, SimWorkerApi } from './workerApi';

/** One worker as the pool sees it; every call answers asynchronously. */
export interface PoolWorker {
  load(documentJson: string): Promise<LoadAnswer>;
  run(r: number, onProgress: (fraction: number) => void): Promise<ReplicationResult>;
  summarise(results: ReplicationResult[]): Promise<SimulationOutput>;
  terminate(): void;
}

/** A Comlink-wrapped module worker running sim.worker.ts. */
export function spawnWebWorker(): PoolWorker {
  const worker = new Worker(new URL('../sim.worker.ts', import.meta.url), { type: 'module' });
  const api = Comlink.wrap<SimWorkerApi>(worker);
  return {
    load: (documentJson) => api.load(documentJson),
    run: (r, onProgress) => api.run(r, Comlink.proxy(onProgress)),
    summarise: (results) => api.summarise(results),
    terminate: () => worker.terminate(),
  };
}

export interface PoolOptions {
  /** Workers to use; default: hardware concurrency minus one, at least one. */
  size?: number;
  spawn?: () => PoolWorker;
  progressEveryMs?: number;
}

export function defaultPoolSize(): number {
  const cores = typeof navigator !== 'undefined' ? navigator.hardwareConcurrency || 2 : 2;
  return Math.max(1, cores - 1);
}

export async function simulate(
  document: unknown,
  onProgress: (p: Progress) => void,
  signal?: AbortSignal,
  options: PoolOptions = {},
): Promise<SimulationOutput> {
  if (signal?.aborted) throw new SimError('cancelled', 'the simulation was cancelled');
  const spawn = options.spawn ?? spawnWebWorker;
  const first = spawn();
  const workers = [first];
  let timer: ReturnType<typeof setInterval> | undefined;
  let rejectCancel: (e: SimError) => void = () => {};
  const cancelled = new Promise<never>((_, reject) => (rejectCancel = reject));
  cancelled.catch(() => {}); // observed below through Promise.race
  let stopped = false;
  const onAbort = () => rejectCancel(new SimError('cancelled', 'the simulation was cancelled'));
  signal?.addEventListener('abort', onAbort);

  const work = async (): Promise<SimulationOutput> => {
    // Serialised once: posting a string to each worker is a copy, not a walk of the tree.
    const json = JSON.stringify(document) ?? 'null';
    // The first worker validates; a bad document costs one worker, not the pool.
    const answer = await first.load(json);
    if (!answer.ok) throw new SimError(answer.error.code, answer.error.message, answer.error.field);
    const total = answer.replications;
    const size = Math.min(total, options.size ?? defaultPoolSize());
    // After a cancel this code may still resume; it must not start workers nobody will stop.
    for (let i = 1; i < size && !stopped; i++) workers.push(spawn());
    await Promise.all(workers.slice(1).map((w) => w.load(json)));

    const results: ReplicationResult[] = new Array(total);
    const current = new Array<number>(workers.length).fill(0);
    let done = 0;
    const report = () => {
      const running = current.reduce((a, b) => a + b, 0);
      onProgress({ fraction: Math.min(1, (done + running) / total), replicationsDone: done, replications: total });
    };
    timer = setInterval(report, options.progressEveryMs ?? 200);
    report();
    let next = 0;
    await Promise.all(
      workers.map(async (w, k) => {
        while (next < total && !stopped) {
          const r = next++;
          results[r] = await w.run(r, (fraction) => (current[k] = fraction));
          current[k] = 0;
          done++;
          report();
        }
      }),
    );
    return first.summarise(results);
  };

  try {
    return await Promise.race([work(), cancelled]);
  } finally {
    stopped = true;
    clearInterval(timer);
    signal?.removeEventListener('abort', onAbort);
    for (const w of workers) w.terminate();
  }
}
