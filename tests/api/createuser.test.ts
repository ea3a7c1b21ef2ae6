// `npm run --silent createuser -- --email E --password P [--staff]` against the configured database.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { createServerDatabase } from '../support/database';
import { startTestServer } from '../support/testServer';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of cleanups) await c();
});

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

const createuser = (env: Record<string, string>, ...args: string[]) =>
  run('npm', ['run', '--silent', 'createuser', '--', ...args], { cwd: ROOT, env }).then(
    (r) => ({ code: 0, ...r }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
  );

describe('createuser', () => {
  it('creates a staff user who can sign in, and refuses a duplicate or bad input', async () => {
    const env = await databaseEnv();
    const ok = await createuser(env, '--email', 'Ops@Example.com', '--password', 'planner pass', '--staff');
    expect(ok).toMatchObject({ code: 0, stdout: 'Created user ops@example.com (staff)\n' });
    const dup = await createuser(env, '--email', 'ops@example.com', '--password', 'planner pass');
    expect(dup.code).toBe(2);
    expect(dup.stderr).toContain('email: A user with that email already exists.');
    const weak = await createuser(env, '--email', 'x@example.com', '--password', 'short');
    expect(weak.stderr).toContain('password: Use at least 8 characters.');
    const missing = await createuser(env, '--email', 'x@example.com');
    expect(missing).toMatchObject({ code: 2, stderr: 'createuser: --email and --password are required\n' });

    const server = await startTestServer(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR });
    cleanups.unshift(() => server.stop().then(() => undefined));
    const login = await fetch(`${server.baseUrl}/api/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ops@example.com', password: 'planner pass' }),
    });
    expect(((await login.json()) as { user: { is_staff: boolean } }).user.is_staff).toBe(true);
  });
});
