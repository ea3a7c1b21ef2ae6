// Web Worker entry of the simulation engine: the worker API of sim/workerApi.ts over Comlink.
// The pool (sim/pool.ts) creates these, one per spare core.
import * as Comlink from 'comlink';
import { createWorkerApi } from './sim/workerApi';

Comlink.expose(createWorkerApi(() => performance.now()));
