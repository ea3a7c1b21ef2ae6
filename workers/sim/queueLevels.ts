// Crowding by the moment: a report group's queue length against fixed steps of length (the
// airport's space bands, space.ts: the space per passenger falls as the queue grows, so each band
// begins at a queue length). What a bin's mean hides, a two-minute crowd in a quiet bin, is kept
// here at the cost of a few comparisons per change of the queue, never per event: the minutes at
// each level, the arrivals by the level of the queue they found, and the longest queue per bin.

/** One replication's crowding of one report group: plain arrays. */
export interface QueueLevelsRaw {
  /** Minutes at each level; level k: the queue had reached k of the steps (0: below the first). */
  minutes: number[];
  /** Arrivals by the level of the queue they found on arriving (themselves not counted). */
  found: number[];
  /** The longest the queue was at any moment of each bin. */
  peak: number[];
}

export class QueueLevels {
  private readonly minutes: Float64Array;
  private readonly found: Float64Array;
  private peak: Float64Array;
  private length = 0;
  private level = 0;
  /** When the queue reached its current level. */
  private since = 0;
  /** The bin of the last change and where it ends. */
  private bin = 0;
  private binEnd: number;

  constructor(
    /** Ascending queue lengths at which the next level begins. */
    private readonly steps: readonly number[],
    private readonly binMinutes: number,
    bins: number,
  ) {
    this.minutes = new Float64Array(steps.length + 1);
    this.found = new Float64Array(steps.length + 1);
    this.peak = new Float64Array(Math.max(1, bins));
    this.binEnd = binMinutes;
  }

  /**
   * The queue is `length` long from `now` on; `now` never goes back. A queue grows only by one
   * arrival joining it, counted here by the level it found; arrivals that do not join call
   * arrivalNotJoining().
   */
  change(now: number, length: number): void {
    if (now >= this.binEnd) this.toBin(Math.floor(now / this.binMinutes));
    if (length > this.peak[this.bin]) this.peak[this.bin] = length;
    if (length > this.length) this.found[this.level]++;
    this.length = length;
    const steps = this.steps;
    let k = this.level;
    while (k < steps.length && length >= steps[k]) k++;
    while (k > 0 && length < steps[k - 1]) k--;
    if (k === this.level) return;
    this.minutes[this.level] += now - this.since;
    this.since = now;
    this.level = k;
  }

  /** Someone arrives now and does not join the queue (served at once, missed, turned away). */
  arrivalNotJoining(): void {
    this.found[this.level]++;
  }

  /** Closes the current level at the end of the run and covers the bins up to it. */
  finish(now: number): void {
    this.minutes[this.level] += now - this.since;
    this.since = now;
    const last = Math.ceil(now / this.binMinutes) - 1;
    if (last > this.bin) this.toBin(last);
  }

  result(): QueueLevelsRaw {
    return { minutes: Array.from(this.minutes), found: Array.from(this.found), peak: Array.from(this.peak.subarray(0, this.bin + 1)) };
  }

  /** Moves on to bin b: the bins passed held the current length from their start, so it is their peak so far. */
  private toBin(b: number): void {
    if (b >= this.peak.length) {
      const grown = new Float64Array(Math.max(b + 1, this.peak.length * 2));
      grown.set(this.peak);
      this.peak = grown;
    }
    for (let k = this.bin + 1; k <= b; k++) this.peak[k] = this.length;
    this.bin = b;
    this.binEnd = (b + 1) * this.binMinutes;
  }
}
