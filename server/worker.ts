// `npm run worker`: a process that only runs background jobs, for deployments on a PostgreSQL
// server (DATABASE_URL) where any number of these share the queue with the API processes.
import pino from 'pino';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { startJobQueue } from './jobs/queue';
import { jobHandlers } from './jobs/handlers';

const config = loadConfig();
const log = pino({ level: config.logLevel });
if (!config.databaseUrl) {
  log.error('npm run worker needs DATABASE_URL: with the embedded database the server runs jobs itself.');
  process.exit(2);
}
const database = await openDatabase({ databaseUrl: config.databaseUrl });
database.onConnectionError((err) => log.error({ err }, 'database connection error'));
const queue = await startJobQueue({
  db: database.db,
  log,
  handlers: jobHandlers,
  databaseUrl: config.databaseUrl,
  work: true,
  heartbeatSeconds: config.jobHeartbeatSeconds,
  retries: config.jobRetries,
});
log.info('worker started');

async function stop(signal: string) {
  log.info(`${signal}: finishing running jobs`);
  await queue.stop();
  await database.close();
  process.exit(0);
}
process.once('SIGINT', () => void stop('SIGINT'));
process.once('SIGTERM', () => void stop('SIGTERM'));
