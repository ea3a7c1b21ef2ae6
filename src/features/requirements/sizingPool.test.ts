// The browser's sizing pool with stub workers that count what they are given: a batch is split
// over the workers and its tallies summed, each worker loads the problem once, batches beyond the
// pool's size wait for a free worker, and nothing starts after terminate.
import { describe, expect, it } from 'vitest';
import type { SizingBatch } from '../../../workers/sim/sizing/types';
import { createSizingPool, splitReplications, type SizingWorker } from './sizingPool';

function stubs() {
  const log = { loads: 0, batches: [] as number[][], busy: 0, mostBusy: 0, terminated: 0 };
  const spawn = (): SizingWorker => ({
    loadSizing: async () => void log.loads++,
    // Each replication counts 10 arrivals, the plan's servers of them within target.
    evaluateSizing: async (batch: SizingBatch) => {
      log.busy++;
      log.mostBusy = Math.max(log.mostBusy, log.busy);
      log.batches.push(batch.replications);
      await new Promise((r) => setTimeout(r, 1));
      log.busy--;
      const n = batch.replications.length;
      return { s: { arrivals: [10 * n], within: [batch.plan.s[0] * n] } };
    },
    terminate: () => void log.terminated++,
  });
  return { spawn, log };
}

describe('the sizing pool', () => {
  it('splits replications into nearly equal contiguous parts', () => {
    expect(splitReplications([0, 1, 2, 3, 4], 2)).toEqual([[0, 1, 2], [3, 4]]);
    expect(splitReplications([7], 3)).toEqual([[7]]);
  });

  it('sums the tallies of a batch spread over the workers', async () => {
    const { spawn, log } = stubs();
    const pool = createSizingPool('{}', spawn, 3);
    expect(await pool.evaluate({ plan: { s: [4] }, replications: [0, 1, 2, 3, 4, 5, 6] })).toEqual({ s: { arrivals: [70], within: [28] } });
    expect(log.batches.flat().sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(log.loads).toBe(3);
  });

  it('queues batches beyond its size and loads each worker once', async () => {
    const { spawn, log } = stubs();
    const pool = createSizingPool('{}', spawn, 2);
    const batches = [0, 1, 2, 3, 4].map((r) => pool.evaluate({ plan: { s: [1] }, replications: [r] }));
    expect((await Promise.all(batches)).map((t) => t.s.arrivals[0])).toEqual([10, 10, 10, 10, 10]);
    expect(log.mostBusy).toBe(2);
    expect(log.loads).toBe(2);
  });

  it('stops its workers and refuses work after terminate', async () => {
    const { spawn, log } = stubs();
    const pool = createSizingPool('{}', spawn, 2);
    await pool.evaluate({ plan: { s: [1] }, replications: [0, 1] });
    pool.terminate();
    expect(log.terminated).toBe(2);
    await expect(pool.evaluate({ plan: { s: [1] }, replications: [2] })).rejects.toMatchObject({ code: 'cancelled' });
  });
});
