// Exact transient figures of a queue whose arrivals and servers change period by period (the
// M(t)/M/c(t) queue: Poisson arrivals, exponential service, first come first served), for the
// theory tests: its Kolmogorov forward equations on a truncated state space, solved by
// uniformisation (exact but for a 1e-13 tail of a Poisson series: no step size to converge), and a
// tagged arrival's own chain for the share who start within a wait and the mean wait, per period
// of arrival.
//
// A schedule that lowers the servers while they are busy does what the engine does (engine.ts:
// onDepart, applyBreak): every server in service finishes its passenger, and only then does a
// server above the new level close. So the state is (n in system, e servers busy above the
// level); e > 0 only while all of the level's servers are busy too. `closing: 'hands back'` models
// another rule, a closing server handing its passenger back to the head of the queue (with
// memoryless service the same as preempting), so a test can say how far apart the two rules are.

export interface StaffedQueue {
  periodMinutes: number;
  /** Poisson arrivals per hour in each period from time 0; none after the last. */
  arrivalsPerHour: readonly number[];
  /** Servers open in each period; the last period's stay open until everyone is served. */
  servers: readonly number[];
  serviceMeanMinutes: number;
  closing?: 'finishes' | 'hands back';
}

export interface Numerics {
  /** Most customers in the system; arrivals beyond are turned away (`truncated` says how likely that was). */
  maxInSystem?: number;
  /** Step of the arrival-time quadrature (composite Simpson), minutes. */
  quadratureMinutes?: number;
}

/** A uniformisation series stops when the Poisson tail left is below this. */
const TAIL = 1e-13;
/** Each stretch uniformised at once has at most this many expected jumps (e^-x stays far from underflow). */
const MAX_JUMPS = 400;
/** A tagged arrival's chain leaves out its longest queues ahead while they hold less than this probability. */
const NEGLIGIBLE = 1e-15;
/**
 * Quadrature points sit this far inside a period or a smooth stretch, so an arrival there sees
 * the servers of its own period and its window never ends exactly on a step of the schedule.
 */
const NUDGE = 1e-9;

/**
 * The queue's states and rates. System state (n, e) sits at index e * (N + 1) + n; a waiting
 * tagged arrival's state (q waiting ahead of it, e) at e * (N + 1) + q. Layers e run up to the
 * most servers that can be busy above the level in the period (fewer layers, fewer sums).
 */
class Chain {
  readonly top: number;
  readonly width: number;
  readonly size: number;
  readonly mu: number;
  readonly hands: boolean;
  /** When the servers change (every period's start but the first). */
  readonly steps: readonly number[];
  /** Per period of the servers, the layers of e in use. */
  private readonly layersOf: readonly number[];

  constructor(
    readonly queue: StaffedQueue,
    maxInSystem: number,
  ) {
    if (queue.servers[queue.servers.length - 1] < 1) throw new RangeError('the last period needs a server');
    this.top = maxInSystem;
    this.width = maxInSystem + 1;
    this.mu = 1 / queue.serviceMeanMinutes;
    this.hands = queue.closing === 'hands back';
    this.layersOf = excessLayers(queue.servers, this.hands);
    this.size = this.width * Math.max(...this.layersOf);
    this.steps = queue.servers.slice(1).map((_, k) => (k + 1) * queue.periodMinutes);
  }

  private periodOf(t: number): number {
    return Math.min(this.queue.servers.length - 1, Math.floor(t / this.queue.periodMinutes));
  }

  /** Servers open at time t (the last period's ever after). */
  serversAt(t: number): number {
    return this.queue.servers[this.periodOf(t)];
  }

  layersAt(t: number): number {
    return this.layersOf[this.periodOf(t)];
  }

  /** Arrivals per minute at time t. */
  rateAt(t: number): number {
    const k = Math.floor(t / this.queue.periodMinutes);
    return k < this.queue.arrivalsPerHour.length ? this.queue.arrivalsPerHour[k] / 60 : 0;
  }

  /** Busy servers in system state (n, e) with c open. */
  busy(n: number, e: number, c: number): number {
    return e > 0 ? c + e : Math.min(n, c);
  }

  /** Servers still busy above the level when it steps to `next` with `busy` busy. */
  overLevel(busy: number, next: number): number {
    return this.hands ? 0 : Math.max(0, busy - next);
  }

