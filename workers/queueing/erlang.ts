// Closed-form results for Markovian queues: Erlang C for M/M/c and the M/M/c/K chain. The check-in
// rule sizes counters with them slot by slot, the sizing search starts from them, and the
// simulation engine is tested against them. Pure numbers in, numbers out; Erlang C goes through
// the Erlang B recursion, which stays stable for hundreds of servers.

/** Probability that an arrival waits, with `servers` servers and `load` Erlangs offered (λ/μ). */
export function erlangC(servers: number, load: number): number {
  if (!Number.isInteger(servers) || servers < 0) throw new RangeError('servers must be a non-negative integer');
  if (!(load >= 0)) throw new RangeError('load must be non-negative');
  if (load === 0) return 0;
  if (load >= servers) return 1;
  let b = 1;
  for (let k = 1; k <= servers; k++) b = (load * b) / (k + load * b);
  return (servers * b) / (servers - load * (1 - b));
}

/** Probability that the wait exceeds `t`, arrivals at `lambda` and service at `mu` per server (same time unit as t). */
export function waitExceeds(servers: number, lambda: number, mu: number, t: number): number {
  const load = lambda / mu;
  if (load >= servers) return 1;
  return erlangC(servers, load) * Math.exp(-(servers * mu - lambda) * t);
}

/** Mean wait in queue, in the time unit of `lambda` and `mu`; Infinity when the queue is unstable. */
export function meanWait(servers: number, lambda: number, mu: number): number {
  const load = lambda / mu;
  if (load >= servers) return Infinity;
  return erlangC(servers, load) / (servers * mu - lambda);
}

/** M/M/c in steady state: P(W > 0), the mean wait and P(W > t). */
export function mmc(lambda: number, mu: number, servers: number) {
  return {
    pWait: erlangC(servers, lambda / mu),
    meanWait: meanWait(servers, lambda, mu),
    pWaitGreater: (t: number) => waitExceeds(servers, lambda, mu, t),
  };
}

/** M/M/c/K (K in the system, K - c waiting places): blocking and mean wait of admitted arrivals. */
export function mmck(lambda: number, mu: number, servers: number, K: number) {
  const p: number[] = [1];
  for (let n = 1; n <= K; n++) p.push((p[n - 1] * lambda) / (mu * Math.min(n, servers)));
  const total = p.reduce((s, x) => s + x, 0);
  const probs = p.map((x) => x / total);
  const lq = probs.reduce((s, x, n) => s + Math.max(0, n - servers) * x, 0);
  const blocking = probs[K];
  return { blocking, meanWait: lq / (lambda * (1 - blocking)) };
}
