// Comlink adapter over the allocation engines, so the browser runs them off the UI thread.
// HiGHS is loaded once per worker; Vite serves its .wasm file and gives us the URL.
import * as Comlink from 'comlink';
import loadHighs from 'highs';
import wasmUrl from 'highs/runtime?url';
import { allocateMakeup, type AllocProgress } from './alloc/makeup';
import { allocateCheckin } from './alloc/checkin';
import type { Highs } from './alloc/mip';

let solver: Promise<Highs> | null = null;
const highs = () => (solver ??= loadHighs({ locateFile: () => wasmUrl }));

export interface WorkerOptions {
  timeLimitS?: number;
  relGap?: number;
}

const api = {
  async makeup(doc: unknown, options: WorkerOptions = {}, onProgress?: (p: AllocProgress) => void) {
    return allocateMakeup(doc, { ...options, highs: await highs(), onProgress });
  },
  async checkin(doc: unknown, options: WorkerOptions = {}, onProgress?: (p: AllocProgress) => void) {
    return allocateCheckin(doc, { ...options, highs: await highs(), onProgress });
  },
};

export type AllocWorkerApi = typeof api;
Comlink.expose(api);
