// Entry of every engine thread while the server runs from its TypeScript sources (tsx, vitest):
// tsx's loader is per thread, so each thread registers it before importing its real entry. The
// build compiles the entries instead (runInThread.ts).
import { register } from 'tsx/esm/api';
import { workerData } from 'node:worker_threads';

register();
await import(workerData.entry);
