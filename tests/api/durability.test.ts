// Nothing acknowledged is lost when the server dies: writers create projects through the API and
// record every 2xx answer, the server is killed in the middle of the stream (SIGKILL, as a crash
// or the OOM killer would; SIGTERM, as a service manager stops it), and a new server started on
// the same data folder or database must hold every acknowledged write and answer as before. A
// job running at the SIGKILL runs again after the restart instead of staying 'running'.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverApi, signInToServer, startTestServer, type ServerApi, type TestServer } from '../support/testServer';
import { LOCK_FILE } from '../../server/db/dataDirLock';
import { SERVER_START_MS, SERVER_STOP_MS } from '../support/waits';

const WRITERS = 4;
/** Acknowledged writes before the signal, so the kill lands in a steady stream of them. */
const BEFORE_KILL = 40;

// The restarted server on PostgreSQL finds the killed server's job by its stale heartbeat.
const ENV = { LOG_LEVEL: 'info', JOB_HEARTBEAT_SECONDS: '1' };

// One seeded database serves both rounds: the SIGTERM round runs on the server that came back
// from the SIGKILL.
const servers: TestServer[] = [];
const current = () => servers[servers.length - 1];
let demoScenario: number;
beforeAll(async () => {
  servers.push(await startTestServer({ env: ENV }));
  const api = serverApi(current().baseUrl, await signInToServer(current().baseUrl));
  const [project] = await api<Array<{ id: number }>>('GET', 'projects/');
  [{ id: demoScenario }] = await api<Array<{ id: number }>>('GET', `scenarios/?project_id=${project.id}`);
}, SERVER_START_MS);
afterAll(async () => {
  for (const s of servers.reverse()) await s.discard();
}, 2 * SERVER_STOP_MS);

type Writers = {
  acknowledged: string[];
  /** Answers that were neither 2xx nor the 503 of a server closing: each one is a bug. */
  unexpected: string[];
  /** Resolves once `count` writes have been acknowledged. */
  reached(count: number): Promise<void>;
  /** Resolves when every writer has stopped (its server went away). */
  done: Promise<void>;
};

/** Writers creating projects named `<round> w<writer>-<n>` one after another until the server is gone. */
function startWriters(baseUrl: string, token: string, round: string): Writers {
  const acknowledged: string[] = [];
  const unexpected: string[] = [];
  const write = async (writer: number) => {
    for (let n = 0; ; n++) {
      const name = `${round} w${writer}-${n}`;
      let res: Response;
      try {
        res = await fetch(`${baseUrl}/api/projects/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ name }),
        });
      } catch {
        return; // the connection went with the server: not acknowledged
      }
      const body = await res.text().catch(() => null);
      if (res.status === 201 && body !== null) acknowledged.push(name);
      else if (res.status === 503 || body === null) return;
      else unexpected.push(`${name}: ${res.status} ${body}`);
    }
  };
  const done = Promise.all(Array.from({ length: WRITERS }, (_, i) => write(i))).then(() => undefined);
  const reached = async (count: number) => {
    while (acknowledged.length < count) await new Promise((r) => setTimeout(r, 20));
  };
  return { acknowledged, unexpected, reached, done };
}

type JobState = { status: string; error: string | null };

/** Polls a job until it has ended; fails naming its state after `seconds`. */
async function jobEnded(api: ServerApi, id: number, seconds: number): Promise<JobState> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const job = await api<JobState>('GET', `jobs/${id}/`);
    if (job.status !== 'queued' && job.status !== 'running') return job;
    if (Date.now() > deadline) throw new Error(`job ${id} still ${job.status} ${seconds} s after the restart`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Starts the demo's make-up allocation and answers its id once it is running. */
async function runningJob(api: ServerApi): Promise<number> {
  const { id } = await api<{ id: number }>('POST', `allocation/run/makeup/?scenario_id=${demoScenario}&time_limit_s=5`);
  for (;;) {
    const job = await api<JobState>('GET', `jobs/${id}/`);
    if (job.status === 'running') return id;
    if (job.status !== 'queued') throw new Error(`the job ended before the kill: ${job.status} ${job.error ?? ''}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Runs the writers, stops the current server with `signal` mid-stream, restarts it on the same
 * data. `alongside` runs with the writers, before the signal.
 */
async function interruptAndRestart<T>(signal: NodeJS.Signals, alongside: (api: ServerApi) => Promise<T>) {
  const first = current();
  const token = await signInToServer(first.baseUrl);
  const writers = startWriters(first.baseUrl, token, signal);
  const [, before] = await Promise.all([writers.reached(BEFORE_KILL), alongside(serverApi(first.baseUrl, token))]);
  const exitCode = await first.kill(signal);
  await writers.done;
  const lockLeft = first.dataDir ? existsSync(join(first.dataDir, LOCK_FILE)) : false;

  const second = await startTestServer({ env: ENV, ...(first.dataDir ? { dataDir: first.dataDir } : { databaseUrl: first.databaseUrl! }) });
  servers.push(second);
  const api = serverApi(second.baseUrl, await signInToServer(second.baseUrl));
  const stored = new Set((await api<Array<{ name: string }>>('GET', 'projects/')).map((p) => p.name));
  const lost = writers.acknowledged.filter((name) => !stored.has(name));
  const after = await api<{ name: string }>('POST', 'projects/', { name: `after ${signal}` });
  return { first, exitCode, writers, lost, lockLeft, after, api, before };
}

describe('durability', { timeout: 180_000 }, () => {
  it('keeps every acknowledged write through a SIGKILL and starts again on the same data', async () => {
    const { exitCode, writers, lost, after, api, before: jobId } = await interruptAndRestart('SIGKILL', runningJob);
    expect(exitCode).toBeNull();
    expect(writers.unexpected).toEqual([]);
    expect(writers.acknowledged.length).toBeGreaterThanOrEqual(BEFORE_KILL);
    expect(lost).toEqual([]);
    expect(after.name).toBe('after SIGKILL');
    const job = await jobEnded(api, jobId, 120);
    expect(job.status, job.error ?? '').toBe('succeeded');
  });

  it('keeps every acknowledged write through a SIGTERM, logs the clean shutdown and frees the folder', async () => {
    const { first, exitCode, writers, lost, lockLeft, after } = await interruptAndRestart('SIGTERM', async () => undefined);
    expect(exitCode).toBe(0);
    expect(writers.unexpected).toEqual([]);
    expect(lost).toEqual([]);
    expect(first.output()).toContain('SIGTERM: shutting down');
    expect(first.output()).toContain('Shut down cleanly');
    expect(lockLeft).toBe(false);
    expect(after.name).toBe('after SIGTERM');
  });
});
