// Seeded random streams and the service/arrival distributions. One independent stream per
// source and per station keeps a run reproducible from its seed and lets a change to one part of
// a model leave the draws of the others untouched (common random numbers between scenarios).

/** sfc32 (Chris Doty-Humphrey's small fast counting generator): 128-bit state, passes PractRand. */
export class Stream {
  private readonly s = new Int32Array(4);

  constructor(seed: number, streamIndex: number) {
    // splitmix32 spreads (seed, stream) over the state so neighbouring streams are unrelated.
    let x = (Math.imul(seed | 0, 0x9e3779b9) ^ Math.imul(streamIndex + 1, 0x85ebca6b)) | 0;
    for (let i = 0; i < 4; i++) {
      x = (x + 0x9e3779b9) | 0;
      let z = x;
      z = Math.imul(z ^ (z >>> 16), 0x21f0aaad);
      z = Math.imul(z ^ (z >>> 15), 0x735a2d97);
      this.s[i] = z ^ (z >>> 15);
    }
    for (let i = 0; i < 12; i++) this.uniform();
  }

  /** 32 random bits as an integer from 0 to 2^32 - 1. */
  bits(): number {
    const s = this.s;
    const a = s[0],
      b = s[1],
      c = s[2],
      d = s[3];
    const t = (((a + b) | 0) + d) | 0;
    s[3] = (d + 1) | 0;
    s[0] = b ^ (b >>> 9);
    s[1] = (c + (c << 3)) | 0;
    s[2] = (((c << 21) | (c >>> 11)) + t) | 0;
    return t >>> 0;
  }

  /** Uniform on [0, 1) with 32 random bits. */
  uniform(): number {
    return this.bits() / 4294967296;
  }

  /** Exponential with the given mean. */
  exponential(mean: number): number {
    return mean * this.standardExponential();
  }

  /**
   * Exponential with mean 1 by the ziggurat of Marsaglia and Tsang (2000): 256 layers of equal
   * area under e^-x; a draw inside a layer's rectangle under the curve (about 98.9 % of them) costs
   * two 32-bit draws and a multiplication, no logarithm (the logarithm was the dearest step of an
   * M/M/c run). 8 bits pick the layer and the other 56 the point in it, so layer and point are
   * independent (Doornik 2005 on the original, which used the same bits for both) and the draws
   * are as fine as a double allows: coarser ones made a departure meet an arrival at the very same
   * time about once in 20 runs of a million customers.
   */
  standardExponential(): number {
    for (;;) {
      const v = this.bits();
      const i = v & 255;
      const u = (this.bits() + (v >>> 8) / 16777216) / 4294967296;
      if (u < ZIG_INSIDE[i]) return u * ZIG_WIDTH[i];
      // The base layer's part beyond R is the tail: R plus an exponential, by memorylessness.
      if (i === 0) return ZIG_R - Math.log(1 - this.uniform());
      const x = u * ZIG_WIDTH[i];
      if (ZIG_F[i] + this.uniform() * (ZIG_F[i - 1] - ZIG_F[i]) < Math.exp(-x)) return x;
    }
  }

  /**
   * Standard normal by the ziggurat of Marsaglia and Tsang (2000) for e^(-x^2/2), 256 layers, laid
   * out as the exponential's: one bit of the first draw gives the sign, 8 the layer, the other 23
   * with the second draw the point. About 98.8 % of draws end inside a layer's rectangle with no
   * logarithm or square root (the polar method spent both on every draw, and a gamma service time
   * draws a normal each: the dearest step of an airport replication's services).
   */
  normal(): number {
    for (;;) {
      const v = this.bits();
      const i = v & 255;
      const sign = v & 256 ? -1 : 1;
      const u = (this.bits() + (v >>> 9) / 8388608) / 4294967296;
      const x = u * NORMAL_WIDTH[i];
      if (u < NORMAL_INSIDE[i]) return sign * x;
      if (i === 0) {
        // The tail beyond R (Marsaglia 1964): R + a / R, with a exponential, accepted with
        // probability e^(-a^2 / 2R^2).
        for (;;) {
          const a = -Math.log(1 - this.uniform()) / NORMAL_R;
          const b = -Math.log(1 - this.uniform());
          if (b + b >= a * a) return sign * (NORMAL_R + a);
        }
      }
      if (NORMAL_F[i] + this.uniform() * (NORMAL_F[i - 1] - NORMAL_F[i]) < Math.exp(-0.5 * x * x)) return sign * x;
    }
  }

  /** Gamma(shape, 1) by Marsaglia and Tsang; shape < 1 boosted by u^(1/shape). */
  gamma(shape: number): number {
    if (shape < 1) return this.gamma(shape + 1) * Math.pow(1 - this.uniform(), 1 / shape);
    const d = shape - 1 / 3;
    const c = 1 / Math.sqrt(9 * d);
    for (;;) {
      let x: number, v: number;
      do {
        x = this.normal();
        v = 1 + c * x;
      } while (v <= 0);
      v = v * v * v;
      const u = 1 - this.uniform();
      if (u < 1 - 0.0331 * x * x * x * x || Math.log(u) < 0.5 * x * x + d * (1 - v + Math.log(v))) {
        return d * v;
      }
    }
  }
}

