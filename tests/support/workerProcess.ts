// `npm run worker` as a child process on a test database, as a deployment starts it: for the
// tests and benchmarks where several worker processes share one PostgreSQL job queue.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');

export type WorkerProcess = {
  pid: number;
  /** Ends it: SIGKILL by default (a crash), SIGTERM to let it stop its work. */
  kill(signal?: 'SIGKILL' | 'SIGTERM'): Promise<void>;
};

export function startWorkerProcess(databaseUrl: string, env: Record<string, string> = {}, stdio: 'ignore' | 'inherit' = 'ignore'): WorkerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/worker.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', ...env },
    stdio,
  });
  const exited = new Promise<void>((ok) => child.once('exit', () => ok()));
  return {
    pid: child.pid!,
    async kill(signal = 'SIGKILL') {
      child.kill(signal);
      await exited;
    },
  };
}
