// Who has a scenario open (issue 35), kept in the database so that every API process sees the
// streams of the others: a row per open event stream, renewed at each keep-alive.
import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { scenarioPresence, users } from '../db/schema';

/** A stream not renewed for this long (three keep-alives) is gone: its server stopped without saying. */
const GONE_AFTER_SECONDS = 60;
/** Rows of streams gone this long are deleted by the housekeeping (server/housekeeping.ts). */
const FORGOTTEN_AFTER_SECONDS = 600;

const ago = (seconds: number) => sql`now() - make_interval(secs => ${seconds})`;

/** Records an open stream of `userId` on the scenario; answers the row to renew and delete. */
export async function arrive(db: Database, scenarioId: number, userId: number): Promise<number> {
  const [row] = await db.insert(scenarioPresence).values({ scenario_id: scenarioId, user_id: userId }).returning({ id: scenarioPresence.id });
  return row.id;
}

/** Renews the stream's row. */
export async function stillHere(db: Database, id: number): Promise<void> {
  await db
    .update(scenarioPresence)
    .set({ seen_at: sql`now()` })
    .where(eq(scenarioPresence.id, id));
}

/** Deletes the rows of streams long gone (their server stopped without saying), on every scenario; answers how many. */
export async function forgetGoneVisitors(db: Database): Promise<number> {
  const deleted = await db
    .delete(scenarioPresence)
    .where(lt(scenarioPresence.seen_at, ago(FORGOTTEN_AFTER_SECONDS)))
    .returning({ id: scenarioPresence.id });
  return deleted.length;
}

export async function leave(db: Database, id: number): Promise<void> {
  await db.delete(scenarioPresence).where(eq(scenarioPresence.id, id));
}

/** Everyone with the scenario open now, once each, the earliest arrival first, with when they came. */
export async function visitors(db: Database, scenarioId: number) {
  return db
    .select({
      id: users.id,
      email: users.email,
      first_name: users.firstName,
      last_name: users.lastName,
      since: sql<string>`min(${scenarioPresence.since})`.mapWith((v: string | Date) => new Date(v).toISOString()),
    })
    .from(scenarioPresence)
    .innerJoin(users, eq(users.id, scenarioPresence.user_id))
    .where(and(eq(scenarioPresence.scenario_id, scenarioId), gt(scenarioPresence.seen_at, ago(GONE_AFTER_SECONDS))))
    .groupBy(users.id)
    .orderBy(asc(sql`min(${scenarioPresence.since})`), asc(users.id));
}