  /** One uniformised step of the system, v P: arrivals at lam, c open, uniform rate big. */
  systemStep(lam: number, c: number, big: number, layers: number): Step {
    const { top, width, mu } = this;
    return (v, out) => {
      out.fill(0);
      for (let e = 0; e < layers; e++) {
        const row = e * width;
        // A departure above the level lowers e; otherwise the next in the queue starts.
        const downRow = e > 0 ? row - width : row;
        for (let n = 0; n <= top; n++) {
          const p = v[row + n];
          if (p === 0) continue;
          const up = n < top ? lam : 0;
          const down = mu * this.busy(n, e, c);
          out[row + n] += p * (1 - (up + down) / big);
          if (up > 0) out[row + n + 1] += (p * up) / big;
          if (down > 0) out[downRow + n - 1] += (p * down) / big;
        }
      }
    };
  }

  /** The system's distribution just after the servers step from c to next. */
  systemJump(v: Float64Array, c: number, next: number, layers: number): Float64Array {
    const out = new Float64Array(this.size);
    for (let e = 0; e < layers; e++) {
      for (let n = 0; n <= this.top; n++) out[this.overLevel(this.busy(n, e, c), next) * this.width + n] += v[e * this.width + n];
    }
    return out;
  }

  /** A tagged arrival finding system state (n, e) with c open: its state, or -1 when it starts at once. */
  taggedState(n: number, e: number, c: number): number {
    if (e === 0 && n < c) return -1;
    return e * this.width + (n - c - e);
  }

  /**
   * A waiting tagged arrival's state after a step of the servers from c to next, -1 when it
   * starts then: a rise starts as many of those waiting as there are new free servers.
   */
  taggedJump(q: number, e: number, c: number, next: number): number {
    const busy = c + e;
    // Handed back, the passengers of the closing servers go to the head of the queue.
    if (next < busy) return this.hands ? Math.min(this.top, q + busy - next) : this.overLevel(busy, next) * this.width + q;
    const ahead = q - (next - busy);
    return ahead < 0 ? -1 : ahead;
  }

  /**
   * Forward step of the tagged chain packed to its first `rows` queues ahead (state (q, e) at
   * e * rows + q). Only departures move it (those behind it change nothing): from (q, e) at rate
   * mu (c + e) to (q, e - 1) while e > 0, else to q - 1, and from q = 0 it starts (its mass
   * leaves). NOTE: inlined for performance.
   */
  taggedStep(c: number, big: number, layers: number, rows: number): Step {
    return (v, out) => {
      for (let e = 0; e < layers; e++) {
        const move = (this.mu * (c + e)) / big;
        const row = e * rows;
        for (let q = 0; q < rows; q++) out[row + q] = v[row + q] * (1 - move);
        if (e > 0) for (let q = 0; q < rows; q++) out[row - rows + q] += v[row + q] * move;
        else for (let q = 1; q < rows; q++) out[q - 1] += v[q] * move;
      }
    };
  }

  /** Backward step of the tagged chain, P h (h of a started arrival is 0). */
  taggedBackStep(c: number, big: number, layers: number): Step {
    const width = this.width;
    return (h, out) => {
      for (let e = 0; e < layers; e++) {
        const move = (this.mu * (c + e)) / big;
        const row = e * width;
        for (let q = 0; q < width; q++) {
          const after = e > 0 ? h[row - width + q] : q > 0 ? h[q - 1] : 0;
          out[row + q] = h[row + q] * (1 - move) + after * move;
        }
      }
    };
  }
}

/**
 * Per period, 1 + the most servers that can be busy above its level: those opened in earlier
 * periods beyond it (none when closing servers hand their passengers back).
 */
function excessLayers(servers: readonly number[], hands: boolean): number[] {
  let high = 0;
  return servers.map((c) => {
    high = Math.max(high, c);
    return hands ? 1 : 1 + high - c;
  });
}

type Step = (v: Float64Array, out: Float64Array) => void;

/**
 * v e^{Gs} (or e^{Gs} h for a backward step) by uniformisation at rate big, over the first
 * `used` entries (the rest stay 0): the Poisson(big s) mixture of the uniformised chain's powers.
 * With `integral`, adds the integral over [0, s] of the same into it: the k-th power weighs
 * P(Poisson(big s) > k) / big.
 */
function propagate(v: Float64Array, s: number, big: number, step: Step, used: number, integral?: Float64Array): Float64Array {
  let result = v;
  const chunks = Math.max(1, Math.ceil((big * s) / MAX_JUMPS));
  for (let k = 0; k < chunks; k++) result = propagateChunk(result, s / chunks, big, step, used, integral);
  return result;
}

