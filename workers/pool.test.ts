// The engines' pool with stub workers: a worker that dies is replaced for the work that waits, a
// worker that cannot be made ready fails only its task, and terminate stops even a worker still
// being made ready.
import { describe, expect, it } from 'vitest';
import { createPool } from './pool';

type Stub = { id: number; dead: boolean; stopped: boolean };

function stubPool(size: number, prepare?: (w: Stub) => Promise<void>) {
  const spawned: Stub[] = [];
  const pool = createPool<Stub>({
    size,
    spawn: () => spawned[spawned.push({ id: spawned.length, dead: false, stopped: false }) - 1],
    prepare,
    stop: (w) => void (w.stopped = true),
    broken: (w) => w.dead,
    cancelled: () => new Error('cancelled'),
  });
  return { pool, spawned };
}

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 1));

describe('the engines pool', () => {
  it('replaces a worker that died with a fresh one for the next task', async () => {
    const { pool, spawned } = stubPool(1);
    const dying = pool.run(async (w) => {
      w.dead = true;
      throw new Error('the thread stopped');
    });
    const next = pool.run(async (w) => w.id);
    await expect(dying).rejects.toThrow('the thread stopped');
    expect(await next).toBe(1);
    expect(spawned.map((w) => w.stopped)).toEqual([true, false]);
  });

  it('fails only the task whose worker could not be made ready', async () => {
    let failures = 1;
    const { pool, spawned } = stubPool(1, async () => {
      if (failures-- > 0) throw new Error('bad document');
    });
    const first = pool.run(async (w) => w.id);
    const second = pool.run(async (w) => w.id);
    await expect(first).rejects.toThrow('bad document');
    expect(await second).toBe(1);
    expect(spawned[0].stopped).toBe(true);
  });

  it('stops a worker still being made ready, and refuses tasks after terminate', async () => {
    const { pool, spawned } = stubPool(2, tick);
    const task = pool.run(async () => 'ran');
    expect(pool.idle()).toBe(false);
    pool.terminate();
    expect(spawned).toHaveLength(1);
    expect(spawned[0].stopped).toBe(true);
    await expect(task).rejects.toThrow('cancelled');
    await expect(pool.run(async () => 'ran')).rejects.toThrow('cancelled');
    expect(pool.idle()).toBe(true);
  });
});
