// Builds the real app on a fresh test database for API tests that call it through inject(),
// with helpers for the calls almost every test makes (users, sign-in, authorised requests).
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { createUser } from '../../server/users';
import { openTestDatabase, type TestDatabase } from './database';

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
};

export const TEST_PASSWORD = 'correct horse battery';

export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  const config = { ...loadConfig({ LOG_LEVEL: 'silent' }), ...overrides };
  const app = await buildApp({ config, db: database.db, logger: false, serveClient: false });
  await app.ready();
  return {
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
  };
}
