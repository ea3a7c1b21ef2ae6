// Entry of every engine thread: the server runs from TypeScript sources through tsx, whose
// loader is per thread, so each worker thread registers it before importing its real entry.
import { register } from 'tsx/esm/api';
import { workerData } from 'node:worker_threads';

register();
await import(workerData.entry);
