// Worker-thread entry of the sizing engine (workers/sim/sizing) for the server's sizing part
// jobs: a part of a depth runs for seconds, which must not block the API. The thread keeps the
// problems it has prepared (one per sizing run), so a run's document crosses into it once, not
// with every part.
import { parentPort } from 'node:worker_threads';
import * as Comlink from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import { prepareSizing } from '../../workers/sim/sizing/problem';
import { sizeLayerPartSync } from '../../workers/sim/sizing/layerPart';
import type { LayerPart, SizingProblem, StationOutcome } from '../../workers/sim/sizing/types';

/** Problems kept: the runs a worker serves at once are few; older ones are prepared again if asked. */
const KEPT = 2;
const problems = new Map<string, SizingProblem>();

const api = {
  has(key: string): boolean {
    return problems.has(key);
  },
  load(key: string, document: unknown, seed: number | undefined): void {
    problems.set(key, prepareSizing(document, { seed }));
    while (problems.size > KEPT) problems.delete(problems.keys().next().value!);
  },
  /** One part of a depth's sizing: its stations' outcomes. */
  size(key: string, part: LayerPart): Record<string, StationOutcome> {
    const problem = problems.get(key);
    if (!problem) throw new Error(`sizing problem ${key} is not loaded in this thread`);
    return sizeLayerPartSync(problem, part, () => performance.now());
  },
};

export type SizingThreadApi = typeof api;
Comlink.expose(api, nodeEndpoint(parentPort!));
