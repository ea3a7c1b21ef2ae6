// The demo a new install starts with: a demo planner account and its project with the JFK
// design day, created only when the database has no users yet. The account and the project are
// made before the server answers (well under a second); preparing the flights and allocating them
// runs afterwards as jobs (prepareDemo.ts), so the sign-in page answers at once on a first start.
import { count } from 'drizzle-orm';
import type { Database } from '../db/database';
import { users } from '../db/schema';
import { createUser } from '../users';
import { createJfkDesignDay } from './jfkDesignDay';

export const DEMO_EMAIL = 'demo@airport-planner.local';
export const DEMO_PASSWORD = 'demo-planner';

/** Seeds the demo when the database is empty; answers the demo scenario's id, or null if it did not. */
export async function seedDemo(db: Database): Promise<number | null> {
  const [{ n }] = await db.select({ n: count() }).from(users);
  if (n > 0) return null;
  const demo = await db.transaction((tx) =>
    createUser(tx, { email: DEMO_EMAIL, password: DEMO_PASSWORD, firstName: 'Demo', lastName: 'Planner', isStaff: true }),
  );
  return createJfkDesignDay(db, demo.id);
}