// The ziggurat's tables (Marsaglia and Tsang 2000, "The ziggurat method for generating random
// variables", J. Stat. Software 5(8)) for a decreasing density f with 256 layers: x_255 = R is
// where the tail begins, every layer (and the base layer with the tail) has area V. Layer i spans
// x in [0, x_i) (`width`); the share of it below x_{i-1} lies under the curve (`inside`);
// `f[i]` = f(x_i). `inverse` is f's inverse, which walks the layers down from R.
function ziggurat(r: number, v: number, f: (x: number) => number, inverse: (y: number) => number) {
  const inside = new Float64Array(256);
  const width = new Float64Array(256);
  const fx = new Float64Array(256);
  // The base layer: a rectangle of width V / f(R) holding the tail's area too.
  const base = v / f(r);
  inside[0] = r / base;
  width[0] = base;
  fx[0] = 1;
  width[255] = r;
  fx[255] = f(r);
  let x = r;
  for (let i = 254; i >= 1; i--) {
    const next = inverse(v / x + f(x));
    inside[i + 1] = next / x;
    x = next;
    fx[i] = f(x);
    width[i] = x;
  }
  inside[1] = 0;
  return { inside, width, f: fx };
}

// e^-x.
const ZIG_R = 7.697117470131487;
const {
  inside: ZIG_INSIDE,
  width: ZIG_WIDTH,
  f: ZIG_F,
} = ziggurat(
  ZIG_R,
  3.949659822581572e-3,
  (x) => Math.exp(-x),
  (y) => -Math.log(y),
);

// e^(-x^2/2), the normal's (one side; the sign is drawn apart).
const NORMAL_R = 3.6541528853610088;
const {
  inside: NORMAL_INSIDE,
  width: NORMAL_WIDTH,
  f: NORMAL_F,
} = ziggurat(
  NORMAL_R,
  4.92867323399e-3,
  (x) => Math.exp(-0.5 * x * x),
  (y) => Math.sqrt(-2 * Math.log(y)),
);

export enum Dist {
  Exponential = 0,
  Deterministic = 1,
  Erlang = 2,
  Lognormal = 3,
  Gamma = 4,
}

/** A distribution by its mean, ready to sample: the parameters are derived once, not per draw. */
export interface Sampler {
  readonly dist: Dist;
  readonly mean: number;
  /** Erlang: k; lognormal: mu of the underlying normal; gamma: shape. */
  readonly a: number;
  /** Erlang: mean of one phase; lognormal: sigma; gamma: scale. */
  readonly b: number;
}

export type DistSpec =
  | { dist: 'exponential'; mean_minutes: number }
  | { dist: 'deterministic'; mean_minutes: number }
  | { dist: 'erlang'; mean_minutes: number; k: number }
  | { dist: 'lognormal'; mean_minutes: number; cv: number }
  | { dist: 'gamma'; mean_minutes: number; cv: number };

export function makeSampler(spec: DistSpec): Sampler {
  const mean = spec.mean_minutes;
  switch (spec.dist) {
    case 'exponential':
      return { dist: Dist.Exponential, mean, a: 0, b: 0 };
    case 'deterministic':
      return { dist: Dist.Deterministic, mean, a: 0, b: 0 };
    case 'erlang':
      return { dist: Dist.Erlang, mean, a: spec.k, b: mean / spec.k };
    case 'lognormal': {
      if (spec.cv === 0) return { dist: Dist.Deterministic, mean, a: 0, b: 0 };
      const sigma2 = Math.log(1 + spec.cv * spec.cv);
      return { dist: Dist.Lognormal, mean, a: Math.log(mean) - sigma2 / 2, b: Math.sqrt(sigma2) };
    }
    case 'gamma': {
      if (spec.cv === 0) return { dist: Dist.Deterministic, mean, a: 0, b: 0 };
      const shape = 1 / (spec.cv * spec.cv);
      return { dist: Dist.Gamma, mean, a: shape, b: mean / shape };
    }
  }
}

export function sample(s: Sampler, rng: Stream): number {
  switch (s.dist) {
    case Dist.Exponential:
      return s.mean * rng.standardExponential();
    case Dist.Deterministic:
      return s.mean;
    case Dist.Erlang: {
      // The product of k uniforms, one log: cheaper than k logs, and k is small in practice.
      let p = 1;
      for (let i = 0; i < s.a; i++) p *= 1 - rng.uniform();
      return -s.b * Math.log(p);
    }
    case Dist.Lognormal:
      return Math.exp(s.a + s.b * rng.normal());
    case Dist.Gamma:
      return s.b * rng.gamma(s.a);
  }
}
