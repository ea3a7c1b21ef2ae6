// The recurrence's server heap: after any sequence of moves, its first server is one free
// earliest and it reports a tie exactly when another server is free at that same time.
import { describe, expect, it } from 'vitest';
import { EarliestFree } from './earliestFree';
import { mulberry32 } from '../alloc/random';

describe('EarliestFree', () => {
  it('gives a server free earliest and says when another is free at that time, as a scan does', () => {
    const random = mulberry32(7);
    let ties = 0;
    for (const servers of [1, 2, 3, 5, 10, 33]) {
      const heap = new EarliestFree(servers);
      // Each server's free time, as the moves set it: what a scan would read.
      const free = new Float64Array(servers).fill(-Infinity);
      for (let step = 0; step < 2000; step++) {
        const earliest = Math.min(...free);
        expect(free[heap.first()]).toBe(earliest);
        expect(heap.firstTime()).toBe(earliest);
        const tiedByScan = free.filter((t) => t === earliest).length > 1;
        expect(heap.tied()).toBe(tiedByScan);
        if (tiedByScan && earliest > -Infinity) ties++;
        // Whole minutes, so servers often come free at the same time.
        const time = Math.max(earliest, step / 4) + Math.floor(random() * 6);
        free[heap.first()] = time;
        heap.moveFirst(time);
      }
    }
    expect(ties).toBeGreaterThan(100);
  });
});
