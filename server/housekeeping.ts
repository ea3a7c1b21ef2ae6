// The database's periodic chores, run by each API process when it starts and every hour (several
// processes doing so is harmless): the History's changes older than HISTORY_DAYS, and the presence
// rows of event streams whose server stopped without saying.
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './db/database';
import { pruneHistory } from './history/retention';
import { forgetGoneVisitors } from './live/presence';

const EVERY_MS = 60 * 60_000;

/** Does the chores now and every hour until the answered function is called. */
export function keepTidy(db: Database, historyDays: number, log: FastifyBaseLogger): () => void {
  const chores = async () => {
    try {
      const count = await pruneHistory(db, historyDays);
      if (count > 0) log.info({ count, days: historyDays }, 'old History entries deleted');
      await forgetGoneVisitors(db);
    } catch (err) {
      log.error({ err }, 'the database housekeeping failed');
    }
  };
  void chores();
  const timer = setInterval(() => void chores(), EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
