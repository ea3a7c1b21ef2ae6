// The History keeps each change HISTORY_DAYS days: older ones are deleted by the housekeeping
// (server/housekeeping.ts).
import { lt, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { scenarioHistory } from '../db/schema';

/** Deletes the changes older than `days` days from every scenario's History; answers how many. */
export async function pruneHistory(db: Database, days: number): Promise<number> {
  const deleted = await db
    .delete(scenarioHistory)
    .where(lt(scenarioHistory.at, sql`now() - make_interval(secs => ${days * 86_400})`))
    .returning({ id: scenarioHistory.id });
  return deleted.length;
}
