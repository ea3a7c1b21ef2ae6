// Global setup of the projects that start the real server (api, e2e): builds dist/ and
// dist-server/ as `npm run build` does, once before any test file runs, unless the build is
// current. Files run side by side, so a build started by one of them could be read half-written
// by another; built here, every server a test starts serves a finished build.
import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { buildState } from '../../scripts/entryPoints.mjs';

const ROOT = resolve(import.meta.dirname, '../..');

export default function buildOnce(): void {
  if (buildState() === 'current') return;
  // NODE_ENV as a user's shell has it, not Vitest's 'test': Vite would build React's several
  // times slower development runtime.
  execFileSync(process.execPath, [join(ROOT, 'scripts/build.mjs')], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
}
