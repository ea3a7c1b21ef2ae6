// A FIFO of integers in a growable power-of-two ring buffer: station queues of entity indices and
// the list of zero-delay events. Replaces Array.shift, which is O(n) and allocates.

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
