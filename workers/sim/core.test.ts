// The kernel's building blocks: event ordering and cancellation, the ring, the random streams and
// distributions, streaming statistics and the t interval.
import { describe, expect, it } from 'vitest';
import { erlangC } from '../queueing/erlang';
import { EventList } from './eventList';
import { makeSampler, sample, Stream, type DistSpec } from './random';
import { IntRing } from './ring';
import { BinnedSeries, HISTOGRAM_BINS, histogramBin, histogramQuantile } from './stats';
import { meanCI, studentTQuantile } from './confidence';

describe('EventList', () => {
  it('pops by time, then first-in first-out among equal times', () => {
    const ev = new EventList();
    const times = [5, 1, 3, 1, 5, 0, 3, 1];
    times.forEach((t, i) => ev.push(t, i));
    const out: number[] = [];
    for (let p = ev.pop(); p >= 0; p = ev.pop()) out.push(p);
    expect(out).toEqual([5, 1, 3, 7, 2, 6, 0, 4]);
  });
  it('skips cancelled events lazily and grows past its first capacity', () => {
    const ev = new EventList();
    const rng = new Stream(1, 0);
    const handles = Array.from({ length: 5000 }, (_, i) => ev.push(rng.uniform() * 100, i));
    for (let i = 0; i < 5000; i += 2) ev.cancel(handles[i]);
    let last = -Infinity;
    let count = 0;
    for (let t = ev.nextTime(); t < Infinity; t = ev.nextTime()) {
      expect(t).toBeGreaterThanOrEqual(last);
      last = t;
      expect(ev.popLive() % 2).toBe(1);
      count++;
    }
    expect(count).toBe(2500);
  });
});

describe('IntRing', () => {
  it('is a FIFO that grows while wrapped around', () => {
    const ring = new IntRing(4);
    const model: number[] = [];
    let n = 0;
    for (let round = 0; round < 50; round++) {
      for (let k = 0; k < 3 + (round % 5); k++) {
        ring.push(n);
        model.push(n++);
      }
      for (let k = 0; k < 2; k++) expect(ring.shift()).toBe(model.shift());
    }
    while (ring.size > 0) expect(ring.shift()).toBe(model.shift());
    expect(model).toEqual([]);
  });
});

describe('random streams', () => {
  it('repeat from the seed and differ between streams', () => {
    const a = new Stream(42, 3),
      b = new Stream(42, 3),
      c = new Stream(42, 4);
    const xs = Array.from({ length: 5 }, () => a.uniform());
    expect(Array.from({ length: 5 }, () => b.uniform())).toEqual(xs);
    expect(Array.from({ length: 5 }, () => c.uniform())).not.toEqual(xs);
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
  });
  const cases: [DistSpec, number][] = [
    [{ dist: 'exponential', mean_minutes: 2 }, 1],
    [{ dist: 'deterministic', mean_minutes: 2 }, 0],
    [{ dist: 'erlang', mean_minutes: 2, k: 4 }, 0.5],
    [{ dist: 'lognormal', mean_minutes: 2, cv: 0.6 }, 0.6],
    [{ dist: 'gamma', mean_minutes: 2, cv: 0.5 }, 0.5],
    [{ dist: 'gamma', mean_minutes: 2, cv: 2 }, 2],
  ];
  it.each(cases)('%o has its mean and cv (within 2% and 4%, 200,000 draws)', (spec, cv) => {
    const s = makeSampler(spec);
    const rng = new Stream(7, 0);
    const n = 200_000;
    let sum = 0,
      sq = 0,
      min = Infinity;
    for (let i = 0; i < n; i++) {
      const x = sample(s, rng);
      min = Math.min(min, x);
      sum += x;
      sq += x * x;
    }
    expect(min).toBeGreaterThanOrEqual(0);
    const mean = sum / n;
    const sd = Math.sqrt(sq / n - mean * mean);
    expect(Math.abs(mean - 2)).toBeLessThan(0.04);
    expect(Math.abs(sd / mean - cv)).toBeLessThan(0.04 * Math.max(cv, 1e-9) + 1e-6);
  });

  // The ziggurat's exponential against the exact law. n = 1,000,000 draws: the Kolmogorov-Smirnov
  // bound 1.95 / sqrt(n) holds with probability 0.999 for a correct sampler, and a sampler off by
  // 0.3 % of probability anywhere (one layer of 256 misplaced) exceeds it; the tail beyond the
  // ziggurat's base, P(X > 7.697) = 4.54e-4, is checked within 5 standard deviations (about 107
  // draws of 454) with its mean, and the wedges by the share in [0.5, 1).
  it('draws exponentials by the ziggurat with the exact law, tail and wedges included', () => {
    const rng = new Stream(11, 2);
    const n = 1_000_000;
    const xs = new Float64Array(n);
    for (let i = 0; i < n; i++) xs[i] = rng.standardExponential();
    xs.sort();
    let d = 0;
    for (let i = 0; i < n; i++) {
      const f = 1 - Math.exp(-xs[i]);
      d = Math.max(d, Math.abs(f - i / n), Math.abs(f - (i + 1) / n));
    }
    expect(d).toBeLessThan(1.95 / Math.sqrt(n));
    const share = (lo: number, hi: number) => xs.filter((x) => x >= lo && x < hi).length / n;
    const tail = Math.exp(-7.697117470131487);
    expect(Math.abs(share(7.697117470131487, Infinity) - tail)).toBeLessThan(5 * Math.sqrt(tail / n));
    // Beyond the base the law is memoryless: the draws there average 1 more (sd 1 / sqrt(454)).
    const base = 7.697117470131487;
    const beyond = xs.filter((x) => x >= base);
    expect(Math.abs(beyond.reduce((a, b) => a + b, 0) / beyond.length - (base + 1))).toBeLessThan(0.25);
    const middle = Math.exp(-0.5) - Math.exp(-1);
    expect(Math.abs(share(0.5, 1) - middle)).toBeLessThan(5 * Math.sqrt((middle * (1 - middle)) / n));
    expect(xs[0]).toBeGreaterThanOrEqual(0);
  });

  // The normal's ziggurat the same way, on |x| (the layers are laid out on one side; folding makes
  // a misplaced layer move its whole 1/256 of probability, not half of it each side): KS against
  // the exact law 2 Phi(x) - 1 at n = 1,000,000 (bound 1.95 / sqrt(n), probability 0.999 for a
  // correct sampler; the 1/256 moved by one misplaced layer exceeds it), the tail beyond R = 3.654
  // (P = 2.58e-4, about 258 draws) and the sign within 5 standard deviations, and the sign
  // independent of the size (the share negative above the median of |x|).
  it('draws normals by the ziggurat with the exact law, tail and sign included', () => {
    const rng = new Stream(11, 3);
    const n = 1_000_000;
    const xs = new Float64Array(n);
    let negative = 0;
    let negativeLarge = 0;
    for (let i = 0; i < n; i++) {
      const x = rng.normal();
      xs[i] = Math.abs(x);
      if (x < 0) negative++;
      if (x < -0.6744897501960817) negativeLarge++;
    }
    xs.sort();
    let d = 0;
    for (let i = 0; i < n; i++) {
      const f = 2 * normalCdf(xs[i]) - 1;
      d = Math.max(d, Math.abs(f - i / n), Math.abs(f - (i + 1) / n));
    }
    expect(d).toBeLessThan(1.95 / Math.sqrt(n));
    const r = 3.6541528853610088;
    const tail = 2 * (1 - normalCdf(r));
    const beyond = xs.filter((x) => x > r).length / n;
    expect(Math.abs(beyond - tail)).toBeLessThan(5 * Math.sqrt(tail / n));
    expect(Math.abs(negative / n - 0.5)).toBeLessThan(5 * Math.sqrt(0.25 / n));
    expect(Math.abs(negativeLarge / n - 0.25)).toBeLessThan(5 * Math.sqrt(0.1875 / n));
  });
});

