// Runs an airport document in the browser's worker pool (workers/sim/pool.ts) and answers the
// run as the screen keeps it.
import { simulate } from '../../../workers/sim/pool';
import type { Progress } from '../../../workers/sim/run';
import type { AirportInput } from '../../../common/scenario/documentInput';
import type { RunResults } from './model/results';

export async function runInWorkers(document: AirportInput, onProgress: (p: Progress) => void, signal: AbortSignal): Promise<RunResults> {
  const output = await simulate(document, onProgress, signal);
  if (output.kind !== 'airport') throw new Error('the engine answered a network output for an airport document');
  return { output };
}
