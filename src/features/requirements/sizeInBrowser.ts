// "Quick, in this browser": the sizing engine's search on the main thread, its simulations in the
// browser's worker pool (one worker per core but one, as the simulation screen's runs). Cancel
// stops the workers at once; the answer is the plan as the server job would store it.
import { SimError } from '../../../workers/sim/errors';
import { prepareSizing } from '../../../workers/sim/sizing/problem';
import { sizeToTarget } from '../../../workers/sim/sizing/search';
import type { AirportSizingOutput } from './model/plan';
import type { SizingDocument } from './model/sizingSettings';
import { createSizingPool, type SizingWorker } from '../../../workers/sim/sizing/pool';
import { browserPoolSize, spawnSizingWorker } from '../../engines/simWorkers';

export type SizingProgress = { fraction: number; message: string };

export async function sizeInBrowser(
  document: SizingDocument,
  onProgress: (p: SizingProgress) => void,
  signal: AbortSignal,
  spawn: () => SizingWorker = spawnSizingWorker,
): Promise<AirportSizingOutput> {
  // Validation errors (SimError with the field) surface here, before any worker starts.
  const problem = prepareSizing(document);
  const size = browserPoolSize();
  const pool = createSizingPool(JSON.stringify(problem), spawn, size);
  let rejectCancel: (e: SimError) => void = () => {};
  const cancelled = new Promise<never>((_, reject) => (rejectCancel = reject));
  cancelled.catch(() => {}); // observed through Promise.race
  const onAbort = () => rejectCancel(new SimError('cancelled', 'the sizing was cancelled'));
  if (signal.aborted) onAbort();
  signal.addEventListener('abort', onAbort);
  try {
    const search = sizeToTarget(problem, {
      evaluate: pool.evaluate,
      // More parts than workers: each worker's parts report progress as they finish.
      parts: 4 * size,
      onProgress: (fraction, message) => onProgress({ fraction, message }),
      signal,
      clock: () => performance.now(),
    });
    return (await Promise.race([search, cancelled])) as AirportSizingOutput;
  } finally {
    signal.removeEventListener('abort', onAbort);
    pool.terminate();
  }
}
