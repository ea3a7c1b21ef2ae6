// The History keeps each change HISTORY_DAYS days: each API process deletes older ones when it
// starts and every hour (several processes doing so is harmless).
import type { FastifyBaseLogger } from 'fastify';
import { lt, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { scenarioHistory } from '../db/schema';

const PRUNE_EVERY_MS = 60 * 60_000;

/** Deletes the changes older than `days` days from every scenario's History; answers how many. */
export async function pruneHistory(db: Database, days: number): Promise<number> {
  const deleted = await db
    .delete(scenarioHistory)
    .where(lt(scenarioHistory.at, sql`now() - make_interval(secs => ${days * 86_400})`))
    .returning({ id: scenarioHistory.id });
  return deleted.length;
}

/** Prunes now and every hour until the answered function is called. */
export function keepHistoryPruned(db: Database, days: number, log: FastifyBaseLogger): () => void {
  const prune = () =>
    pruneHistory(db, days).then(
      (count) => count > 0 && log.info({ count, days }, 'old History entries deleted'),
      (err: unknown) => log.error({ err }, 'pruning the History failed'),
    );
  void prune();
  const timer = setInterval(prune, PRUNE_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
