// A production installation as README's "Deploying" describes it: the working tree copied to a
// temporary folder and built there, then only the production dependencies installed (`npm ci
// --omit=dev`, from the npm cache) before `npm start` on a new data folder. The demo planner
// signs in, an allocation runs in its engine thread to success, and the built command lines work.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPrepared, freePort, runServerJob, serverApi, signInToServer } from '../support/testServer';
import { LOCK_FILE } from '../../server/db/dataDirLock';

const ROOT = resolve(import.meta.dirname, '../..');
const DEV_TOOLS = ['tsx', 'vite', 'esbuild', 'typescript', 'vitest'];

let install: string;
let server: ChildProcess;
let output = '';
let baseUrl: string;
/** Settles when npm and the server it started have both ended (their shared output closes). */
let ended: Promise<void>;

/** The files of the working tree that git would commit, changes included, as a fresh clone would hold them. */
function copyWorkingTree(to: string): void {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
    .split('\0')
    .filter((file) => file && existsSync(join(ROOT, file)));
  for (const file of files) {
    mkdirSync(dirname(join(to, file)), { recursive: true });
    copyFileSync(join(ROOT, file), join(to, file));
  }
}

const npm = (args: string[], env: NodeJS.ProcessEnv = process.env) =>
  execFileSync('npm', args, { cwd: install, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

describe('a production installation', () => {
  beforeAll(async () => {
    install = mkdtempSync(join(tmpdir(), 'airport-planner-install-'));
    copyWorkingTree(install);
    // Built with this checkout's development tools, which are then replaced by the production
    // dependencies alone. (The link is removed before npm ci, which would empty its target.)
    symlinkSync(join(ROOT, 'node_modules'), join(install, 'node_modules'));
    try {
      npm(['run', 'build']);
    } finally {
      unlinkSync(join(install, 'node_modules'));
    }
    npm(['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund']);

    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: join(install, 'data'), SEED_ALLOCATIONS: '0', LOG_LEVEL: 'info' };
    delete env.DATABASE_URL;
    // Its own process group, so that whatever npm starts ends with the test.
    server = spawn('npm', ['start'], { cwd: install, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    server.stdout?.on('data', (d) => (output += d));
    server.stderr?.on('data', (d) => (output += d));
    ended = new Promise((ok) => server.once('close', () => ok()));
    const deadline = Date.now() + 120_000;
    while (!output.includes('Airport Planner is at')) {
      if (server.exitCode !== null) throw new Error(`npm start exited:\n${output}`);
      if (Date.now() > deadline) throw new Error(`npm start did not serve within 120 s:\n${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  });

  afterAll(async () => {
    if (server?.exitCode === null && server.pid) process.kill(-server.pid, 'SIGKILL');
    if (install) rmSync(install, { recursive: true, force: true });
  });

  it('holds no development tool', () => {
    for (const tool of DEV_TOOLS) expect(existsSync(join(install, 'node_modules', tool)), tool).toBe(false);
    expect(existsSync(join(install, 'dist-server/main.js'))).toBe(true);
  });

  it('serves the built app', async () => {
    const page = await fetch(`${baseUrl}/app/projects`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const script = (await page.text()).match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
    expect(script).toBeDefined();
    expect((await fetch(`${baseUrl}${script}`)).status).toBe(200);
  });

  it('signs the demo planner in and runs an allocation in its engine thread', async () => {
    // The demo's own allocations run first; one started meanwhile would find its scenario changed.
    await demoPrepared(baseUrl, () => server.exitCode === null, () => output);
    const api = serverApi(baseUrl, await signInToServer(baseUrl));
    const [project] = await api<Array<{ id: number }>>('GET', 'projects/');
    const [scenario] = await api<Array<{ id: number }>>('GET', `scenarios/?project_id=${project.id}`);
    const result = await runServerJob(api, `allocation/run/makeup/?scenario_id=${scenario.id}&time_limit_s=5`, 120_000);
    expect(result.assigned).toBeGreaterThan(300);
  });

  it('runs the built command lines', () => {
    expect(npm(['run', '--silent', 'createuser', '--', '--email', 'colleague@example.com', '--password', 'a long password'], { ...process.env, DATA_DIR: join(install, 'data') })).toContain(
      'Created user colleague@example.com',
    );
    const result = JSON.parse(npm(['run', '--silent', 'sim', '--', 'run', 'workers/sim/examples/airport.json', '--replications', '1']));
    expect(result.passengers).toBeGreaterThan(1000);
  });

  it('stops cleanly on SIGTERM to its process group, as a service manager stops it', async () => {
    process.kill(-server.pid!, 'SIGTERM');
    await ended;
    expect(output).toContain('Shut down cleanly');
    // The server released the data folder it owned.
    expect(existsSync(join(install, 'data', LOCK_FILE))).toBe(false);
  });
});
