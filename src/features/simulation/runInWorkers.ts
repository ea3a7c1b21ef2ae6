// Runs an airport document in the browser's Web Workers (workers/sim/pool.ts over
// src/engines/simWorkers.ts) and answers the run as the screen keeps it.
import { simulate } from '../../../workers/sim/pool';
import type { Progress } from '../../../workers/sim/run';
import type { AirportInput } from '../../../common/scenario/documentInput';
import type { RunResults } from './model/results';
import { browserPoolSize, spawnSimulationWorker } from '../../engines/simWorkers';

export async function runInWorkers(document: AirportInput, onProgress: (p: Progress) => void, signal: AbortSignal): Promise<RunResults> {
  const output = await simulate(document, onProgress, signal, { spawn: spawnSimulationWorker, size: browserPoolSize() });
  if (output.kind !== 'airport') throw new Error('the engine answered a network output for an airport document');
  return { output };
}
