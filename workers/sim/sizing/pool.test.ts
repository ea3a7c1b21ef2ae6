// The browser's sizing pool with stub workers that count what they are given: parts beyond the
// pool's size wait for a free worker, each worker loads the problem once, and nothing starts
// after terminate.
import { describe, expect, it } from 'vitest';
import type { LayerPart, StationOutcome } from './types';
import { DEFAULT_VERIFICATION as verification } from './verify';
import { createSizingPool, type SizingWorker } from './pool';

function outcome(servers: number[]): StationOutcome {
  return {
    servers,
    pinned: [false],
    estimates: [],
    verdicts: [],
    search_estimates: [],
    replications: 8,
    verification_replications: 16,
    locally_minimal: true,
    close_removals: [],
    spare_in: null,
    search_ms: 1,
    verify_ms: 1,
  };
}

function stubs() {
  const log = { loads: 0, parts: [] as string[][], busy: 0, mostBusy: 0, terminated: 0 };
  const spawn = (): SizingWorker => ({
    loadSizing: async () => void log.loads++,
    // Each station comes back with the plan's servers.
    sizePart: async (part: LayerPart) => {
      log.busy++;
      log.mostBusy = Math.max(log.mostBusy, log.busy);
      log.parts.push(part.stations);
      await new Promise((r) => setTimeout(r, 1));
      log.busy--;
      return Object.fromEntries(part.stations.map((id) => [id, outcome(part.plan[id])]));
    },
    terminate: () => void log.terminated++,
  });
  return { spawn, log };
}

const replications = { first: 8, step: 8, max: 64 };

describe('the sizing pool', () => {
  it('queues parts beyond its size and loads each worker once', async () => {
    const { spawn, log } = stubs();
    const pool = createSizingPool('{}', spawn, 2);
    const plan = { a: [1], b: [2], c: [3], d: [4], e: [5] };
    const parts = Object.keys(plan).map((id) => pool.evaluate({ plan, stations: [id], replications, verification }));
    expect((await Promise.all(parts)).map((answer) => Object.values(answer)[0].servers[0])).toEqual([1, 2, 3, 4, 5]);
    expect(log.mostBusy).toBe(2);
    expect(log.loads).toBe(2);
    expect(log.parts.flat().sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('stops its workers and refuses work after terminate', async () => {
    const { spawn, log } = stubs();
    const pool = createSizingPool('{}', spawn, 2);
    await Promise.all([
      pool.evaluate({ plan: { a: [1] }, stations: ['a'], replications, verification }),
      pool.evaluate({ plan: { b: [1] }, stations: ['b'], replications, verification }),
    ]);
    pool.terminate();
    expect(log.terminated).toBe(2);
    await expect(pool.evaluate({ plan: { a: [1] }, stations: ['a'], replications, verification })).rejects.toMatchObject({ code: 'cancelled' });
  });
});
