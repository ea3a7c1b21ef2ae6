// The demo a new install starts with: a demo planner account and its project with the JFK
// design day, created only when the database has no users yet.
import { count } from 'drizzle-orm';
import type { Database } from '../db/database';
import { users } from '../db/schema';
import { createUser } from '../users';
import { seedJfkDesignDay } from './jfkDesignDay';
import type { JobContext } from '../jobs/types';

export const DEMO_EMAIL = 'demo@airport-planner.local';
export const DEMO_PASSWORD = 'demo-planner';

/** Seeds the demo when the database is empty; answers the demo scenario's id, or null if it did not. */
export async function seedDemo(db: Database, log: JobContext['log']): Promise<number | null> {
  const [{ n }] = await db.select({ n: count() }).from(users);
  if (n > 0) return null;
  const demo = await db.transaction(async (tx) => {
    return createUser(tx, {
      email: DEMO_EMAIL,
      password: DEMO_PASSWORD,
      firstName: 'Demo',
      lastName: 'Planner',
      isStaff: true,
    });
  });
  return seedJfkDesignDay(db, demo.id, log);
}
