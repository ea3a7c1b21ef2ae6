// The browser's side of the engines' pool (workers/pool.ts): simulation Web Workers
// (workers/sim.worker.ts) over Comlink, one per core but one, as a simulation run's workers or
// a quick sizing's. The pure pool and the engines know no Worker or navigator; this module does.
import * as Comlink from 'comlink';
import type { PoolWorker } from '../../workers/sim/pool';
import type { SizingWorker } from '../../workers/sim/sizing/pool';
import type { SimWorkerApi } from '../../workers/sim/workerApi';

/** Workers for one run: the cores but one (the page keeps it), at least one. */
export function browserPoolSize(): number {
  return Math.max(1, (navigator.hardwareConcurrency || 2) - 1);
}

function startSimWorker(): { api: Comlink.Remote<SimWorkerApi>; terminate(): void } {
  const worker = new Worker(new URL('../../workers/sim.worker.ts', import.meta.url), { type: 'module' });
  return { api: Comlink.wrap<SimWorkerApi>(worker), terminate: () => worker.terminate() };
}

/** A worker that runs a document's replications. */
export function spawnSimulationWorker(): PoolWorker {
  const { api, terminate } = startSimWorker();
  return {
    load: (documentJson) => api.load(documentJson),
    run: (r, onProgress) => api.run(r, Comlink.proxy(onProgress)),
    summarise: (results) => api.summarise(results),
    terminate,
  };
}

/** A worker that sizes parts of a sizing problem's depths. */
export function spawnSizingWorker(): SizingWorker {
  const { api, terminate } = startSimWorker();
  return {
    loadSizing: (json) => api.loadSizing(json),
    sizePart: (part) => api.sizePart(part),
    terminate,
  };
}
