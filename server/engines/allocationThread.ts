// Worker-thread entry exposing the allocation engines (workers/alloc) to the server through
// Comlink's node adapter: a solve can take its whole time limit, which must not block the API.
import { parentPort } from 'node:worker_threads';
import * as Comlink from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import loadHighs from 'highs';
import { allocateMakeup, type AllocProgress } from '../../workers/alloc/makeup';
import { allocateCheckin } from '../../workers/alloc/checkin';

export type SolveOptions = { timeLimitS?: number };
type Progress = (p: AllocProgress) => void;

const api = {
  async makeup(doc: unknown, options: SolveOptions, onProgress: Progress) {
    return allocateMakeup(doc, { ...options, highs: await loadHighs(), onProgress });
  },
  async checkin(doc: unknown, options: SolveOptions, onProgress: Progress) {
    return allocateCheckin(doc, { ...options, highs: await loadHighs(), onProgress });
  },
};

export type AllocationThreadApi = typeof api;
Comlink.expose(api, nodeEndpoint(parentPort!));
