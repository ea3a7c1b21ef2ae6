// Closed-form results for Markovian queues (Erlang C, M/M/c/K): the yardstick the engine is
// tested against, and a quick sizing check for planners (counters for a target wait).

/** Erlang C: probability that an arrival waits in an M/M/c queue with offered load a = lambda/mu. */
export function erlangC(c: number, a: number): number {
  // Erlang B by its stable recursion, then C from B.
  let b = 1;
  for (let k = 1; k <= c; k++) b = (a * b) / (k + a * b);
  const rho = a / c;
  return b / (1 - rho + rho * b);
}

/** M/M/c steady state: P(W > 0), mean wait and P(W > t); rates per minute. */
export function mmc(lambda: number, mu: number, c: number) {
  const pWait = erlangC(c, lambda / mu);
  const gap = c * mu - lambda;
  return {
    pWait,
    meanWait: pWait / gap,
    pWaitGreater: (t: number) => pWait * Math.exp(-gap * t),
  };
}

/** M/M/c/K (K in the system, K - c waiting places): blocking and mean wait of admitted arrivals. */
export function mmck(lambda: number, mu: number, c: number, K: number) {
  const p: number[] = [1];
  for (let n = 1; n <= K; n++) p.push((p[n - 1] * lambda) / (mu * Math.min(n, c)));
  const total = p.reduce((s, x) => s + x, 0);
  const probs = p.map((x) => x / total);
  const lq = probs.reduce((s, x, n) => s + Math.max(0, n - c) * x, 0);
  const blocking = probs[K];
  return { blocking, meanWait: lq / (lambda * (1 - blocking)) };
}
