// A simulation spread over workers: simulate(document, onProgress, signal, options) runs the
// replications on a pool (../pool.ts) of whatever workers the caller spawns (the browser's Web
// Workers, the server's worker threads, in-process stubs in tests), reports progress as they run,
// cancels by terminating the workers, and summarises in a worker so the caller only passes
// messages. Replication r is seeded from (seed, r), so the output is the same for any pool size.
import { createPool } from '../pool';
import { SimError } from './errors';
import type { Progress, ReplicationResult, SimulationOutput } from './run';
import type { LoadAnswer } from './workerApi';

/** One worker as the pool sees it; every call answers asynchronously. */
export interface PoolWorker {
  load(documentJson: string): Promise<LoadAnswer>;
  run(r: number, onProgress: (fraction: number) => void): Promise<ReplicationResult>;
  summarise(results: ReplicationResult[]): Promise<SimulationOutput>;
  terminate(): void;
}

/** What cancels a run: an AbortSignal will do (engines know no DOM or Node type). */
export interface CancelSignal {
  readonly aborted: boolean;
  addEventListener(type: 'abort', listener: () => void): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

export interface PoolOptions {
  spawn: () => PoolWorker;
  /** Workers at most (never more than the replications). */
  size: number;
  /** Progress when a replication ends, and in between at most this often as the workers report. */
  progressEveryMs?: number;
}

const cancelledError = () => new SimError('cancelled', 'the simulation was cancelled');

export async function simulate(
  document: unknown,
  onProgress: (p: Progress) => void,
  signal: CancelSignal | undefined,
  options: PoolOptions,
): Promise<SimulationOutput> {
  if (signal?.aborted) throw cancelledError();
  // Serialised once: posting a string to each worker is a copy, not a walk of the tree.
  const json = JSON.stringify(document) ?? 'null';
  let total = 0;
  const pool = createPool<PoolWorker>({
    size: options.size,
    spawn: options.spawn,
    async prepare(worker) {
      const answer = await worker.load(json);
      if (!answer.ok) throw new SimError(answer.error.code, answer.error.message, answer.error.field);
      total = answer.replications;
    },
    stop: (worker) => worker.terminate(),
    cancelled: cancelledError,
  });
  let rejectCancel: (e: SimError) => void = () => {};
  const cancelled = new Promise<never>((_, reject) => (rejectCancel = reject));
  cancelled.catch(() => {}); // observed below through Promise.race
  const onAbort = () => {
    rejectCancel(cancelledError());
    pool.terminate();
  };
  signal?.addEventListener('abort', onAbort);

  const work = async (): Promise<SimulationOutput> => {
    // The first worker validates the document; a bad one costs one worker, not the pool.
    await pool.run(async () => undefined);
    const results: ReplicationResult[] = new Array(total);
    const running = new Map<number, number>();
    let done = 0;
    let reported = -Infinity;
    const report = (force = false) => {
      const now = Date.now();
      if (!force && now - reported < (options.progressEveryMs ?? 200)) return;
      reported = now;
      const share = [...running.values()].reduce((a, b) => a + b, 0);
      onProgress({ fraction: Math.min(1, (done + share) / total), replicationsDone: done, replications: total });
    };
    report(true);
    const replication = async (worker: PoolWorker, r: number) => {
      results[r] = await worker.run(r, (fraction) => {
        running.set(r, fraction);
        report();
      });
      running.delete(r);
      done++;
      report(true);
    };
    await Promise.all(Array.from({ length: total }, (_, r) => pool.run((worker) => replication(worker, r))));
    return pool.run((worker) => worker.summarise(results));
  };

  try {
    return await Promise.race([work(), cancelled]);
  } finally {
    signal?.removeEventListener('abort', onAbort);
    pool.terminate();
  }
}
