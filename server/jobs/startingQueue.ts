// The job queue as the app holds it while it starts. Starting takes seconds on the embedded
// database (a second PGlite, pg-boss's schema), and nothing else needs to wait for it: the server
// answers at once, a job asked for meanwhile gets its row at once (so it shows as queued) and is
// handed to the queue once the queue is up.
import type { Database } from '../db/database';
import { insertJobRow, type JobQueue } from './queue';

export function startingQueue(starting: Promise<JobQueue>, db: Database, kinds: readonly string[]): JobQueue {
  // A queue that never starts is reported where it fails; the calls waiting on it fail with it.
  starting.catch(() => undefined);
  return {
    async enqueue(kind, scenarioId, params = {}, options) {
      if (!kinds.includes(kind)) throw new Error(`unknown job kind ${kind}`);
      const row = await insertJobRow(db, kind, scenarioId, params);
      return (await starting).submit(row, options);
    },
    submit: async (row, options) => (await starting).submit(row, options),
    async stop() {
      // A queue that never started has nothing to stop; its failure was reported when it failed.
      const queue = await starting.catch(() => null);
      await queue?.stop();
    },
  };
}