function propagateChunk(v: Float64Array, s: number, big: number, step: Step, used: number, integral?: Float64Array): Float64Array {
  const x = big * s;
  let term = Float64Array.from(v);
  let next = new Float64Array(v.length);
  const out = new Float64Array(v.length);
  let weight = Math.exp(-x);
  let tail = 1 - weight;
  for (let k = 0; ; k++) {
    for (let i = 0; i < used; i++) out[i] += weight * term[i];
    if (integral) for (let i = 0; i < used; i++) integral[i] += (tail / big) * term[i];
    if (tail < TAIL && k > x) break;
    step(term, next);
    [term, next] = [next, term];
    weight *= x / (k + 1);
    tail -= weight;
  }
  return out;
}

/** The system's distribution from empty at time 0, advanced through the schedule's steps. */
class SystemRun {
  t = 0;
  p: Float64Array;
  /** Most probability ever at the truncation (where arrivals are turned away). */
  truncated = 0;

  constructor(readonly chain: Chain) {
    this.p = new Float64Array(chain.size);
    this.p[0] = 1;
  }

  /** Advances to time `to`; `onStretch(from, integral)` gets the integral of p over each stretch of constant rates. */
  advanceTo(to: number, onStretch?: (from: number, integral: Float64Array) => void): void {
    const ch = this.chain;
    const period = ch.queue.periodMinutes;
    while (this.t < to) {
      const c = ch.serversAt(this.t);
      const layers = ch.layersAt(this.t);
      const boundary = (Math.floor(this.t / period) + 1) * period;
      const until = Math.min(to, boundary);
      const lam = ch.rateAt(this.t);
      const big = lam + ch.mu * (c + layers - 1);
      const integral = onStretch ? new Float64Array(ch.size) : undefined;
      this.p = propagate(this.p, until - this.t, big, ch.systemStep(lam, c, big, layers), layers * ch.width, integral);
      if (integral) onStretch!(this.t, integral);
      for (let e = 0; e < layers; e++) this.truncated = Math.max(this.truncated, this.p[e * ch.width + ch.top]);
      this.t = until;
      if (until === boundary && ch.steps.includes(until)) this.p = ch.systemJump(this.p, c, ch.serversAt(until), layers);
    }
  }
}

/** Sum over system states of p(n, e) f(n, e). */
function sumOverStates(ch: Chain, p: Float64Array, f: (n: number, e: number) => number): number {
  let s = 0;
  for (let i = 0; i < ch.size; i++) if (p[i] !== 0) s += p[i] * f(i % ch.width, Math.floor(i / ch.width));
  return s;
}

/** Expected queue-minutes and busy server-minutes in each bin of time up to `until`. */
export function expectedAreas(queue: StaffedQueue, binMinutes: number, until: number, numerics: Numerics = {}) {
  const ch = new Chain(queue, numerics.maxInSystem ?? 250);
  const run = new SystemRun(ch);
  const queueArea: number[] = [];
  const busyArea: number[] = [];
  for (let bin = 0; bin * binMinutes < until; bin++) {
    queueArea.push(0);
    busyArea.push(0);
    run.advanceTo(Math.min(until, (bin + 1) * binMinutes), (from, integral) => {
      const c = ch.serversAt(from);
      queueArea[bin] += sumOverStates(ch, integral, (n, e) => n - ch.busy(n, e, c));
      busyArea[bin] += sumOverStates(ch, integral, (n, e) => ch.busy(n, e, c));
    });
  }
  return { queueArea, busyArea, truncated: run.truncated };
}

export interface PeriodWaits {
  /** Per wait given, per period of arrival: the share of its arrivals who start service within it. */
  shareWithin: number[][];
  /** Per period of arrival: their mean wait, minutes. */
  meanWait: number[];
  /** Most probability ever at the truncation; a test asserts it is negligible. */
  truncated: number;
}

/**
 * Per period of arrival, the share of arrivals starting within each of `withinMinutes`
 * (ascending) and their mean wait. An arrival at t sees the system's distribution at t (Poisson
 * arrivals see time averages), so each is the integral over the period of E[P(start by t + w |
 * state at t)] (its chain run forward from t) or of E[wait | state at t] (one backward sweep of
 * its expected wait), over the period's length (the rate is constant in a period). The integrals
 * are composite Simpson on stretches where the integrand is smooth: they break where t + w meets
 * a step (a rise there starts some at once).
 */
