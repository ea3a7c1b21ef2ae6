// Starts the real server as a child process, the way `npm start` runs it, on a free port and a
// fresh database (a temporary DATA_DIR, or a new database on DATABASE_URL's server), serving the
// build that buildOnce.ts (the projects' global setup) made. Used by the end-to-end tests and by
// the tests of start-up and shutdown.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createServerDatabase } from './database';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../server/seed/demo';

const ROOT = resolve(import.meta.dirname, '../..');

export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => ok(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** A JSON call to a server's API with a bearer token; throws with the answer when it is not 2xx. */
export type ServerApi = <T = unknown>(method: string, path: string, body?: unknown) => Promise<T>;

export function serverApi(baseUrl: string, token?: string): ServerApi {
  return async <T>(method: string, path: string, body?: unknown) => {
    const res = await fetch(`${baseUrl}/api/${path}`, {
      method,
      headers: { ...(token && { authorization: `Bearer ${token}` }), ...(body !== undefined && { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  };
}

/** Signs in through the API (the demo account by default) and answers the access token. */
export async function signInToServer(baseUrl: string, email = DEMO_EMAIL, password = DEMO_PASSWORD): Promise<string> {
  return (await serverApi(baseUrl)<{ access: string }>('POST', 'auth/login/', { email, password })).access;
}

type JobState = { status: string; error: string | null; result: Record<string, unknown> | null };

/** Starts a job with a POST to `path` and polls it until it ends; answers its result, or throws with its error. */
export async function runServerJob(api: ServerApi, path: string, timeoutMs = 300_000): Promise<Record<string, unknown>> {
  const { id } = await api<{ id: number }>('POST', path);
  return waitForServerJob(api, id, path, timeoutMs);
}

/** Polls a job until it has succeeded (its result) or ended otherwise (an error naming `what`). */
export async function waitForServerJob(api: ServerApi, id: number, what: string, timeoutMs = 300_000): Promise<Record<string, unknown>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await api<JobState>('GET', `jobs/${id}/`);
    if (job.status === 'succeeded') return job.result ?? {};
    if (job.status === 'failed' || job.status === 'cancelled') throw new Error(`${what}: ${job.status} ${job.error}`);
    if (Date.now() > deadline) throw new Error(`${what}: still ${job.status} after ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

export type TestServer = {
  baseUrl: string;
  /** The embedded database folder (null on PostgreSQL), to restart on the same data. */
  dataDir: string | null;
  databaseUrl: string | null;
  /** Stops with SIGTERM and answers the exit code; the data stays unless `discard` is called. */
  stop(): Promise<number | null>;
  /** Sends `signal` (SIGKILL: a crash) and answers the exit code (null when the signal ended it). */
  kill(signal: NodeJS.Signals): Promise<number | null>;
  /** Stops if running and deletes the database. */
  discard(): Promise<void>;
  /** Creates a user through the API as the seeded demo staff account. */
  createUser(email: string, password: string, opts?: { staff?: boolean }): Promise<void>;
  output(): string;
};

/** Where a stopped server's data is: its embedded folder, or its PostgreSQL database. */
export type ServerData = Pick<TestServer, 'dataDir' | 'databaseUrl'>;

export type TestServerOptions = {
  env?: Record<string, string>;
  /** Reuse a database left by an earlier server. */
  dataDir?: string;
  databaseUrl?: string;
  /** Start on a copy of a stopped server's database instead of an empty one (demoTemplate.ts). */
  copyOf?: ServerData;
  /** Wait until the demo's preparation jobs have ended (default), as tests start from the demo. */
  waitForDemo?: boolean;
  /**
   * Start it as `npm start` does (scripts/launch.mjs, which checks the build first) instead of
   * running the build's entry directly.
   */
  built?: boolean;
};

/** Polls the demo's status until its preparation (and any allocations it queued) has ended. */
export async function demoPrepared(baseUrl: string, running: () => boolean, output: () => string): Promise<void> {
  const api = serverApi(baseUrl, await signInToServer(baseUrl));
  const deadline = Date.now() + 180_000;
  for (;;) {
    const demo = await api<{ status: string; message: string }>('GET', 'demo/status/');
    if (demo.status === 'failed') throw new Error(`the demo was not prepared: ${demo.message}\n${output()}`);
    if (demo.status !== 'preparing') return;
    if (!running() || Date.now() > deadline) throw new Error(`the demo was still being prepared (${demo.message}):\n${output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function startTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  const port = await freePort();
  const serverUrl = process.env.DATABASE_URL;
  let dropDatabase: (() => Promise<void>) | null = null;
  let databaseUrl = opts.databaseUrl ?? null;
  let dataDir = opts.dataDir ?? null;
  if (!databaseUrl && !dataDir) {
    if (serverUrl) {
      const template = opts.copyOf?.databaseUrl && new URL(opts.copyOf.databaseUrl).pathname.slice(1);
      const created = await createServerDatabase(serverUrl, template || undefined);
      databaseUrl = created.url;
      dropDatabase = created.drop;
    } else {
      dataDir = mkdtempSync(join(tmpdir(), 'airport-planner-e2e-'));
      if (opts.copyOf?.dataDir) cpSync(opts.copyOf.dataDir, dataDir, { recursive: true });
    }
  }
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: String(port),
    HOST: '127.0.0.1',
    SEED_DEMO: '1',
    // The tests run the allocations themselves, from the screens or the API.
    SEED_ALLOCATIONS: '0',
    LOG_LEVEL: 'warn',
    ...opts.env,
  };
  delete env.DATABASE_URL;
  delete env.DATA_DIR;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  if (dataDir) env.DATA_DIR = dataDir;

  let output = '';
  // The build the suite made once (tests/support/buildOnce.ts), as users run it: from the sources,
  // tsx would compile the server at every start and every engine thread at each of its starts.
  const program = opts.built ? ['scripts/launch.mjs', 'start'] : ['--enable-source-maps', 'dist-server/main.js'];
  const child: ChildProcess = spawn(process.execPath, program, {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((ok) => child.once('exit', (code) => ok(code)));
  let running = true;
  void exited.then(() => (running = false));

  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (!running) throw new Error(`server exited during start-up:\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/api/schema/`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not answer within 90 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  if (env.SEED_DEMO === '1' && opts.waitForDemo !== false)
    await demoPrepared(
      baseUrl,
      () => running,
      () => output,
    );

  const kill = async (signal: NodeJS.Signals) => {
    if (running) child.kill(signal);
    return exited;
  };
  const stop = () => kill('SIGTERM');
  return {
    baseUrl,
    dataDir,
    databaseUrl,
    stop,
    kill,
    async discard() {
      await stop();
      if (dropDatabase) await dropDatabase();
      if (dataDir && !opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
    async createUser(email, password, options = {}) {
      const api = serverApi(baseUrl, await signInToServer(baseUrl));
      await api('POST', 'users/', { email, password, is_staff: options.staff ?? false });
    },
    output: () => output,
  };
}

/** The seeded demo's design-day scenario. */
export async function demoDesignDay(call: ServerApi): Promise<{ id: number; name: string }> {
  const projects = await call<Array<{ id: number; name: string }>>('GET', 'projects/');
  const project = projects.find((p) => p.name === 'New York JFK')!;
  const scenarios = await call<Array<{ id: number; name: string }>>('GET', `scenarios/?project_id=${project.id}`);
  return scenarios.find((s) => s.name === 'Design day 2017-01-02')!;
}