/** The standard normal's distribution function by erfc (Numerical Recipes' erfcc: error < 1.2e-7). */
function normalCdf(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.5 * z);
  const poly =
    -z * z -
    1.26551223 +
    t *
      (1.00002368 +
        t * (0.37409196 + t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277))))))));
  const erfc = t * Math.exp(poly);
  return x >= 0 ? 1 - erfc / 2 : erfc / 2;
}

describe('statistics', () => {
  it('spreads a level over time bins', () => {
    const s = new BinnedSeries(10);
    s.addArea(5, 32, 2); // 5 in bin 0, 10 in bins 1 and 2, 2 in bin 3
    s.addAt(41, 7);
    expect(s.toArray()).toEqual([10, 20, 20, 4, 7]);
  });
  it('bins waits 1 % wide above a minute, as log(w) / log(1.01) says, without a logarithm', () => {
    const rng = new Stream(4, 0);
    const apart: string[] = [];
    for (let k = 0; k < 100_000; k++) {
      const w = Math.exp(rng.uniform() * 12.3);
      const steps = Math.log(w) / Math.log(1.01);
      const byLog = Math.min(HISTOGRAM_BINS - 1, 101 + Math.floor(steps));
      // At an edge itself the two may round apart; anywhere else they agree.
      const atEdge = Math.abs(steps - Math.round(steps)) <= 1e-9;
      if (!atEdge && histogramBin(w) !== byLog) apart.push(`w = ${w}: bin ${histogramBin(w)}, by the logarithm ${byLog}`);
    }
    expect(apart).toEqual([]);
    expect([0, 0.005, 0.999, 1, 1.0099, 1.01, 5e5, Infinity].map(histogramBin)).toEqual([0, 1, 100, 101, 101, 102, HISTOGRAM_BINS - 1, HISTOGRAM_BINS - 1]);
  });
  it('reads percentiles from the histogram within its resolution', () => {
    const counts = new Float64Array(HISTOGRAM_BINS);
    const rng = new Stream(3, 0);
    const waits = Array.from({ length: 50_000 }, () => (rng.uniform() < 0.3 ? 0 : rng.exponential(4)));
    for (const w of waits) counts[histogramBin(w)]++;
    waits.sort((a, b) => a - b);
    for (const q of [0.5, 0.9, 0.95]) {
      const exact = waits[Math.ceil(q * waits.length) - 1];
      expect(Math.abs(histogramQuantile(counts, q) - exact)).toBeLessThan(0.01 * exact + 0.01);
    }
    expect(histogramQuantile(counts, 0.2)).toBe(0);
  });
  it('has Student t quantiles and intervals', () => {
    expect(studentTQuantile(0.975, 1)).toBeCloseTo(12.706, 3);
    expect(studentTQuantile(0.975, 9)).toBeCloseTo(2.262, 3);
    expect(studentTQuantile(0.975, 1000)).toBeCloseTo(1.962, 3);
    const ci = meanCI([1, 2, 3, 4]);
    expect(ci.mean).toBe(2.5);
    expect(ci.ci95![1] - 2.5).toBeCloseTo(3.182 * Math.sqrt(5 / 3 / 4), 3);
    expect(meanCI([5]).ci95).toBeNull();
  });
  it('has Erlang C for a known case', () => {
    // c = 2, a = 1: C = 1/3.
    expect(erlangC(2, 1)).toBeCloseTo(1 / 3, 12);
  });
});
