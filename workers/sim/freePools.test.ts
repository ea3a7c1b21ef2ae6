// The turn search's bit set: after any sequence of marks, it answers the pool a scan from `from`,
// wrapping round, would find first, on sizes within one word, at a word's edge and over several.
import { describe, expect, it } from 'vitest';
import { FreePools } from './freePools';
import { mulberry32 } from '../alloc/random';

function scan(free: readonly boolean[], from: number): number {
  for (let i = 0; i < free.length; i++) {
    const k = (from + i) % free.length;
    if (free[k]) return k;
  }
  return -1;
}

describe('FreePools', () => {
  it('finds the first free pool from any start, wrapping round, as a scan does', () => {
    const random = mulberry32(11);
    for (const pools of [1, 2, 5, 31, 32, 33, 64, 73, 100]) {
      const set = new FreePools(pools);
      const free = Array.from({ length: pools }, () => false);
      for (let step = 0; step < 3000; step++) {
        const k = Math.floor(random() * pools);
        // Mostly busy or closed, as at a checkpoint's peak or a sized queue's night: long searches.
        free[k] = random() < 0.2;
        set.mark(k, free[k]);
        const from = Math.floor(random() * pools);
        expect(set.firstFrom(from)).toBe(scan(free, from));
      }
    }
  });
  it('answers -1 when no pool has a free server, and finds the last bit of a word', () => {
    const set = new FreePools(40);
    expect(set.firstFrom(7)).toBe(-1);
    set.mark(31, true);
    expect(set.firstFrom(0)).toBe(31);
    expect(set.firstFrom(32)).toBe(31);
    set.mark(31, false);
    set.mark(39, true);
    expect(set.firstFrom(0)).toBe(39);
  });
});
