// The search for one station's fewest servers per period (issue 12, "What fewest means"), on the
// arrivals its depth recorded (stationRuns.ts): raise the first period of every run of missing
// periods until every period meets its target, then try removing one position from one period,
// the one with the most slack first, keeping each removal that leaves every period within
// target, until no single removal is left to try: a locally minimal plan. Every plan is run on the
// same replications 0, 1, 2... (common random numbers); a judgement whose estimate straddles the
// target asks for more of them, up to a limit. The plan is then checked again with as many
// replications as the most any judgement used, and searched again from there if it misses, each
// plan kept only on that many; a removal that clearly misses is still rejected on the first few.
import type { LayerRuns } from './stationRuns';
import { meanServiceMinutes, startingServers } from './startingPlan';
import { estimateShare, periodsCovered } from './tally';
import type { ReplicationSettings, ShareEstimate, SizedStation, SizingProblem, SizingTally, Verdict } from './types';
import { floorOf, raiseMissing, removalCandidate, verdict } from './verdicts';

export const DEFAULT_REPLICATIONS: ReplicationSettings = { first: 8, step: 8, max: 32 };

/** One station's searched plan, with the estimates of its final check on the search's replications. */
export interface SearchOutcome {
  servers: number[];
  /** Periods where even every position misses: kept at the most, not judged. */
  pinned: boolean[];
  replications: number;
  estimates: ShareEstimate[];
  locally_minimal: boolean;
  /** The search's estimates of another plan, on the replications its final check used. */
  estimatesOf(servers: readonly number[]): ShareEstimate[];
}

function extend(servers: readonly number[], periods: number): number[] {
  return [...servers, ...new Array<number>(Math.max(0, periods - servers.length)).fill(servers[servers.length - 1])];
}

/** Searches passes over the station before its plan is reported as it stands. */
const MAX_PASSES = 4;

class StationSearch {
  servers: number[] = [];
  pinned: boolean[] = [];
  /** Periods from which removing a position was tried and failed (from this plan or a smaller one). */
  tried: boolean[] = [];
  least: number;
  used: number;
  private readonly share: number;
  /** Per-replication tallies of the last few plans tried. */
  private readonly cache = new Map<string, SizingTally[]>();

  constructor(
    private readonly runs: LayerRuns,
    private readonly station: SizedStation,
    private readonly settings: ReplicationSettings,
  ) {
    this.least = this.used = settings.first;
    this.share = station.spec.target.share;
  }

  tallies(servers: readonly number[], n: number): SizingTally[] {
    const key = servers.join(',');
    const list = this.cache.get(key) ?? [];
    this.cache.delete(key);
    this.cache.set(key, list);
    if (this.cache.size > 4) this.cache.delete(this.cache.keys().next().value!);
    while (list.length < n) list.push({ [this.station.id]: this.runs.tally(this.station, servers, list.length) });
    return list.slice(0, n);
  }

  estimates(tallies: SizingTally[], periods: number): ShareEstimate[] {
    return Array.from({ length: periods }, (_, p) => estimateShare(tallies, this.station.id, p));
  }

  /** Starts from Erlang C per period at the mean arrivals with every position open. */
  start(problem: SizingProblem): void {
    const { spec } = this.station;
    const pilot = this.tallies([spec.max_servers], this.least);
    const periods = Math.max(1, periodsCovered(pilot, this.station.id));
    const arrivals = this.estimates(pilot, periods).map((e) => e.arrivals);
    const net = problem.network.stations.find((x) => x.id === this.station.id)!;
    this.servers = startingServers(arrivals, meanServiceMinutes(net), spec);
    this.pinned = new Array<boolean>(periods).fill(false);
    this.tried = new Array<boolean>(periods).fill(false);
  }

  /** Periods for arrivals later than the plan covers (seen in more replications): they keep the last servers. */
  private cover(tallies: SizingTally[]): void {
    const periods = periodsCovered(tallies, this.station.id);
    if (periods <= this.servers.length) return;
    const more = periods - this.servers.length;
    this.servers = extend(this.servers, periods);
    this.pinned.push(...new Array<boolean>(more).fill(false));
    this.tried.push(...new Array<boolean>(more).fill(false));
  }

