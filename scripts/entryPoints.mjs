// What `npm run build` compiles and where the package's commands find it: each program's
// TypeScript entry and the bundle it becomes in dist-server/. The build script and the
// launcher read this one list; the engine threads in it come from server/engines/threads.json,
// the list the server starts its threads by (server/engines/threadEntry.ts).
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const BUILD_DIR = join(ROOT, 'dist-server');
/** Written last by a build that finished; its time is the build's. */
export const BUILD_STAMP = join(BUILD_DIR, 'built');

/** Engine threads the server starts (bundle name to source). */
export const THREAD_ENTRIES = JSON.parse(readFileSync(join(ROOT, 'server/engines/threads.json'), 'utf8'));

/** Bundle name (dist-server/<name>.js) to its source. */
export const ENTRY_POINTS = {
  ...THREAD_ENTRIES,
  main: 'server/main.ts',
  worker: 'server/worker.ts',
  createuser: 'server/cli/createuser.ts',
  sim: 'workers/cli/sim.ts',
  alloc: 'workers/cli/alloc.ts',
  schedule: 'server/cli/schedule.ts',
};

/** What a build is made from; tests and docs are not. */
const SOURCES = ['src', 'common', 'server', 'workers', 'openapi', 'public', 'scripts', 'index.html', 'vite.config.ts', 'package-lock.json'];
const isTest = (name) => /\.test\.tsx?$/.test(name);

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return isTest(path) ? 0 : stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

/** 'missing' (never built or the build was cut short), 'stale' (a source changed since) or 'current'. */
export function buildState() {
  if (!existsSync(BUILD_STAMP)) return 'missing';
  const built = statSync(BUILD_STAMP).mtimeMs;
  return SOURCES.some((path) => newestMtime(join(ROOT, path)) > built) ? 'stale' : 'current';
}
