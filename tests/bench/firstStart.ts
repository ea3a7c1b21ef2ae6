// `npm run bench:start`: a first start as a new installation meets it -- the built server
// (`npm start` after `npm run build`) on an empty embedded data folder. Prints the time from
// spawning the process to the sign-in page's answer (target: 5 s), and to the demo being ready
// (its flights prepared and both allocations done, as GET /api/demo/status/ reports). Each run
// gets a new folder; options: --runs N (default 3).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { BUILD_DIR, buildState } from '../../scripts/entryPoints.mjs';
import { freePort, serverApi, signInToServer } from '../support/testServer';
import { loadAverage, machine } from './machine';

const { values: options } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });

async function until<T>(probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`nothing after ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function firstStart(): Promise<{ signIn: number; demo: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'airport-planner-start-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, ['--enable-source-maps', join(BUILD_DIR, 'main.js')], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: 'inherit',
  });
  try {
    await until(async () => ((await fetch(`${baseUrl}/auth/signin`)).ok ? true : undefined), 60_000);
    const signIn = performance.now() - started;
    const api = serverApi(baseUrl, await signInToServer(baseUrl));
    await until(async () => {
      const { status, message } = await api<{ status: string; message: string }>('GET', 'demo/status/');
      if (status === 'failed') throw new Error(message);
      return status === 'ready' ? true : undefined;
    }, 300_000);
    return { signIn, demo: performance.now() - started };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const build = buildState();
if (build === 'missing') throw new Error('Nothing is built: run `npm run build` first.');
if (build === 'stale') console.log('Warning: the sources changed since the last build, which is what runs.');
console.log(`First start on an empty embedded folder, built server; ${machine()}`);
for (let run = 1; run <= Number(options.runs); run++) {
  const { signIn, demo } = await firstStart();
  console.log(`  run ${run}: sign-in page answered after ${(signIn / 1000).toFixed(1)} s (target 5 s); demo ready after ${(demo / 1000).toFixed(1)} s`);
}
console.log(`load average at the end ${loadAverage()}`);
