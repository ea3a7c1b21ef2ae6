// The simulation pool with in-process workers (the real worker API, answered asynchronously): it must
// give the same output as a single-threaded run whatever the pool size, report progress, map
// validation errors to SimError and stop every worker on cancel.
import { describe, expect, it } from 'vitest';
import { SimError } from './errors';
import { simulate, type PoolWorker } from './pool';
import { simulateSync, type Progress } from './run';
import { createWorkerApi } from './workerApi';

const clock = () => performance.now();
const later = <T>(f: () => T) =>
  new Promise<T>((resolve, reject) =>
    setTimeout(() => {
      try {
        resolve(f());
      } catch (e) {
        reject(e);
      }
    }, 1),
  );

function fakeSpawner() {
  const terminated: boolean[] = [];
  const spawn = (): PoolWorker => {
    const api = createWorkerApi(clock, 0);
    const k = terminated.push(false) - 1;
    return {
      load: (json) => later(() => api.load(json)),
      run: (r, onProgress) => later(() => structuredClone(api.run(r, onProgress))),
      summarise: (results) => later(() => api.summarise(results)),
      terminate: () => (terminated[k] = true),
    };
  };
  return { spawn, terminated };
}

const doc = {
  kind: 'network',
  seed: 9,
  replications: 5,
  sources: [{ id: 'a', to: 's', arrivals: { type: 'poisson', rate_per_hour: 100, count: 3000 } }],
  stations: [{ id: 's', servers: 10, service: { dist: 'exponential', mean_minutes: 5 } }],
};

const withoutTimes = (o: object) => JSON.parse(JSON.stringify(o, (k, v) => (k === 'wall_ms' || k === 'events_per_second' ? undefined : v)));

describe('the simulation pool', () => {
  it('gives the single-threaded output whatever its size, with progress', async () => {
    const expected = withoutTimes(simulateSync(doc, {}, { clock }));
    for (const size of [1, 3]) {
      const { spawn, terminated } = fakeSpawner();
      const progress: Progress[] = [];
      const out = await simulate(doc, (p) => progress.push(p), undefined, { size, spawn, progressEveryMs: 5 });
      expect(withoutTimes(out)).toEqual(expected);
      expect(terminated).toEqual(new Array(size).fill(true));
      expect(progress.at(-1)).toMatchObject({ fraction: 1, replicationsDone: 5, replications: 5 });
    }
  });
  it('rejects an invalid document with the field named', async () => {
    const { spawn, terminated } = fakeSpawner();
    const bad = { ...doc, stations: [{ ...doc.stations[0], servers: 0 }] };
    const error = await simulate(bad, () => {}, undefined, { spawn, size: 2 }).catch((e) => e);
    expect(error).toBeInstanceOf(SimError);
    expect(error).toMatchObject({ code: 'invalid_document', field: 'stations[0].servers' });
    expect(terminated).toEqual([true]);
  });
  it('cancels: rejects with code "cancelled" and terminates every worker', async () => {
    const { spawn, terminated } = fakeSpawner();
    const controller = new AbortController();
    const run = simulate({ ...doc, replications: 50 }, (p) => p.replicationsDone >= 2 && controller.abort(), controller.signal, { size: 2, spawn });
    await expect(run).rejects.toMatchObject({ code: 'cancelled' });
    expect(terminated).toEqual([true, true]);
  });
});
