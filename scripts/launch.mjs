// The package's commands: `npm start` serves the build, building it first where the development
// tools are installed and the build is missing or older than the sources (so `npm install &&
// npm start` works); `worker`, `createuser`, `sim`, `alloc` and `schedule` run from the TypeScript sources
// in a development install and from the build in a production one (`npm prune --omit=dev`).
// Each program runs in this process, so signals and exit codes are its own.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BUILD_DIR, ENTRY_POINTS, ROOT, buildState } from './entryPoints.mjs';

const COMMANDS = { start: 'main', worker: 'worker', createuser: 'createuser', sim: 'sim', alloc: 'alloc', schedule: 'schedule' };
const [command, ...args] = process.argv.slice(2);
const entry = COMMANDS[command];
if (!entry) {
  process.stderr.write(`usage: node scripts/launch.mjs ${Object.keys(COMMANDS).join('|')} [arguments]\n`);
  process.exit(2);
}

function installed(name) {
  try {
    import.meta.resolve(name);
    return true;
  } catch {
    return false;
  }
}
const developmentInstall = installed('tsx') && installed('vite') && installed('esbuild');

function fail(message) {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/** Runs `file` as if Node had been started with it: the program reads its own path and arguments. */
async function run(file) {
  process.argv = [process.argv[0], file, ...args];
  await import(pathToFileURL(file).href);
}

if (command === 'start' || !developmentInstall) {
  const state = buildState();
  if (state !== 'current' && developmentInstall && command === 'start') {
    process.stderr.write(state === 'missing' ? 'Building the app (first start)...\n' : 'Sources changed since the last build: building...\n');
    execFileSync(process.execPath, [join(ROOT, 'scripts/build.mjs')], { stdio: 'inherit' });
  } else if (state === 'missing') {
    fail('Nothing is built yet and the development tools are not installed: run `npm ci && npm run build`, then `npm prune --omit=dev` if you like.');
  } else if (state === 'stale') {
    process.stderr.write('Warning: the sources changed since the last build, which is what runs; `npm ci && npm run build` rebuilds it.\n');
  }
  // Stack traces of the bundles name the TypeScript sources.
  process.setSourceMapsEnabled(true);
  await run(join(BUILD_DIR, `${entry}.js`));
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await run(join(ROOT, ENTRY_POINTS[entry]));
}
