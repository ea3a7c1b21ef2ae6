// Where an engine thread's entry is. threads.json lists every thread the server starts, by name;
// the build bundles each as dist-server/<name>.js (scripts/entryPoints.mjs reads the same list),
// so a thread the list does not name is refused by the compiler here, not missed by the build.
// From the TypeScript sources (tsx, vitest) a thread needs tsx's loader before its entry, which
// bootstrap.mjs registers; built, the calling module is inside a bundle of dist-server/ and the
// thread's entry is the compiled <name>.js beside it.
import type { WorkerOptions } from 'node:worker_threads';
import THREADS from './threads.json';

export type ThreadName = keyof typeof THREADS;

export function threadEntry(name: ThreadName): { file: URL; options: WorkerOptions } {
  if (!Object.hasOwn(THREADS, name)) throw new Error(`no engine thread is named ${name} (server/engines/threads.json)`);
  return import.meta.url.endsWith('.ts')
    ? { file: new URL('./bootstrap.mjs', import.meta.url), options: { workerData: { entry: new URL(`../../${THREADS[name]}`, import.meta.url).href } } }
    : { file: new URL(`./${name}.js`, import.meta.url), options: { workerData: {} } };
}
