// `npm run --silent createuser -- --email E --password P [--staff]` against the configured database.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { lockDataDir } from '../../server/db/dataDirLock';
import { createServerDatabase } from '../support/database';
import { signInToServer, startTestServer } from '../support/testServer';
import { SERVER_STOP_MS } from '../support/waits';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of cleanups) await c();
  // Up to two servers still running, and their databases.
}, 2 * SERVER_STOP_MS);

async function databaseEnv(): Promise<Record<string, string>> {
  const env = { ...(process.env as Record<string, string>) };
  delete env.DATABASE_URL;
  if (process.env.DATABASE_URL) {
    const created = await createServerDatabase(process.env.DATABASE_URL);
    cleanups.push(created.drop);
    return { ...env, DATABASE_URL: created.url };
  }
  const dir = mkdtempSync(join(tmpdir(), 'airport-planner-cli-'));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  return { ...env, DATA_DIR: dir };
}

/** The environment of a process on an embedded folder, whatever database the tests run on. */
function embeddedEnv(dataDir: string): Record<string, string> {
  const env: Record<string, string> = { ...(process.env as Record<string, string>), DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  return env;
}

const createuser = (env: Record<string, string>, ...args: string[]) =>
  run('npm', ['run', '--silent', 'createuser', '--', ...args], { cwd: ROOT, env }).then(
    (r) => ({ code: 0, ...r }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
  );

/** Servers for a case that needs no demo: it would only take the cores while the case runs. */
const NO_DEMO = { SEED_DEMO: '0' };

/**
 * The embedded-folder cases run whatever database the suite is on: where the api project runs on
 * PostgreSQL, the api (PGlite) project of the same run covers them (vitest.config.ts).
 */
const embeddedCase = it.skipIf(Boolean(process.env.DATABASE_URL));

// Each case starts several processes that open a database: minutes on a busy machine.
describe('createuser', { timeout: 240_000 }, () => {
  it('creates a staff user who can sign in, and refuses a duplicate or bad input', async () => {
    const env = await databaseEnv();
    const ok = await createuser(env, '--email', 'Ops@Example.com', '--password', 'planner pass', '--staff');
    expect(ok).toMatchObject({ code: 0, stdout: 'Created user ops@example.com (staff)\n' });
    const dup = await createuser(env, '--email', 'ops@example.com', '--password', 'planner pass');
    expect(dup.code).toBe(1);
    expect(dup.stderr).toContain('email: A user with that email already exists.');
    const weak = await createuser(env, '--email', 'x@example.com', '--password', 'short');
    expect(weak).toMatchObject({ code: 1, stdout: '' });
    expect(weak.stderr).toContain('password: Use at least 8 characters.');
    const missing = await createuser(env, '--email', 'x@example.com');
    expect(missing).toMatchObject({ code: 2, stderr: 'createuser: --email and --password are required\n' });

    // A database that already has a user gets no demo, so there is no demo to wait for.
    const database = env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR };
    const server = await startTestServer({ ...database, waitForDemo: false });
    cleanups.unshift(() => server.stop().then(() => undefined));
    const login = await fetch(`${server.baseUrl}/api/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ops@example.com', password: 'planner pass' }),
    });
    expect(((await login.json()) as { user: { is_staff: boolean } }).user.is_staff).toBe(true);
  });

  embeddedCase('creates a user through the running embedded server, who can sign in and is there after a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'airport-planner-cli-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const env = embeddedEnv(dataDir);
    let server = await startTestServer({ dataDir, env: NO_DEMO });
    cleanups.unshift(() => server.stop().then(() => undefined));

    const ok = await createuser(env, '--email', 'colleague@example.com', '--password', 'planner pass');
    expect(ok).toMatchObject({ code: 0, stdout: 'Created user colleague@example.com\n' });
    await expect(signInToServer(server.baseUrl, 'colleague@example.com', 'planner pass')).resolves.toBeTruthy();
    // The server's own checks answer through it, and nothing is claimed.
    const dup = await createuser(env, '--email', 'colleague@example.com', '--password', 'planner pass');
    expect(dup).toMatchObject({ code: 1, stdout: '' });
    expect(dup.stderr).toContain('email: A user with that email already exists.');

    await server.stop();
    server = await startTestServer({ dataDir, env: NO_DEMO });
    await expect(signInToServer(server.baseUrl, 'colleague@example.com', 'planner pass')).resolves.toBeTruthy();
  });

  embeddedCase('refuses a second server on a folder in use, and takes over the lock of a crashed one', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'airport-planner-cli-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const server = await startTestServer({ dataDir, env: NO_DEMO });
    cleanups.unshift(() => server.stop().then(() => undefined));
    const env = embeddedEnv(dataDir);
    const second = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: ROOT,
      env: { ...env, PORT: '0' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(second.status).toBe(1);
    expect(second.stderr).toMatch(new RegExp(`The data folder ${dataDir} is in use by another process \\(pid \\d+, the Airport Planner server\\)`));
    // The first server still answers.
    expect((await fetch(`${server.baseUrl}/api/schema/`)).ok).toBe(true);
    await server.stop();

    // Any other live owner (here this test, as a migration would) keeps createuser out entirely.
    const held = lockDataDir(dataDir, 'migration');
    const refused = await createuser(env, '--email', 'while-busy@example.com', '--password', 'planner pass');
    held.release();
    expect(refused).toMatchObject({ code: 1, stdout: '' });
    expect(refused.stderr).toContain(`The data folder ${dataDir} is in use by another process (pid ${process.pid}, \`migration\`)`);

    // A lock whose process is gone (a crash) does not keep the folder closed.
    const gone = spawnSync(process.execPath, ['-e', '0']).pid;
    writeFileSync(join(dataDir, 'airport-planner.lock'), JSON.stringify({ pid: gone, started: '1', role: 'server' }));
    const ok = await createuser(env, '--email', 'after-crash@example.com', '--password', 'planner pass');
    expect(ok).toMatchObject({ code: 0, stdout: 'Created user after-crash@example.com\n' });
    expect(ok.stderr).toContain(`${dataDir} was left locked by process ${gone}, which is gone: taken over`);
  });
});
