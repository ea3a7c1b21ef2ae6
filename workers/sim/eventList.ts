// The future event list: a binary min-heap over parallel typed arrays ordered by (time, seq), so
// events at the same time run first-in first-out and no object is allocated per event.
// Cancellation is lazy: a cancelled event stays in the heap and is dropped when it reaches the top.

export class EventList {
  private time = new Float64Array(1024);
  private seq = new Float64Array(1024);
  private data = new Int32Array(1024);
  private cancelled = new Uint32Array(1024);
  private nextSeq = 0;
  size = 0;

  /** Schedules `payload` at `time`; returns the event's sequence number, its handle for cancel(). */
  push(time: number, payload: number): number {
    if (this.size === this.time.length) this.grow();
    const s = this.nextSeq++;
    // NOTE: inlined for performance (sift-up moving a hole instead of swapping).
    const T = this.time,
      S = this.seq,
      D = this.data;
    let i = this.size++;
    while (i > 0) {
      const p = (i - 1) >> 1;
      const pt = T[p];
      if (pt < time || (pt === time && S[p] < s)) break;
      T[i] = pt;
      S[i] = S[p];
      D[i] = D[p];
      i = p;
    }
    T[i] = time;
    S[i] = s;
    D[i] = payload;
    return s;
  }

  /** Removes the earliest event that is not cancelled and returns its payload, or -1 if none. */
  pop(): number {
    return this.nextTime() === Infinity ? -1 : this.popLive();
  }

  /** Removes the top event, which nextTime() has just found live, and returns its payload. */
  popLive(): number {
    const payload = this.data[0];
    this.removeTop();
    return payload;
  }

  /** Time of the next live event, dropping cancelled ones from the top; Infinity if none. */
  nextTime(): number {
    while (this.size > 0) {
      if (!this.isCancelled(this.seq[0])) return this.time[0];
      this.removeTop();
    }
    return Infinity;
  }

  cancel(seq: number): void {
    const word = seq >>> 5;
    if (word >= this.cancelled.length) {
      const grown = new Uint32Array(Math.max(word + 1, this.cancelled.length * 2));
      grown.set(this.cancelled);
      this.cancelled = grown;
    }
    this.cancelled[word] |= 1 << (seq & 31);
  }

  private isCancelled(seq: number): boolean {
    const word = seq >>> 5;
    return word < this.cancelled.length && (this.cancelled[word] & (1 << (seq & 31))) !== 0;
  }

  private removeTop(): void {
    const n = --this.size;
    if (n === 0) return;
    const T = this.time,
      S = this.seq,
      D = this.data;
    const t = T[n],
      s = S[n],
      d = D[n];
    // NOTE: inlined for performance (sift-down moving a hole).
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= n) break;
      const r = c + 1;
      if (r < n && (T[r] < T[c] || (T[r] === T[c] && S[r] < S[c]))) c = r;
      const ct = T[c];
      if (t < ct || (t === ct && s < S[c])) break;
      T[i] = ct;
      S[i] = S[c];
      D[i] = D[c];
      i = c;
    }
    T[i] = t;
    S[i] = s;
    D[i] = d;
  }

  private grow(): void {
    const n = this.time.length * 2;
    const t = new Float64Array(n),
      s = new Float64Array(n),
      d = new Int32Array(n);
    t.set(this.time);
    s.set(this.seq);
    d.set(this.data);
    this.time = t;
    this.seq = s;
    this.data = d;
  }
}
