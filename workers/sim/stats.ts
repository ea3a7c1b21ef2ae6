// Streaming statistics that cost O(1) per observation: fixed-width time bins for series and a
// log-linear histogram for wait percentiles, so a million customers need no stored waits.

/**
 * One allocation carved into many series: a replication of an airport day has some two thousand
 * series, and allocating that many typed arrays one by one cost more than filling them.
 */
export class Slab {
  private readonly buffer: Float64Array;
  private used = 0;

  constructor(size: number) {
    this.buffer = new Float64Array(size);
  }

  /** The next n values of the slab, zeroed. */
  take(n: number): Float64Array {
    if (this.used + n > this.buffer.length) throw new Error(`the slab holds ${this.buffer.length} values, not ${this.used + n}`);
    const values = this.buffer.subarray(this.used, this.used + n);
    this.used += n;
    return values;
  }
}

/** Sums over fixed-width time bins starting at time 0, growing as time advances. */
export class BinnedSeries {
  values: Float64Array;
  /** Bins touched so far (the series length). */
  length = 0;
  private readonly wholeMinutes: boolean;

  /**
   * `bins`: room for that many bins at first (a day's worth saves growing it bin by bin), taken
   * from `slab` when given.
   */
  constructor(
    readonly binWidth: number,
    bins = 64,
    slab?: Slab,
  ) {
    const n = Math.max(1, bins);
    this.values = slab === undefined ? new Float64Array(n) : slab.take(n);
    this.wholeMinutes = Number.isInteger(binWidth);
  }

  /** Adds `amount` to the bin containing time t. */
  addAt(t: number, amount: number): void {
    const i = Math.floor(t / this.binWidth);
    if (i >= this.length) this.ensureLength(i + 1);
    this.values[i] += amount;
  }

  /** Adds the area of a constant `level` over [t0, t1), split at bin edges. */
  addArea(t0: number, t1: number, level: number): void {
    const w = this.binWidth;
    let i = Math.floor(t0 / w);
    // Most intervals (a service, a stretch of queue) end in the bin they began in. With whole-minute
    // bins (i + 1) * w is exact, so this test says what the one below does, without its division.
    if (this.wholeMinutes && t1 <= (i + 1) * w) {
      if (i >= this.length) this.ensureLength(i + 1);
      this.values[i] += level * (t1 - t0);
      return;
    }
    // An interval ending exactly on a bin edge does not reach into the next bin.
    const last = Math.max(i, Math.ceil(t1 / w) - 1);
    if (last >= this.length) this.ensureLength(last + 1);
    const v = this.values;
    if (i === last) {
      v[i] += level * (t1 - t0);
      return;
    }
    v[i] += level * ((i + 1) * w - t0);
    for (i++; i < last; i++) v[i] += level * w;
    v[last] += level * (t1 - last * w);
  }

  /** Makes the series cover time t even where nothing happened, so series of one run align. */
  coverUntil(t: number): void {
    const n = Math.ceil(t / this.binWidth);
    if (n > this.length) this.ensureLength(n);
  }

  toArray(): number[] {
    return Array.from(this.values.subarray(0, this.length));
  }

  /** Grows the series to n bins (never shrinks). */
  ensureLength(n: number): void {
    if (n <= this.length) return;
    if (n > this.values.length) {
      const grown = new Float64Array(Math.max(n, this.values.length * 2));
      grown.set(this.values);
      this.values = grown;
    }
    this.length = n;
  }
}

/** Sum and count of waits per bin of their start time: one bin lookup for both. */
export class BinnedWaits {
  readonly sum: BinnedSeries;
  readonly count: BinnedSeries;

  constructor(binWidth: number, bins?: number, slab?: Slab) {
    this.sum = new BinnedSeries(binWidth, bins, slab);
    this.count = new BinnedSeries(binWidth, bins, slab);
  }

