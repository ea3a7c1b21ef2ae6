// A sizing's depths spread over workers (the browser's Web Workers for a quick sizing): each part
// of a depth goes to the next free worker of a pool (../../pool.ts), and each worker loads the
// problem (JSON text, one copy) once, before its first part.
import { createPool } from '../../pool';
import { SimError } from '../errors';
import type { LayerPart, SizeLayerPart, StationOutcome } from './types';

/** One worker as the pool sees it; every call answers asynchronously. */
export interface SizingWorker {
  loadSizing(problemJson: string): Promise<void>;
  sizePart(part: LayerPart): Promise<Record<string, StationOutcome>>;
  terminate(): void;
}

export type SizingPool = { evaluate: SizeLayerPart; size: number; terminate(): void };

/** Workers start on first use, up to `size`; after terminate, parts are refused as cancelled. */
export function createSizingPool(problemJson: string, spawn: () => SizingWorker, size: number): SizingPool {
  const pool = createPool<SizingWorker>({
    size,
    spawn,
    prepare: (worker) => worker.loadSizing(problemJson),
    stop: (worker) => worker.terminate(),
    cancelled: () => new SimError('cancelled', 'the sizing was cancelled'),
  });
  return { size, evaluate: (part) => pool.run((worker) => worker.sizePart(part)), terminate: pool.terminate };
}
