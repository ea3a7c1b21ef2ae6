// A test app with the job queue and the demo JFK design day seeded for a planner: what the
// allocation tests start from.
import pino from 'pino';
import { createTestApp, TEST_PASSWORD, type TestApp } from './app';
import { seedJfkDesignDay } from '../../server/seed/jfkDesignDay';

export async function demoDayApp(): Promise<{ t: TestApp; token: string; scenarioId: number }> {
  const t = await createTestApp({ jobs: true });
  const user = await t.user('planner@example.com');
  const token = (await t.login('planner@example.com', TEST_PASSWORD)).access;
  const scenarioId = await seedJfkDesignDay(t.database.db, user.id, pino({ level: 'silent' }));
  return { t, token, scenarioId };
}