export function periodWaits(queue: StaffedQueue, withinMinutes: readonly number[], numerics: Numerics = {}): PeriodWaits {
  const ch = new Chain(queue, numerics.maxInSystem ?? 250);
  const nodes = quadratureNodes(ch, withinMinutes, numerics.quadratureMinutes ?? 0.5);
  const remaining = expectedWaits(
    ch,
    nodes.map((x) => x.t),
  );
  const run = new SystemRun(ch);
  const periods = queue.arrivalsPerHour.length;
  const shareWithin = withinMinutes.map(() => new Array<number>(periods).fill(0));
  const meanWait = new Array<number>(periods).fill(0);
  nodes.forEach((node, k) => {
    run.advanceTo(node.t);
    const waiting = taggedStart(ch, run.p, node.t);
    const weight = node.weight / queue.periodMinutes;
    stillWaiting(ch, waiting, node.t, withinMinutes).forEach((still, j) => (shareWithin[j][node.period] += weight * (1 - still)));
    meanWait[node.period] += weight * dot(waiting, remaining[k]);
  });
  return { shareWithin, meanWait, truncated: run.truncated };
}

interface Node {
  t: number;
  weight: number;
  period: number;
}

/** Composite Simpson nodes over each period's smooth stretches, in time order. */
function quadratureNodes(ch: Chain, waits: readonly number[], h: number): Node[] {
  const period = ch.queue.periodMinutes;
  const nodes: Node[] = [];
  ch.queue.arrivalsPerHour.forEach((_, p) => {
    const from = p * period;
    const to = from + period;
    const cuts = waits.flatMap((w) => ch.steps.map((s) => s - w)).filter((x) => x > from && x < to);
    const edges = [...new Set([from, ...cuts, to])].sort((a, b) => a - b);
    for (let k = 0; k + 1 < edges.length; k++) nodes.push(...simpson(edges[k] + NUDGE, edges[k + 1] - NUDGE, h, p));
  });
  return nodes;
}

function simpson(a: number, b: number, h: number, period: number): Node[] {
  const m = 2 * Math.max(1, Math.ceil((b - a) / (2 * h)));
  const d = (b - a) / m;
  return Array.from({ length: m + 1 }, (_, i) => ({
    t: a + i * d,
    weight: ((i === 0 || i === m ? 1 : i % 2 === 1 ? 4 : 2) * d) / 3,
    period,
  }));
}

function dot(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
}

/** The tagged chain's distribution for an arrival at t seeing p: the mass of those who would wait. */
function taggedStart(ch: Chain, p: Float64Array, t: number): Float64Array {
  const c = ch.serversAt(t);
  const v = new Float64Array(ch.size);
  for (let e = 0; e < ch.layersAt(t); e++) {
    for (let n = 0; n <= ch.top; n++) {
      const i = ch.taggedState(n, e, c);
      if (i >= 0) v[i] += p[e * ch.width + n];
    }
  }
  return v;
}

/**
 * Probability that an arrival at t whose chain starts at v still waits at t + w, for each of the
 * ascending waits: v run forward through the steps.
 */
function stillWaiting(ch: Chain, start: Float64Array, t: number, waits: readonly number[]): number[] {
  let v: Float64Array = Float64Array.from(start);
  let now = t;
  let dropped = 0;
  const still: number[] = [];
  const ends = waits.map((w) => t + w);
  const last = ends[ends.length - 1];
  const steps = ch.steps.filter((s) => s > t && s < last);
  for (const until of [...new Set([...steps, ...ends])].sort((a, b) => a - b)) {
    const c = ch.serversAt(now);
    const { layers, rows, cut } = trimSupport(ch, v, ch.layersAt(now));
    dropped += cut;
    const big = ch.mu * (c + layers - 1);
    const packed = propagate(pack(ch, v, layers, rows), until - now, big, ch.taggedStep(c, big, layers, rows), layers * rows);
    if (ends.includes(until)) still.push(packed.reduce((s, x) => s + x, 0) + dropped);
    v = unpack(ch, packed, layers, rows);
    if (steps.includes(until)) v = taggedJumpForward(ch, v, c, ch.serversAt(until), layers);
    now = until;
  }
  return still;
}

/**
 * The part of v worth running: its lowest layers of e and shortest queues ahead, zeroing the rest
 * while it holds less than NEGLIGIBLE in all (the mass cut, counted as still waiting). Neither
 * grows between steps, and fewer layers mean a lower uniform rate, so fewer terms.
 */
