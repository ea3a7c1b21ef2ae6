// Worker-thread entry of the sizing engine (workers/sim/sizing) for the server's sizing batch
// jobs: a batch of replications of one plan runs for seconds, which must not block the API. The
// thread keeps the problems it has prepared (one per sizing run), so a run's document crosses
// into it once, not with every batch.
import { parentPort } from 'node:worker_threads';
import * as Comlink from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import { prepareSizing } from '../../workers/sim/sizing/problem';
import { evaluateBatchSync } from '../../workers/sim/sizing/evaluate';
import type { SizingPlan, SizingProblem, SizingTally } from '../../workers/sim/sizing/types';

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
  /** The tally of each replication on its own, in order (the search keeps them per replication). */
  evaluate(key: string, plan: SizingPlan, replications: number[]): SizingTally[] {
    const problem = problems.get(key);
    if (!problem) throw new Error(`sizing problem ${key} is not loaded in this thread`);
    return replications.map((r) => evaluateBatchSync(problem, { plan, replications: [r] }));
  },
};

export type SizingThreadApi = typeof api;
Comlink.expose(api, nodeEndpoint(parentPort!));
