// FIFOs: of integers in a growable power-of-two ring buffer (station queues of entity indices and
// the list of zero-delay events; replaces Array.shift, which is O(n) and allocates), and of numbers.

export class IntRing {
  private buf: Int32Array;
  private mask: number;
  private head = 0;
  size = 0;

  constructor(initialCapacity = 16) {
    let cap = 1;
    while (cap < initialCapacity) cap <<= 1;
    this.buf = new Int32Array(cap);
    this.mask = cap - 1;
  }

  push(value: number): void {
    if (this.size > this.mask) this.grow();
    this.buf[(this.head + this.size) & this.mask] = value;
    this.size++;
  }

  /** Removes and returns the oldest value; the caller checks size first. */
  shift(): number {
    const v = this.buf[this.head];
    this.head = (this.head + 1) & this.mask;
    this.size--;
    return v;
  }

  private grow(): void {
    const cap = this.buf.length * 2;
    const next = new Int32Array(cap);
    for (let i = 0; i < this.size; i++) next[i] = this.buf[(this.head + i) & this.mask];
    this.buf = next;
    this.mask = cap - 1;
    this.head = 0;
  }
}

/**
 * A first-in first-out queue of numbers in one buffer, read from `head`: emptied by clear() and
 * reused, compacted only when it must grow.
 */
export class FloatQueue {
  private buf = new Float64Array(64);
  private head = 0;
  private tail = 0;

  get size(): number {
    return this.tail - this.head;
  }

  clear(): void {
    this.head = 0;
    this.tail = 0;
  }

  push(value: number): void {
    if (this.tail === this.buf.length) {
      const live = this.buf.subarray(this.head, this.tail);
      const next = live.length * 2 > this.buf.length ? new Float64Array(this.buf.length * 2) : this.buf;
      next.set(live);
      this.buf = next;
      this.tail -= this.head;
      this.head = 0;
    }
    this.buf[this.tail++] = value;
  }

  /** The oldest value; the caller checks size first. */
  peek(): number {
    return this.buf[this.head];
  }

  /** Removes and returns the oldest value; the caller checks size first. */
  shift(): number {
    return this.buf[this.head++];
  }
}
