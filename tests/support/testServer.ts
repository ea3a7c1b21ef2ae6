// Starts the real server as a child process, the way `npm start` runs it, on a free port and a
// fresh database (a temporary DATA_DIR, or a new database on DATABASE_URL's server), with the
// front end built when dist/ is missing or older than the sources. Used by the end-to-end tests
// and by the tests of start-up and shutdown.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createServerDatabase } from './database';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../server/seed/demo';

const ROOT = resolve(import.meta.dirname, '../..');

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

export function ensureClientBuilt(): void {
  const index = join(ROOT, 'dist/index.html');
  const sources = Math.max(newestMtime(join(ROOT, 'src')), newestMtime(join(ROOT, 'index.html')), newestMtime(join(ROOT, 'public')));
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return;
  execFileSync(join(ROOT, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
}

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => ok(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export type TestServer = {
  baseUrl: string;
  /** The embedded database folder (null on PostgreSQL), to restart on the same data. */
  dataDir: string | null;
  databaseUrl: string | null;
  /** Stops with SIGTERM and answers the exit code; the data stays unless `discard` is called. */
  stop(): Promise<number | null>;
  /** Stops if running and deletes the database. */
  discard(): Promise<void>;
  /** Creates a user through the API as the seeded demo staff account. */
  createUser(email: string, password: string, opts?: { staff?: boolean }): Promise<void>;
  output(): string;
};

export type TestServerOptions = {
  env?: Record<string, string>;
  /** Reuse a database left by an earlier server. */
  dataDir?: string;
  databaseUrl?: string;
};

export async function startTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  ensureClientBuilt();
  const port = await freePort();
  const serverUrl = process.env.DATABASE_URL;
  let dropDatabase: (() => Promise<void>) | null = null;
  let databaseUrl = opts.databaseUrl ?? null;
  let dataDir = opts.dataDir ?? null;
  if (!databaseUrl && !dataDir) {
    if (serverUrl) {
      const created = await createServerDatabase(serverUrl);
      databaseUrl = created.url;
      dropDatabase = created.drop;
    } else {
      dataDir = mkdtempSync(join(tmpdir(), 'airport-planner-e2e-'));
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
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
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

  const stop = async () => {
    if (!running) return exited;
    child.kill('SIGTERM');
    return exited;
  };
  return {
    baseUrl,
    dataDir,
    databaseUrl,
    stop,
    async discard() {
      await stop();
      if (dropDatabase) await dropDatabase();
      if (dataDir && !opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
    async createUser(email, password, options = {}) {
      const post = (path: string, body: object, token?: string) =>
        fetch(`${baseUrl}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
          body: JSON.stringify(body),
        });
      const login = await post('/api/auth/login/', { email: DEMO_EMAIL, password: DEMO_PASSWORD });
      if (!login.ok) throw new Error(`demo sign-in failed: ${await login.text()}`);
      const { access } = (await login.json()) as { access: string };
      const created = await post('/api/users/', { email, password, is_staff: options.staff ?? false }, access);
      if (!created.ok) throw new Error(`creating ${email} failed: ${await created.text()}`);
    },
    output: () => output,
  };
}
