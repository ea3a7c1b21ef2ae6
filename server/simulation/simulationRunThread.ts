// Worker-thread entry of the simulation engine for the server's simulation runs: the browser's
// worker API (workers/sim/workerApi.ts, which sim.worker.ts exposes to Web Workers) over Comlink's
// node adapter, so the server drives the same pool (workers/sim/pool.ts) with threads for workers
// and a run never blocks the API's event loop.
import { parentPort } from 'node:worker_threads';
import * as Comlink from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import { createWorkerApi } from '../../workers/sim/workerApi';

Comlink.expose(
  createWorkerApi(() => performance.now()),
  nodeEndpoint(parentPort!),
);
