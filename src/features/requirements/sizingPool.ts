// Sizing to target in the browser's workers: the search runs on the main thread (it only decides
// which plan to try next) and every batch of (plan, replications) is split over a pool of
// simulation workers (sim.worker.ts), its tallies summed. Several batches may be outstanding at
// once; a batch's pieces queue for the next free worker.
import * as Comlink from 'comlink';
import { SimError } from '../../../workers/sim/errors';
import { addTally } from '../../../workers/sim/sizing/tally';
import type { EvaluateBatch, SizingBatch, SizingTally } from '../../../workers/sim/sizing/types';
import type { SimWorkerApi } from '../../../workers/sim/workerApi';

/** One worker as the pool sees it; every call answers asynchronously. */
export interface SizingWorker {
  loadSizing(problemJson: string): Promise<void>;
  evaluateSizing(batch: SizingBatch): Promise<SizingTally>;
  terminate(): void;
}

/** A Comlink-wrapped module worker running sim.worker.ts. */
export function spawnSizingWorker(): SizingWorker {
  const worker = new Worker(new URL('../../../workers/sim.worker.ts', import.meta.url), { type: 'module' });
  const api = Comlink.wrap<SimWorkerApi>(worker);
  return {
    loadSizing: (json) => api.loadSizing(json),
    evaluateSizing: (batch) => api.evaluateSizing(batch),
    terminate: () => worker.terminate(),
  };
}

/** Replications split into at most `parts` contiguous runs of nearly equal length. */
export function splitReplications(replications: readonly number[], parts: number): number[][] {
  const n = Math.max(1, Math.min(parts, replications.length));
  const out: number[][] = [];
  for (let k = 0, at = 0; k < n; k++) {
    const take = Math.floor(replications.length / n) + (k < replications.length % n ? 1 : 0);
    out.push(replications.slice(at, at + take));
    at += take;
  }
  return out.filter((part) => part.length > 0);
}

export type SizingPool = { evaluate: EvaluateBatch; terminate(): void };

/** Workers start on first use, up to `size`; each loads the problem (JSON text, one copy) once. */
export function createSizingPool(problemJson: string, spawn: () => SizingWorker, size: number): SizingPool {
  const workers: SizingWorker[] = [];
  const idle: SizingWorker[] = [];
  const waiting: Array<(w: SizingWorker) => void> = [];
  let stopped = false;

  const acquire = async (): Promise<SizingWorker> => {
    if (stopped) throw new SimError('cancelled', 'the sizing was cancelled');
    const free = idle.pop();
    if (free) return free;
    if (workers.length < size) {
      const fresh = spawn();
      workers.push(fresh);
      await fresh.loadSizing(problemJson);
      return fresh;
    }
    return new Promise((resolve) => waiting.push(resolve));
  };
  const release = (w: SizingWorker) => {
    const next = waiting.shift();
    if (next) next(w);
    else idle.push(w);
  };
  const runPart = async (batch: SizingBatch): Promise<SizingTally> => {
    const w = await acquire();
    try {
      return await w.evaluateSizing(batch);
    } finally {
      release(w);
    }
  };

  return {
    async evaluate(batch) {
      const parts = splitReplications(batch.replications, size);
      const tallies = await Promise.all(parts.map((replications) => runPart({ plan: batch.plan, replications })));
      return tallies.reduce<SizingTally>((sum, t) => addTally(sum, t), {});
    },
    terminate() {
      stopped = true;
      for (const w of workers) w.terminate();
    },
  };
}
