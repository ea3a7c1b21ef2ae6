// The demo a new install starts with: a demo planner account (and, as the data model grows,
// its demo project), created only when the database has no users yet.
import { count } from 'drizzle-orm';
import type { Database } from '../db/database';
import { users } from '../db/schema';
import { createUser } from '../users';

export const DEMO_EMAIL = 'demo@airport-planner.local';
export const DEMO_PASSWORD = 'demo-planner';

/** Seeds the demo when the database is empty; answers whether it did. */
export async function seedDemo(db: Database): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(users);
  if (n > 0) return false;
  await db.transaction(async (tx) => {
    await createUser(tx, {
      email: DEMO_EMAIL,
      password: DEMO_PASSWORD,
      firstName: 'Demo',
      lastName: 'Planner',
      isStaff: true,
    });
  });
  return true;
}
