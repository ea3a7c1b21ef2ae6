// Erlang C (M/M/c queue) formulas used to check a counter plan slot by slot: the probability
// that a passenger waits at all, and that the wait exceeds a target. Pure numbers in, numbers
// out; computed through the Erlang B recursion, which stays stable for hundreds of servers.

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
