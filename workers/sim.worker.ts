// Web Worker entry of the simulation engine: the worker API of sim/workerApi.ts over Comlink,
// replications of a document and batches of a sizing problem alike. The simulation pool
// (sim/pool.ts) and the requirements screen's sizing pool create these, one per spare core.
import * as Comlink from 'comlink';
import { createWorkerApi } from './sim/workerApi';

Comlink.expose(createWorkerApi(() => performance.now()));
