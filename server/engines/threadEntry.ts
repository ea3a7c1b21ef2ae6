// Where an engine thread's entry is. From the TypeScript sources (tsx, vitest) a thread needs
// tsx's loader before its entry, which bootstrap.mjs registers; built, the calling module is
// inside a bundle of dist-server/ and the thread's entry is the compiled <name>.js beside it
// (scripts/entryPoints.mjs names each).
import type { WorkerOptions } from 'node:worker_threads';

export function threadEntry(name: string): { file: URL; options: WorkerOptions } {
  return import.meta.url.endsWith('.ts')
    ? { file: new URL('./bootstrap.mjs', import.meta.url), options: { workerData: { entry: new URL(`./${name}.ts`, import.meta.url).href } } }
    : { file: new URL(`./${name}.js`, import.meta.url), options: { workerData: {} } };
}
