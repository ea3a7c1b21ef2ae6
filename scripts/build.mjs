// `npm run build`: the browser app into dist/ (Vite) and every server-side program into
// dist-server/ (esbuild: one ES module per program, the npm dependencies left as imports), so an
// installation runs with its production dependencies alone (`npm prune --omit=dev`); and the
// empty databases a first start begins from (databaseSnapshots.mjs).
import { existsSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build as buildClient } from 'vite';
import { build as bundle } from 'esbuild';
import { BUILD_DIR, BUILD_STAMP, ENTRY_POINTS, ROOT } from './entryPoints.mjs';
import { writeDatabaseSnapshots } from './databaseSnapshots.mjs';

const started = new Date();
await buildClient({ root: ROOT, logLevel: 'warn' });

rmSync(BUILD_DIR, { recursive: true, force: true });
await bundle({
  absWorkingDir: ROOT,
  entryPoints: Object.fromEntries(Object.entries(ENTRY_POINTS).map(([name, source]) => [name, join(ROOT, source)])),
  outdir: BUILD_DIR,
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
});
// A program or thread without its bundle would fail only when first started (a thread, in the
// middle of a planner's job): the build fails instead.
const missing = Object.keys(ENTRY_POINTS).filter((name) => !existsSync(join(BUILD_DIR, `${name}.js`)));
if (missing.length > 0) throw new Error(`The build made no bundle for ${missing.join(', ')} (scripts/entryPoints.mjs)`);
await writeDatabaseSnapshots(BUILD_DIR, join(ROOT, 'server/db/migrations'));
// Dated when the build began: a source saved while it ran makes the build stale.
writeFileSync(BUILD_STAMP, `${started.toISOString()}\n`);
utimesSync(BUILD_STAMP, started, started);
console.log(`Built dist/ and dist-server/ in ${((Date.now() - started.getTime()) / 1000).toFixed(1)} s`);
