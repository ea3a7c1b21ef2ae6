// Worker-thread entry exposing the allocation engines (workers/alloc) to the server through
// Comlink's node adapter: a solve can take its whole time limit, which must not block the API.
import { parentPort } from 'node:worker_threads';
import * as Comlink from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import loadHighs from 'highs';
import { allocateMakeup, type AllocProgress } from '../../workers/alloc/makeup';
import { allocateCheckin } from '../../workers/alloc/checkin';
import { AllocError } from '../../workers/alloc/errors';
import { Chuffed } from '../../workers/cli/chuffed';
import { ENGINE_REFUSAL } from './engineRefusal';

export type SolveOptions = { timeLimitS?: number };
type Progress = (p: AllocProgress) => void;

/**
 * Comlink carries an error's name and message across the thread, not its class: the engine's
 * refusals of a document travel under ENGINE_REFUSAL's name, so the job can tell them from faults.
 * A failing solver is the engine's fault, not the document's.
 */
async function typedRefusals<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AllocError && error.code !== 'solver_failed') throw Object.assign(new Error(error.message), { name: ENGINE_REFUSAL });
    throw error;
  }
}

const api = {
  async makeup(doc: unknown, options: SolveOptions, onProgress: Progress) {
    return typedRefusals(async () => allocateMakeup(doc, { ...options, highs: await loadHighs(), onProgress }));
  },
  /** `onSolverError`: the constraint solver broke down; the engine goes on without it. */
  async checkin(doc: unknown, options: SolveOptions, onProgress: Progress, onSolverError: (message: string) => void) {
    const highs = await loadHighs();
    // Its threads start only if the problem suits the depth search, and end with the solve.
    const cp = new Chuffed(onSolverError);
    try {
      return await typedRefusals(async () => allocateCheckin(doc, { ...options, highs, cp, onProgress }));
    } finally {
      cp.close();
    }
  },
};

export type AllocationThreadApi = typeof api;
Comlink.expose(api, nodeEndpoint(parentPort!));
