// What a simulation worker does, without the messaging: load a document once, run replications
// by index, summarise; or, for sizing to target, load a prepared sizing problem once and size
// parts of its depths. sim.worker.ts exposes it over Comlink; tests drive it directly.
// Validation errors travel as data, because Comlink keeps only the message of a thrown error.
import { SimError, type SimErrorCode } from './errors';
import { prepare, replicationSteps, summarise, type Prepared, type ReplicationResult, type SimulationOutput } from './run';
import { sizeLayerPartSync } from './sizing/layerPart';
import type { LayerPart, SizingProblem, StationOutcome } from './sizing/types';

interface SimErrorData {
  code: SimErrorCode;
  message: string;
  field: string;
}

export type LoadAnswer = { ok: true; replications: number; seed: number } | { ok: false; error: SimErrorData };

export interface SimWorkerApi {
  /** The document as JSON text: a string crosses to a worker as one copy, an object tree node by node. */
  load(documentJson: string): LoadAnswer;
  /** Runs replication r, calling onProgress(share of it done) about every progressEveryMs. */
  run(r: number, onProgress: (fraction: number) => void): ReplicationResult;
  summarise(results: ReplicationResult[]): SimulationOutput;
  /** A sizing problem (prepareSizing's answer, validated by the caller) as JSON text. */
  loadSizing(problemJson: string): void;
  /** One part of a depth's sizing: its stations' outcomes. */
  sizePart(part: LayerPart): Record<string, StationOutcome>;
}

export function createWorkerApi(clock: () => number, progressEveryMs = 100): SimWorkerApi {
  let prepared: Prepared | null = null;
  let sizing: SizingProblem | null = null;
  const loaded = () => {
    if (!prepared) throw new Error('load a document before running it');
    return prepared;
  };
  return {
    load(documentJson) {
      try {
        prepared = prepare(JSON.parse(documentJson));
        return { ok: true, replications: prepared.replications, seed: prepared.seed };
      } catch (e) {
        if (!(e instanceof SimError)) throw e;
        return { ok: false, error: { code: e.code, message: e.message, field: e.field } };
      }
    },
    run(r, onProgress) {
      const steps = replicationSteps(loaded(), r, clock);
      let last = clock();
      let step = steps.next();
      while (!step.done) {
        if (clock() - last >= progressEveryMs) {
          last = clock();
          onProgress(step.value);
        }
        step = steps.next();
      }
      return step.value;
    },
    summarise(results) {
      return summarise(loaded(), results);
    },
    loadSizing(problemJson) {
      sizing = JSON.parse(problemJson) as SizingProblem;
    },
    sizePart(part) {
      if (!sizing) throw new Error('load a sizing problem before sizing');
      return sizeLayerPartSync(sizing, part, clock);
    },
  };
}
