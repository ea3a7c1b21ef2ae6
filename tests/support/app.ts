// Builds the real app on a fresh test database for API tests that call it through inject(),
// with helpers for the calls almost every test makes (users, sign-in, authorised requests).
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import { buildApp } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { createUser } from '../../server/users';
import { openTestDatabase, type TestDatabase } from './database';
import { startJobQueue } from '../../server/jobs/queue';
import { jobHandlers } from '../../server/jobs/handlers';

export type TestApp = {
  app: FastifyInstance;
  database: TestDatabase;
  close(): Promise<void>;
  /** Creates a user directly in the database. */
  user(email: string, password?: string, options?: { staff?: boolean }): Promise<{ id: number; email: string; password: string }>;
  /** Signs in and answers the login body (access, refresh, user, access_expiration). */
  login(email: string, password: string): Promise<{ access: string; refresh: string; access_expiration: string; user: { id: number } }>;
  /** A request with the given bearer token. */
  as(token: string, options: InjectOptions): Promise<LightMyRequestResponse>;
  /** Polls a job until it has finished and answers its final state. */
  finished(token: string, jobId: number): Promise<{ status: string; progress: number; result: Record<string, unknown> | null; error: string | null }>;
};

export const TEST_PASSWORD = 'correct horse battery';

export type TestAppOptions = Partial<Config> & {
  /** Start the real job queue (pg-boss on a PGlite of its own in a temporary folder, or on the test database). */
  jobs?: boolean;
};

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const { jobs, ...overrides } = options;
  const database = await openTestDatabase();
  const config = { ...loadConfig({ LOG_LEVEL: 'silent' }), ...overrides };
  // Up before the first request, so a test's jobs never wait for it.
  const queue = jobs
    ? await startJobQueue({
        db: database.db,
        log: pino({ level: 'silent' }),
        handlers: jobHandlers,
        ...(database.url && { databaseUrl: database.url }),
      })
    : null;
  const app = await buildApp({
    config,
    db: database.db,
    listen: database.listen,
    logger: false,
    serveClient: false,
    ...(queue && { startJobs: () => queue }),
  });
  await app.ready();
  const testApp: TestApp = {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
    async user(email, password = TEST_PASSWORD, options = {}) {
      const row = await createUser(database.db, { email, password, isStaff: options.staff });
      return { id: row.id, email: row.email, password };
    },
    async login(email, password) {
      const res = await app.inject({ method: 'POST', url: '/api/auth/login/', payload: { email, password } });
      if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
      return res.json();
    },
    as(token, options) {
      return app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${token}` } });
    },
    async finished(token, jobId) {
      const deadline = Date.now() + 60_000;
      for (;;) {
        const job = (await testApp.as(token, { method: 'GET', url: `/api/jobs/${jobId}/` })).json();
        if (job.status === 'succeeded' || job.status === 'failed' || job.status === 'cancelled') return job;
        if (Date.now() > deadline) throw new Error(`job ${jobId} still ${job.status} after 60 s`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
  };
  return testApp;
}

/** Creates a user with the test password and signs them in; answers their access token. */
export async function signedIn(t: TestApp, email: string): Promise<string> {
  await t.user(email);
  return (await t.login(email, TEST_PASSWORD)).access;
}

/** A viewer of the scenario's project and a stranger to it, signed in: whom the permission checks are tried with. */
export async function viewerAndStranger(t: TestApp, ownerToken: string, scenarioId: number): Promise<{ viewer: string; stranger: string }> {
  const viewer = await signedIn(t, 'viewer@example.com');
  const stranger = await signedIn(t, 'stranger@example.com');
  const scenario = await t.as(ownerToken, { method: 'GET', url: `/api/scenarios/${scenarioId}/` });
  const added = await t.as(ownerToken, {
    method: 'PUT',
    url: `/api/projects/${scenario.json().project_id}/members/`,
    payload: { email: 'viewer@example.com', role: 'viewer' },
  });
  if (added.statusCode >= 300) throw new Error(`adding the viewer failed: ${added.statusCode} ${added.body}`);
  return { viewer, stranger };
}
