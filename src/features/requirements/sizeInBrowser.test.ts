// The browser's sizing with in-process workers (the real worker API, answered asynchronously):
// the same plan as the engine's search in one thread, since every part runs the same seeded
// replications wherever it runs; Cancel stops it with the engine's 'cancelled' error.
import { describe, expect, it } from 'vitest';
import { prepareSizing } from '../../../workers/sim/sizing/problem';
import { sizeToTarget } from '../../../workers/sim/sizing/search';
import { createWorkerApi } from '../../../workers/sim/workerApi';
import type { SizingDocument } from './model/sizingSettings';
import { sizeInBrowser } from './sizeInBrowser';
import type { SizingWorker } from '../../../workers/sim/sizing/pool';

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

function spawn(): SizingWorker {
  const api = createWorkerApi(() => performance.now());
  return {
    loadSizing: (json) => later(() => api.loadSizing(json)),
    sizePart: (part) => later(() => structuredClone(api.sizePart(part))),
    terminate: () => undefined,
  };
}

// Two hours of Poisson arrivals, busier in the second; exponential service of 4 minutes.
const doc = {
  kind: 'network',
  seed: 3,
  replications: 4,
  sources: [{ id: 'a', to: 's', arrivals: { type: 'piecewise_poisson', interval_minutes: 60, rates_per_hour: [60, 150] } }],
  stations: [
    { id: 's', size: { max_servers: 30, period_minutes: 60, target: { wait_minutes: 5, share: 0.9 } }, service: { dist: 'exponential', mean_minutes: 4 } },
  ],
} as unknown as SizingDocument;

describe('sizing in the browser', () => {
  it("gives the single-threaded search's plan", async () => {
    const expected = await sizeToTarget(prepareSizing(doc), { clock: () => 0 });
    const messages: string[] = [];
    const answer = await sizeInBrowser(doc, (p) => messages.push(p.message), new AbortController().signal, spawn);
    expect(answer.stations.s.servers).toEqual(expected.stations.s.servers);
    expect(answer.stations.s.share_within_target).toEqual(expected.stations.s.share_within_target);
    expect(messages.length).toBeGreaterThan(0);
  });

  it('stops on cancel', async () => {
    const controller = new AbortController();
    const sizing = sizeInBrowser(doc, () => controller.abort(), controller.signal, spawn);
    await expect(sizing).rejects.toMatchObject({ code: 'cancelled' });
  });
});
