// Runs an airport document in the browser's worker pool (workers/sim/pool.ts) and also keeps
// each replication's queue-length series: the pooled output only has their mean, and the charts
// draw the band between replications. The pool's workers are wrapped so that, when the pool asks
// its first worker for the summary, the same worker also summarises each replication alone
// before the pool terminates it; the engine itself is untouched.
import { simulate, spawnWebWorker, type PoolWorker } from '../../../workers/sim/pool';
import type { Progress, SimulationOutput } from '../../../workers/sim/run';
import type { AirportInput } from './model/airportDocument';
import type { AirportOutput, RunResults } from './model/results';

function isAirport(output: SimulationOutput): output is AirportOutput {
  return output.kind === 'airport';
}

export async function runInWorkers(document: AirportInput, onProgress: (p: Progress) => void, signal: AbortSignal): Promise<RunResults> {
  const perReplication: Record<string, number[][]> = {};
  const spawn = (): PoolWorker => {
    const worker = spawnWebWorker();
    return {
      ...worker,
      async summarise(results) {
        const pooled = await worker.summarise(results);
        if (results.length > 1) {
          for (const single of await Promise.all(results.map((r) => worker.summarise([r])))) {
            if (!isAirport(single)) continue;
            for (const [id, q] of Object.entries(single.queues)) (perReplication[id] ??= []).push(q.queue_length_series.values);
          }
        }
        return pooled;
      },
    };
  };
  const output = await simulate(document, onProgress, signal, { spawn });
  if (!isAirport(output)) throw new Error('the engine answered a network output for an airport document');
  return { output, queueSeriesByReplication: perReplication };
}
