// The search's plan checked on replications it never saw (issue 33). The search keeps a removal
// when its own replications say the plan still meets the target, so its plan is chosen on them
// and its estimates there are too kind (by 1 to 2 points of share on a time-varying day). Here
// the plan runs on fresh replications, doubled until every period's 95 % interval lies above or
// below the target share, up to a limit; a period that misses gets a position back. Removing
// one position from each period is then tried on the same replications: the plan is locally
// minimal when every such removal misses. A removal that holds is not made: the smaller plan
// would need replications of its own to be verified on (its period was chosen on these), which
// for the checkpoints means recording the whole check-in hall again; the plan keeps the position
// and says so.
import type { LayerRuns } from './stationRuns';
import { estimateChangedShare, estimateShare, type ChangedShareEstimate } from './tally';
import type { ShareEstimate, SizedStation, SizingTally, Verdict, VerificationSettings } from './types';
import { floorOf, raiseMissing, removalCandidate, verdict } from './verdicts';

export const DEFAULT_VERIFICATION: VerificationSettings = { first: 8, least: 64, max: 400 };

/**
 * Replication indices of verification: VERIFIED_FROM onwards, far from the search's 0, 1, 2...
 * (each index seeds its replication through a hash, run.ts).
 */
const VERIFIED_FROM = 1 << 24;

/**
 * A removal whose period cannot be shown a point of share above the target misses: closer than
 * that, planners cannot tell the period from one at the target (the acceptance standard re-checks
 * minimality with the same point), and telling it apart would cost thousands of replications.
 */
const REMOVAL_TOLERANCE = 0.01;

export interface VerifiedPlan {
  servers: number[];
  /** Periods that miss even with every position open. */
  pinned: boolean[];
  estimates: ShareEstimate[];
  verdicts: Verdict[];
  replications: number;
  locally_minimal: boolean;
  /** Periods from which removing one position was too close to call. */
  closeRemovals: number[];
  /** A period from which removing one position held: kept, as the smaller plan is not verified afresh. */
  spareIn: number | null;
}

type Measure<E extends ShareEstimate = ShareEstimate> = { estimates: E[]; verdicts: Verdict[]; replications: number };
type Estimator<E extends ShareEstimate> = (tallies: SizingTally[], period: number) => E;

class Verification {
  /** Per-replication tallies of the plans tried (all on the same replications). */
  private readonly cache = new Map<string, SizingTally[]>();
  private readonly share: number;

  constructor(
    private readonly runs: LayerRuns,
    private readonly station: SizedStation,
    private readonly settings: VerificationSettings,
  ) {
    this.share = station.spec.target.share;
  }

  private tallies(servers: readonly number[], n: number): SizingTally[] {
    const key = servers.join(',');
    const list = this.cache.get(key) ?? [];
    this.cache.set(key, list);
    while (list.length < n) list.push({ [this.station.id]: this.runs.tally(this.station, servers, VERIFIED_FROM + list.length) });
    return list.slice(0, n);
  }

  /**
   * Estimates of a plan on verification's replications, their count doubled from `from` until
   * `decided` says so or `most` are used; `estimate` reads a period's share from the tallies.
   */
  private measure<E extends ShareEstimate>(
    servers: readonly number[],
    from: number,
    most: number,
    decided: (estimates: E[], n: number) => boolean,
    estimate: Estimator<E>,
  ): Measure<E> {
    for (let n = Math.min(from, most); ; n = Math.min(most, 2 * n)) {
      const tallies = this.tallies(servers, n);
      const estimates = servers.map((_, p) => estimate(tallies, p));
      if (n >= most || decided(estimates, n)) return { estimates, verdicts: estimates.map((e) => verdict(e, this.share)), replications: n };
    }
  }

  /** A plan's estimates, from the least replications on, until no period straddles the target. */
  measurePlan(servers: readonly number[]): Measure {
    const { least, max } = this.settings;
    const decided = (estimates: ShareEstimate[]) => estimates.every((e) => verdict(e, this.share) !== 'undecided');
    return this.measure(servers, least, max, decided, (tallies, p) => estimateShare(tallies, this.station.id, p));
  }

