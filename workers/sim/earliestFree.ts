// The servers of a first-come-first-served station by the time each is next free, for the
// recurrence (feedForward.ts): each arrival takes the earliest-free server, whose time then moves
// on. A binary heap, so an arrival costs O(log c) instead of a scan of all c servers.

export class EarliestFree {
  /** Server numbers, heap-ordered by their free time. */
  private readonly heap: Int32Array;
  /** The free time of each heap entry (-Infinity: free since the start), beside it. */
  private readonly key: Float64Array;

  constructor(servers: number) {
    this.heap = Int32Array.from({ length: servers }, (_, s) => s);
    this.key = new Float64Array(servers).fill(-Infinity);
  }

  /** The server free first. */
  first(): number {
    return this.heap[0];
  }

  /** When the first server is free. */
  firstTime(): number {
    return this.key[0];
  }

  /** Whether another server is free at the same time as the first (one of the root's children, if any is). */
  tied(): boolean {
    const { key } = this;
    const t = key[0];
    return (key.length > 1 && key[1] === t) || (key.length > 2 && key[2] === t);
  }

  /** The first server is next free at `time`: it moves down to its place. */
  moveFirst(time: number): void {
    const { heap, key } = this;
    const n = heap.length;
    const s = heap[0];
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= n) break;
      if (c + 1 < n && key[c + 1] < key[c]) c++;
      const next = key[c];
      if (next >= time) break;
      heap[i] = heap[c];
      key[i] = next;
      i = c;
    }
    heap[i] = s;
    key[i] = time;
  }
}