  add(t: number, w: number): void {
    const s = this.sum;
    const i = Math.floor(t / s.binWidth);
    if (i >= s.length) {
      s.ensureLength(i + 1);
      this.count.ensureLength(i + 1);
    }
    s.values[i] += w;
    this.count.values[i]++;
  }
}

// Histogram layout: bin 0 holds zero waits exactly; then 100 linear bins of 0.01 minute below one
// minute; then bins 1% wide (relative) up to about 2e5 minutes, the last one open-ended.
const LINEAR_BINS = 100;
const LOG_STEP = Math.log(1.01);
export const HISTOGRAM_BINS = 1 + LINEAR_BINS + 1230;

/** Where log bin j begins: the bins from 1 + LINEAR_BINS on hold waits in [logEdge[j], logEdge[j + 1]). */
const logEdge = Float64Array.from({ length: HISTOGRAM_BINS + 1 }, (_, j) => Math.exp((j - 1 - LINEAR_BINS) * LOG_STEP));

// The log bins are found without a logarithm (every served customer is binned): a wait's binary
// exponent and the top SLICE_BITS bits of its mantissa pick a slice of values at most 0.1 % wide,
// whose first bin the table holds; the 1 % wide bins change at most once inside a slice.
const SLICE_BITS = 10;
const scratch = new Float64Array(1);
/** The high 32 bits of `scratch` (sign, exponent, top of the mantissa), wherever the platform keeps them. */
const scratchHigh = new Uint32Array(scratch.buffer, new Uint8Array(Uint16Array.of(1).buffer)[0] === 1 ? 4 : 0, 1);
const sliceOf = (w: number) => {
  scratch[0] = w;
  return scratchHigh[0] >>> (20 - SLICE_BITS);
};
const firstSlice = sliceOf(1);
const sliceBin = (() => {
  const slices = sliceOf(logEdge[HISTOGRAM_BINS - 1]) - firstSlice + 1;
  const bins = new Int16Array(slices);
  const start = new Float64Array(1);
  const startHigh = new Uint32Array(start.buffer, scratchHigh.byteOffset, 1);
  for (let k = 0, j = 1 + LINEAR_BINS; k < slices; k++) {
    startHigh[0] = (firstSlice + k) << (20 - SLICE_BITS);
    while (j < HISTOGRAM_BINS - 1 && logEdge[j + 1] <= start[0]) j++;
    bins[k] = j;
  }
  return bins;
})();

export function histogramBin(w: number): number {
  if (w <= 0) return 0;
  if (w < 1) return 1 + Math.floor(w * LINEAR_BINS);
  const k = sliceOf(w) - firstSlice;
  if (k >= sliceBin.length) return HISTOGRAM_BINS - 1;
  const j = sliceBin[k];
  return j < HISTOGRAM_BINS - 1 && w >= logEdge[j + 1] ? j + 1 : j;
}

/** A representative value of bin i: the midpoint (geometric for the log bins). */
function binValue(i: number): number {
  if (i === 0) return 0;
  if (i <= LINEAR_BINS) return (i - 0.5) / LINEAR_BINS;
  return Math.exp((i - 1 - LINEAR_BINS + 0.5) * LOG_STEP);
}

/** The q-quantile (0 < q <= 1) of a histogram, within 0.005 minute or 0.5%; 0 when empty. */
export function histogramQuantile(counts: ArrayLike<number>, q: number): number {
  let total = 0;
  for (let i = 0; i < counts.length; i++) total += counts[i];
  if (total === 0) return 0;
  const target = q * total;
  let cum = 0;
  for (let i = 0; i < counts.length; i++) {
    cum += counts[i];
    if (cum >= target && counts[i] > 0) return binValue(i);
  }
  return binValue(counts.length - 1);
}

/** Adds histogram b into a (same layout). */
export function addInto(a: number[] | Float64Array, b: ArrayLike<number>): void {
  for (let i = 0; i < b.length; i++) a[i] += b[i];
}
