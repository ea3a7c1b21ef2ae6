// Which of a station's pools have a free server, for the turn each start takes (engine.ts): the
// first pool with one from where the last turn ended, wrapping round. One bit per pool, so the
// search reads a word per 32 pools instead of looking at each: a checkpoint's lanes and a sized
// queue's counters are dozens of pools, most of them closed or busy. Looking at them one by one
// was the largest self time in a profile of sizing the demo day (`start`, a quarter).

export class FreePools {
  /** Bit k of word k >> 5: pool k has a free server. */
  private readonly words: Int32Array;

  constructor(pools: number) {
    this.words = new Int32Array((pools + 31) >> 5);
  }

  mark(k: number, free: boolean): void {
    if (free) this.words[k >> 5] |= 1 << (k & 31);
    else this.words[k >> 5] &= ~(1 << (k & 31));
  }

  /** The first pool with a free server from pool `from` on, wrapping round; -1 when none has one. */
  firstFrom(from: number): number {
    const words = this.words;
    let w = from >> 5;
    // The first word without the pools before `from`; after a whole turn, that word again, whole.
    let bits = words[w] & (-1 << (from & 31));
    for (let seen = 0; seen <= words.length; seen++) {
      if (bits !== 0) return (w << 5) + 31 - Math.clz32(bits & -bits);
      w = w + 1 === words.length ? 0 : w + 1;
      bits = words[w];
    }
    return -1;
  }
}
