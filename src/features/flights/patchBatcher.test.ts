import { describe, expect, it, vi } from 'vitest';
import type { Schedule } from '../jobs/jobPolling';
import { createPatchBatcher, describeBulkErrors, type PatchItem, type Previous, type SaveState } from './patchBatcher';

function manualClock() {
  let pending: (() => void)[] = [];
  const schedule: Schedule = (run) => {
    pending.push(run);
    return () => (pending = pending.filter((r) => r !== run));
  };
  return {
    schedule,
    pendingCount: () => pending.length,
    tick: () => {
      const due = pending;
      pending = [];
      due.forEach((run) => run());
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup(send: (items: PatchItem[]) => Promise<void> = async () => {}) {
  const clock = manualClock();
  const states: SaveState[] = [];
  const failed: { items: PatchItem[]; previous: Previous; error: unknown }[] = [];
  const sendSpy = vi.fn(send);
  const batcher = createPatchBatcher({
    send: sendSpy,
    schedule: clock.schedule,
    onState: (s) => states.push(s),
    onFailed: (items, previous, error) => failed.push({ items, previous, error }),
  });
  return { clock, states, failed, send: sendSpy, batcher };
}

describe('the bulk patch batcher', () => {
  it('sends the edits of a short moment as one request, merging edits of one flight', async () => {
    const { clock, states, send, batcher } = setup();
    batcher.add(1, 'load_factor', 0.9, 0.85);
    batcher.add(2, 'seats', 180, 150);
    batcher.add(1, 'sector', 'international', 'domestic');
    expect(send).not.toHaveBeenCalled();
    expect(clock.pendingCount()).toBe(1);
    clock.tick();
    await settle();
    expect(send).toHaveBeenCalledOnce();
    expect(send.mock.calls[0][0]).toEqual([
      { id: 1, load_factor: 0.9, sector: 'international' },
      { id: 2, seats: 180 },
    ]);
    expect(states.at(-1)).toBe('saved');
    expect(states).toContain('saving');
  });

  it('hands back every edit of a refused batch with the values to revert to (the first ones)', async () => {
    const refusal = new Error('400');
    const { clock, failed, states, batcher } = setup(async () => {
      throw refusal;
    });
    batcher.add(1, 'load_factor', 0.9, 0.85);
    batcher.add(1, 'load_factor', 5, 0.9);
    clock.tick();
    await settle();
    expect(failed).toHaveLength(1);
    expect(failed[0].items).toEqual([{ id: 1, load_factor: 5 }]);
    expect(failed[0].previous.get(1)).toEqual({ load_factor: 0.85 });
    expect(failed[0].error).toBe(refusal);
    expect(states.at(-1)).toBe('error');
  });

  it('sends edits made while a batch is saving in a second request after it', async () => {
    let release: () => void = () => {};
    const { clock, send, batcher } = setup(
      () =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
    );
    batcher.add(1, 'seats', 100, 90);
    clock.tick();
    await settle();
    batcher.add(2, 'seats', 120, 90);
    clock.tick();
    await settle();
    expect(send).toHaveBeenCalledTimes(1);
    release();
    await settle();
    await settle();
    expect(send).toHaveBeenCalledTimes(2);
    expect(send.mock.calls[1][0]).toEqual([{ id: 2, seats: 120 }]);
  });
});

describe('describeBulkErrors', () => {
  it('names the flight and field of each "index.field" error', () => {
    const items = [
      { id: 7, seats: 1 },
      { id: 9, load_factor: 5 },
    ];
    expect(describeBulkErrors(items, { '1.load_factor': ['Must be from 0 to 1.'] }, (id) => `Flight ${id}`)).toEqual([
      'Flight 9, load factor: Must be from 0 to 1.',
    ]);
  });
});
