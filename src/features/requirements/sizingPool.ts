// Sizing to target in the browser's workers: the search runs on the main thread (it only hands
// out the stations of one depth at a time) and every part of a depth goes to the next free
// worker of a pool of simulation workers (sim.worker.ts).
import * as Comlink from 'comlink';
import { SimError } from '../../../workers/sim/errors';
import type { StationOutcome } from '../../../workers/sim/sizing/types';
import type { LayerPart, SizeLayerPart } from '../../../workers/sim/sizing/types';
import type { SimWorkerApi } from '../../../workers/sim/workerApi';

/** One worker as the pool sees it; every call answers asynchronously. */
export interface SizingWorker {
  loadSizing(problemJson: string): Promise<void>;
  sizePart(part: LayerPart): Promise<Record<string, StationOutcome>>;
  terminate(): void;
}

/** A Comlink-wrapped module worker running sim.worker.ts. */
export function spawnSizingWorker(): SizingWorker {
  const worker = new Worker(new URL('../../../workers/sim.worker.ts', import.meta.url), { type: 'module' });
  const api = Comlink.wrap<SimWorkerApi>(worker);
  return {
    loadSizing: (json) => api.loadSizing(json),
    sizePart: (part) => api.sizePart(part),
    terminate: () => worker.terminate(),
  };
}

export type SizingPool = { evaluate: SizeLayerPart; size: number; terminate(): void };

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

  return {
    size,
    async evaluate(part) {
      const w = await acquire();
      try {
        return await w.sizePart(part);
      } finally {
        release(w);
      }
    },
    terminate() {
      stopped = true;
      for (const w of workers) w.terminate();
    },
  };
}