function trimSupport(ch: Chain, v: Float64Array, most: number): { layers: number; rows: number; cut: number } {
  let cut = 0;
  let layers = most;
  for (; layers > 1; layers--) {
    const row = v.subarray((layers - 1) * ch.width, layers * ch.width);
    const mass = row.reduce((s, x) => s + x, 0);
    if (cut + mass >= NEGLIGIBLE) break;
    cut += mass;
    row.fill(0);
  }
  let rows = ch.width;
  for (; rows > 1; rows--) {
    let mass = 0;
    for (let e = 0; e < layers; e++) mass += v[e * ch.width + rows - 1];
    if (cut + mass >= 2 * NEGLIGIBLE) break;
    cut += mass;
    for (let e = 0; e < layers; e++) v[e * ch.width + rows - 1] = 0;
  }
  return { layers, rows, cut };
}

/** The tagged chain's states with fewer than `rows` ahead, packed row after row (the rest hold nothing). */
function pack(ch: Chain, v: Float64Array, layers: number, rows: number): Float64Array {
  const out = new Float64Array(layers * rows);
  for (let e = 0; e < layers; e++) out.set(v.subarray(e * ch.width, e * ch.width + rows), e * rows);
  return out;
}

function unpack(ch: Chain, packed: Float64Array, layers: number, rows: number): Float64Array {
  const out = new Float64Array(ch.size);
  for (let e = 0; e < layers; e++) out.set(packed.subarray(e * rows, (e + 1) * rows), e * ch.width);
  return out;
}

function taggedJumpForward(ch: Chain, v: Float64Array, c: number, next: number, layers: number): Float64Array {
  const out = new Float64Array(ch.size);
  for (let e = 0; e < layers; e++) {
    for (let q = 0; q < ch.width; q++) {
      const to = ch.taggedJump(q, e, c, next);
      if (to >= 0 && to < ch.size) out[to] += v[e * ch.width + q];
    }
  }
  return out;
}

/**
 * The tagged chain's expected wait from each state, at each of the ascending times: one sweep
 * backward from the last step, after which the servers never change and the wait is the time for
 * the e servers above the level to finish (at rates mu (c + e), ..., mu (c + 1)) and then for
 * q + 1 departures at rate c mu.
 */
function expectedWaits(ch: Chain, times: readonly number[]): Float64Array[] {
  const last = ch.steps.length > 0 ? ch.steps[ch.steps.length - 1] : 0;
  const after = ch.serversAt(last);
  let h: Float64Array = new Float64Array(ch.size);
  for (let i = 0; i < ch.size; i++) {
    const e = Math.floor(i / ch.width);
    h[i] = ((i % ch.width) + 1) / (after * ch.mu);
    for (let j = 1; j <= e; j++) h[i] += 1 / (ch.mu * (after + j));
  }
  const out: Float64Array[] = new Array(times.length);
  // h holds the values at `now`, after the step there if there is one.
  let now = last;
  for (let k = times.length - 1; k >= 0; k--) {
    const t = times[k];
    while (now > t) {
      if (ch.steps.includes(now)) h = taggedJumpBackward(ch, h, ch.serversAt(now - NUDGE), ch.serversAt(now));
      const below = Math.max(t, ...ch.steps.filter((s) => s < now));
      const c = ch.serversAt(below);
      const layers = ch.layersAt(below);
      const big = ch.mu * (c + layers - 1);
      const step = ch.taggedBackStep(c, big, layers);
      // E[wait] from t = E[time waited before `now`] + E[wait from now on].
      const waited = new Float64Array(ch.size);
      propagate(new Float64Array(ch.size).fill(1), now - below, big, step, layers * ch.width, waited);
      h = propagate(h, now - below, big, step, layers * ch.width);
      for (let i = 0; i < h.length; i++) h[i] += waited[i];
      now = below;
    }
    out[k] = h;
  }
  return out;
}

/** h just before a step from c to next servers: each state's value where the step sends it (0 if it starts). */
function taggedJumpBackward(ch: Chain, h: Float64Array, c: number, next: number): Float64Array {
  const out = new Float64Array(ch.size);
  for (let i = 0; i < ch.size; i++) {
    const to = ch.taggedJump(i % ch.width, Math.floor(i / ch.width), c, next);
    out[i] = to >= 0 && to < ch.size ? h[to] : 0;
  }
  return out;
}
