// A period's verdict against its target, and what a plan does about periods that miss: shared by
// the search (stationSearch.ts) and the verification of its plan on fresh replications
// (verify.ts), so both judge and raise alike.
import type { ShareEstimate, Verdict } from './types';

export function verdict(e: ShareEstimate, share: number): Verdict {
  if (e.ci95[0] >= share) return 'pass';
  if (e.ci95[1] < share) return 'fail';
  return 'undecided';
}

/**
 * Raises the first period below the most of every run of missing periods (later periods of a run
 * often miss only for the backlog the first leaves). Answers the raised servers, or null when no
 * period could be raised, and the periods of runs already at the most everywhere (to be pinned).
 */
export function raiseMissing(servers: readonly number[], verdicts: readonly Verdict[], max: number): { raised: number[] | null; atMost: number[] } {
  const raised = [...servers];
  const atMost: number[] = [];
  let changed = false;
  for (let a = 0; a < servers.length; a++) {
    if (verdicts[a] !== 'fail') continue;
    let b = a;
    while (b + 1 < servers.length && verdicts[b + 1] === 'fail') b++;
    const q = servers.slice(a, b + 1).findIndex((n) => n < max);
    if (q >= 0) {
      raised[a + q]++;
      changed = true;
    } else for (let p = a; p <= b; p++) atMost.push(p);
    a = b;
  }
  return { raised: changed ? raised : null, atMost };
}

/** The fewest servers a period may keep: the last keeps one for whoever still waits after it. */
export function floorOf(p: number, periods: number): number {
  return p === periods - 1 ? 1 : 0;
}

/** The period to try removing a position from: the most slack first, later first on ties. */
export function removalCandidate(slack: readonly number[], settled: (p: number) => boolean): number | null {
  let best: number | null = null;
  slack.forEach((_, p) => {
    if (!settled(p) && (best === null || slack[p] >= slack[best])) best = p;
  });
  return best;
}