  /**
   * A removal from a measured plan: 'holds' when every judged period's interval lies above the
   * target, or the removal changed nobody's wait there (the plan's own verdict stands: a period
   * the plan left too close to call stays so, and is no reason to keep a position elsewhere);
   * 'misses' when some period's interval lies below the target plus the tolerance, so one
   * position fewer cannot keep it clearly within target; 'close' when the most replications tell
   * neither. The removal is read as its change to the plan on the same replications
   * (estimateChangedShare), which settles on far fewer than the plan's share needed.
   */
  trial(servers: readonly number[], plan: { servers: readonly number[]; replications: number }, ignored: readonly boolean[]): 'holds' | 'misses' | 'close' {
    const judged = (estimates: ChangedShareEstimate[]) => estimates.filter((_, p) => !ignored[p]);
    const short = (e: ShareEstimate) => e.ci95[1] < this.share + REMOVAL_TOLERANCE;
    const passes = (e: ChangedShareEstimate) => e.ci95[0] >= this.share || e.unchanged;
    const holds = (estimates: ChangedShareEstimate[]) => estimates.every(passes);
    const decided = (estimates: ChangedShareEstimate[], n: number) => (n >= this.settings.least && holds(judged(estimates))) || judged(estimates).some(short);
    // The plan's own replications, and more of them where the removal needs more.
    const base = (n: number) => this.tallies(plan.servers, Math.max(n, plan.replications));
    const changed: Estimator<ChangedShareEstimate> = (tallies, p) => estimateChangedShare(base(tallies.length), tallies, this.station.id, p);
    const { estimates, replications } = this.measure(servers, this.settings.first, this.settings.max / 2, decided, changed);
    // A removal is tried once: its tallies are not needed again.
    this.cache.delete(servers.join(','));
    if (replications >= this.settings.least && holds(judged(estimates))) return 'holds';
    return judged(estimates).some(short) ? 'misses' : 'close';
  }
}

/**
 * Periods a plan must raise: those that miss, and those still too close to call at the limit
 * whose estimate is below the target (the plan keeps a position rather than a doubt).
 */
function shortfalls(plan: Measure, share: number, max: number): Verdict[] {
  return plan.verdicts.map((v, p) => (v === 'undecided' && plan.replications >= max && plan.estimates[p].share < share ? 'fail' : v));
}

/**
 * Verifies a searched plan of one station on fresh replications, correcting it where it misses.
 * Positions given back are verified again on the same replications: that can only make the
 * corrected plan look worse there, never better.
 */
export function verifyStation(runs: LayerRuns, station: SizedStation, searched: readonly number[], settings: VerificationSettings): VerifiedPlan {
  const check = new Verification(runs, station, settings);
  const { max_servers: max, target } = station.spec;
  let servers = [...searched];
  let plan: Measure;
  let correction: ReturnType<typeof raiseMissing>;
  for (;;) {
    plan = check.measurePlan(servers);
    correction = raiseMissing(servers, shortfalls(plan, target.share, settings.max), max);
    if (correction.raised === null) break;
    servers = correction.raised;
  }
  const pinned = servers.map((_, p) => correction.atMost.includes(p));
  const removals = tryRemovals(check, servers, pinned, plan, target.share);
  const minimal = removals.spareIn === null && removals.close.length === 0;
  return { servers, pinned, ...plan, locally_minimal: minimal, closeRemovals: removals.close, spareIn: removals.spareIn };
}

/**
 * Tries removing one position from each period in turn, the most slack first, until one holds
 * (`spareIn`, null if none does): answers that period and those whose removal was too close to
 * call.
 */
function tryRemovals(check: Verification, servers: readonly number[], pinned: readonly boolean[], plan: Measure, share: number) {
  const close: number[] = [];
  const missed = new Set<number>();
  const slack = plan.estimates.map((e) => e.share - share);
  const settled = (p: number) => pinned[p] || servers[p] <= floorOf(p, servers.length) || missed.has(p) || close.includes(p);
  for (let p = removalCandidate(slack, settled); p !== null; p = removalCandidate(slack, settled)) {
    const trial = servers.map((n, q) => (q === p ? n - 1 : n));
    const outcome = check.trial(trial, { servers, replications: plan.replications }, pinned);
    if (outcome === 'holds') return { spareIn: p, close };
    if (outcome === 'misses') missed.add(p);
    else close.push(p);
  }
  return { spareIn: null, close };
}