  /**
   * Verdicts of the periods under a plan, adding replications while one straddles its target and
   * none clearly misses (one miss settles it); at the limit a straddling estimate is decided by
   * its point. Plans shorter than the periods seen are extended. A pass needs `least`
   * replications, the count later passes report their estimates with; `earlyMiss` lets a miss
   * settle it from the first replications on (a removal's rejection, whose estimates are never
   * reported: the miss is as clear as one in the first pass).
   */
  judge(plan: readonly number[], earlyMiss = false): { servers: number[]; estimates: ShareEstimate[]; verdicts: Verdict[] } {
    const { first, step, max } = this.settings;
    for (let r = earlyMiss ? Math.min(first, this.least) : this.least; ; r = Math.min(max, r + step)) {
      let tallies = this.tallies(plan, r);
      const before = this.servers.length;
      this.cover(tallies);
      const servers = extend(plan, this.servers.length);
      if (this.servers.length > before) tallies = this.tallies(servers, r);
      const estimates = this.estimates(tallies, servers.length);
      const verdicts = estimates.map((e, p): Verdict => (this.pinned[p] ? 'pass' : verdict(e, this.share)));
      const missed = verdicts.includes('fail');
      if (!missed && r < max && (r < this.least || verdicts.includes('undecided'))) continue;
      this.used = Math.max(this.used, r);
      const decided = r < max ? verdicts : verdicts.map((v, p): Verdict => (v !== 'undecided' ? v : estimates[p].share >= this.share ? 'pass' : 'fail'));
      return { servers, estimates, verdicts: decided };
    }
  }

  /** Nothing left to try in period p: pinned, at its floor, or a removal from it failed. */
  settled(p: number): boolean {
    return this.pinned[p] || this.servers[p] <= floorOf(p, this.servers.length) || this.tried[p];
  }

  /** Raises the missing periods (raiseMissing); a run already at the most is pinned. True when the plan changed. */
  raise(verdicts: Verdict[]): boolean {
    const { raised, atMost } = raiseMissing(this.servers, verdicts, this.station.spec.max_servers);
    for (const p of atMost) this.pinned[p] = true;
    if (raised === null) return false;
    this.servers = raised;
    // A removal that failed from a smaller plan may succeed from this one.
    this.tried.fill(false);
    return true;
  }

  slack(estimates: ShareEstimate[]): number[] {
    return estimates.map((e) => e.share - this.share);
  }

  /** One pass: raise until every period meets its target, then remove while a removal holds. */
  pass(): void {
    let slack: number[];
    for (;;) {
      const { servers, estimates, verdicts } = this.judge(this.servers);
      this.servers = servers;
      if (this.raise(verdicts)) continue;
      slack = this.slack(estimates);
      break;
    }
    for (let p = removalCandidate(slack, (q) => this.settled(q)); p !== null; p = removalCandidate(slack, (q) => this.settled(q))) {
      const trial = this.servers.map((n, q) => (q === p ? n - 1 : n));
      const outcome = this.judge(trial, true);
      if (outcome.verdicts.every((v) => v === 'pass')) {
        this.servers = outcome.servers;
        slack = this.slack(outcome.estimates);
      } else this.tried[p] = true;
    }
  }
}

/** Searches one station of the runs' depth for its fewest servers; verify.ts then checks the plan. */
export function searchStation(problem: SizingProblem, runs: LayerRuns, station: SizedStation, settings: ReplicationSettings): SearchOutcome {
  const search = new StationSearch(runs, station, settings);
  search.start(problem);
  let minimal = false;
  // Later passes start every judgement with as many replications as the most any needed, so the
  // reported estimates (all with that many) agree with the decisions.
  for (let pass = 0; pass < MAX_PASSES && !minimal; pass++) {
    search.pass();
    search.least = search.used;
    minimal = search.judge(search.servers).verdicts.every((v) => v === 'pass');
  }
  const { servers, estimates } = search.judge(search.servers);
  const estimatesOf = (plan: readonly number[]) => search.estimates(search.tallies(plan, search.used), plan.length);
  return { servers, pinned: search.pinned, replications: search.used, estimates, locally_minimal: minimal, estimatesOf };
}
