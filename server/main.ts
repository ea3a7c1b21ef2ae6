// Boots the server: settings, database (migrated on open), demo account, HTTP; the job queue
// starts beside it and the demo is prepared by jobs once the server answers. SIGINT and SIGTERM
// stop accepting requests, let those in flight finish and close the database cleanly.
import { buildApp } from './app';
import { keepTidy } from './housekeeping';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemo } from './seed/demo';
import { startJobQueue } from './jobs/queue';
import { startingQueue } from './jobs/startingQueue';
import { JOB_KINDS, jobHandlers } from './jobs/handlers';
import { DataDirLockedError } from './db/dataDirLock';
import { serveAdminSocket } from './admin/adminSocket';
import { reportFault } from './faults';
import type { FastifyBaseLogger } from 'fastify';

const config = loadConfig();
const database = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir, role: 'server' }).catch(
  (error: unknown) => {
    if (!(error instanceof DataDirLockedError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  },
);
// The queue starts once the server listens: its start (a second PGlite on the embedded database)
// runs on this thread too and would hold the sign-in page back by a second or more. Jobs asked
// for meanwhile wait as queued rows (startingQueue). A server stopped before it listened never
// starts the queue.
let listened!: (go: boolean) => void;
const queueGate = new Promise<boolean>((resolve) => (listened = resolve));
const app = await buildApp({
  config,
  db: database.db,
  listen: database.listen,
  startJobs: (log) =>
    startingQueue(
      queueGate.then((go) => (go ? startQueue(log) : Promise.reject(new Error('the server stopped before the job queue started')))),
      database.db,
      Object.keys(jobHandlers),
    ),
});

function startQueue(log: FastifyBaseLogger) {
  return startJobQueue({
    db: database.db,
    log,
    handlers: jobHandlers,
    ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir }),
    work: config.runJobs,
    heartbeatSeconds: config.jobHeartbeatSeconds,
    retries: config.jobRetries,
  }).catch((error: unknown) => {
    log.fatal({ err: error }, 'The job queue did not start');
    process.exit(1);
  });
}

database.onConnectionError((err) => app.log.error({ err }, 'database connection error'));
if (database.staleLock) {
  app.log.warn(`${config.dataDir} was left locked by process ${database.staleLock.pid}, which is gone: taken over`);
}
const adminSocket = config.databaseUrl ? null : await serveAdminSocket(config.dataDir, database.db, app.log);

const demoScenario = config.seedDemo ? await seedDemo(database.db) : null;
const stopChores = keepTidy(database.db, config.historyDays, app.log);
if (demoScenario !== null) app.log.info(`Demo account created: ${DEMO_EMAIL} / ${DEMO_PASSWORD}`);

/** How long requests in flight at a shutdown may take to finish. */
const SHUTDOWN_GRACE_MS = 5_000;

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  listened(false);
  app.log.info(`${signal}: shutting down`);
  // A keep-alive connection busy when closing began is not closed once its answer is sent, and
  // would hold the shutdown for the whole keep-alive timeout (72 s): close each as it goes idle.
  const closeIdle = setInterval(() => app.server.closeIdleConnections(), 100);
  // Requests in flight get this long to finish; then whatever connection is left is closed. One
  // that never went idle after a browser with a live-update stream went away held the shutdown
  // for over a minute (cause not found: the streams themselves had ended).
  const closeAll = setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS);
  stopChores();
  await app.close();
  clearInterval(closeIdle);
  clearTimeout(closeAll);
  await adminSocket?.close();
  await database.close();
  app.log.info('Shut down cleanly: requests finished, jobs stopped, database closed');
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
listened(true);
app.log.info(
  `Airport Planner is at http://${config.host}:${config.port} (${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`,
);
if (demoScenario !== null) {
  // The demo's flights are prepared and allocated by jobs, shown in the jobs panel, while the
  // planner signs in; GET /api/demo/status/ follows them for the projects screen.
  app
    .jobs()
    .enqueue(JOB_KINDS.prepareDemo, demoScenario, { allocations: config.seedAllocations })
    .catch((error: unknown) => reportFault(app.log, error, { scenarioId: demoScenario }, 'Preparing the demo'));
}
