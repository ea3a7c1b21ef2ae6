// The built app as users run it: the working tree copied to a temporary folder with the build
// the suite made of it (buildOnce.ts: `npm run build` with this checkout's development tools),
// then `npm start` as in a development install (README's quick start), and again once only the
// production dependencies are installed (`npm ci --omit=dev`, from the npm cache), as README's
// "Deploying" describes. In both, every engine
// thread of the build runs a job to success (sizing, check-in allocation, simulation run); in production the demo
// planner also signs in, runs a make-up allocation, and the built command lines work.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPrepared, freePort, runServerJob, serverApi, signInToServer, waitForServerJob, type ServerApi } from '../support/testServer';
import { smallAirport } from '../../workers/sim/sizing/smallAirport.fixture';
import { LOCK_FILE } from '../../server/db/dataDirLock';
import { INSTALL_MS, JOBS_MS, SERVER_START_MS } from '../support/waits';

const ROOT = resolve(import.meta.dirname, '../..');
const DEV_TOOLS = ['tsx', 'vite', 'esbuild', 'typescript', 'vitest'];

let install: string;

/** `npm start` of the install, on its own data folder: serving, with its output. */
type Started = { baseUrl: string; server: ChildProcess; output(): string; ended: Promise<void> };
let server: Started;

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

async function npmStart(dataDir: string): Promise<Started> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: join(install, dataDir),
    SEED_ALLOCATIONS: '0',
    LOG_LEVEL: 'info',
  };
  delete env.DATABASE_URL;
  // Its own process group, so that whatever npm starts ends with the test.
  const child = spawn('npm', ['start'], { cwd: install, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const ended = new Promise<void>((ok) => child.once('close', () => ok()));
  const deadline = Date.now() + 120_000;
  while (!output.includes('Airport Planner is at')) {
    if (child.exitCode !== null) throw new Error(`npm start exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`npm start did not serve within 120 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { baseUrl: `http://127.0.0.1:${port}`, server: child, output: () => output, ended };
}

function killStarted(started: Started | undefined): void {
  if (started?.server.exitCode === null && started.server.pid) process.kill(-started.server.pid, 'SIGKILL');
}

/** The demo planner's API on a started install, once the demo is prepared, with its scenario. */
async function demoScenario(started: Started): Promise<{ api: ServerApi; scenarioId: number }> {
  // The demo's own jobs run first; one started meanwhile would find its scenario changed.
  await demoPrepared(started.baseUrl, () => started.server.exitCode === null, started.output);
  const api = serverApi(started.baseUrl, await signInToServer(started.baseUrl));
  const [project] = await api<Array<{ id: number }>>('GET', 'projects/');
  const [scenario] = await api<Array<{ id: number }>>('GET', `scenarios/?project_id=${project.id}`);
  return { api, scenarioId: scenario.id };
}

/**
 * The jobs whose engines run in threads of their own (server/engines/threads.json): a sizing job
 * (its parts in the sizing threads), a check-in allocation (the allocation thread, HiGHS and
 * Chuffed) and a simulation run (the simulation threads), each to success.
 */
async function runThreadedJobs(started: Started): Promise<void> {
  const { api, scenarioId } = await demoScenario(started);
  const body = { document: smallAirport(), name: 'Small day', share: 0.9, period_minutes: 30 };
  const { id } = await api<{ id: number }>('POST', `simulation/size/?scenario_id=${scenarioId}`, body);
  // A sizing job: its parts wait on the queue's polls.
  const sized = await waitForServerJob(api, id, 'sizing', 240_000);
  expect(sized.plan_id).toBeGreaterThan(0);
  const checkin = await runServerJob(api, `allocation/run/checkin/?scenario_id=${scenarioId}&time_limit_s=2`, 120_000);
  expect(checkin.placed).toBeGreaterThan(0);
  const run = await api<{ id: number }>('POST', `simulation/run/?scenario_id=${scenarioId}`, { replications: 1 });
  // A simulation of the demo day (one replication on each thread of the pool).
  expect((await waitForServerJob(api, run.id, 'simulation run', 120_000)).passengers).toBeGreaterThan(1000);
}

beforeAll(() => {
  install = mkdtempSync(join(tmpdir(), 'airport-planner-install-'));
  copyWorkingTree(install);
  // The same build as `npm run build` there would make (the same sources and tools), copied
  // after the sources so that it is newer than them, as a build is: `npm start` serves it as it
  // is. Building it again would take a core for a quarter of a minute.
  for (const folder of ['dist', 'dist-server']) cpSync(join(ROOT, folder), join(install, folder), { recursive: true });
  // The development tools, linked in as a development install has them.
  symlinkSync(join(ROOT, 'node_modules'), join(install, 'node_modules'));
}, INSTALL_MS);

// Removing the install (with its production dependencies) took over 10 s beside another file.
afterAll(() => {
  killStarted(server);
  if (install) rmSync(install, { recursive: true, force: true });
}, INSTALL_MS);

describe('a development installation', { timeout: JOBS_MS }, () => {
  beforeAll(async () => {
    server = await npmStart('data-development');
  }, SERVER_START_MS);

  it('runs every engine thread of the built app', async () => {
    await runThreadedJobs(server);
    killStarted(server);
    await server.ended;
  });
});

describe('a production installation', { timeout: JOBS_MS }, () => {
  beforeAll(async () => {
    // The development tools are replaced by the production dependencies alone. (The link is
    // removed before npm ci, which would empty its target.)
    unlinkSync(join(install, 'node_modules'));
    npm(['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund']);
    server = await npmStart('data');
  }, INSTALL_MS);

  it('holds no development tool', () => {
    for (const tool of DEV_TOOLS) expect(existsSync(join(install, 'node_modules', tool)), tool).toBe(false);
    expect(existsSync(join(install, 'dist-server/main.js'))).toBe(true);
  });

  it('serves the built app', async () => {
    const page = await fetch(`${server.baseUrl}/app/projects`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const script = (await page.text()).match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
    expect(script).toBeDefined();
    expect((await fetch(`${server.baseUrl}${script}`)).status).toBe(200);
  });

  it('signs the demo planner in and runs an allocation in its engine thread', async () => {
    const { api, scenarioId } = await demoScenario(server);
    const result = await runServerJob(api, `allocation/run/makeup/?scenario_id=${scenarioId}&time_limit_s=2`, 120_000);
    expect(result.assigned).toBeGreaterThan(300);
  });

  it('runs every engine thread of the built app', async () => {
    await runThreadedJobs(server);
  });

  it('runs the built command lines', () => {
    expect(
      npm(['run', '--silent', 'createuser', '--', '--email', 'colleague@example.com', '--password', 'a long password'], {
        ...process.env,
        DATA_DIR: join(install, 'data'),
      }),
    ).toContain('Created user colleague@example.com');
    const result = JSON.parse(npm(['run', '--silent', 'sim', '--', 'run', 'workers/sim/examples/airport.json', '--replications', '1']));
    expect(result.passengers).toBeGreaterThan(1000);
  });

  it('stops cleanly on SIGTERM to its process group, as a service manager stops it', async () => {
    process.kill(-server.server.pid!, 'SIGTERM');
    await server.ended;
    expect(server.output()).toContain('Shut down cleanly');
    // The server released the data folder it owned.
    expect(existsSync(join(install, 'data', LOCK_FILE))).toBe(false);
  });
});
