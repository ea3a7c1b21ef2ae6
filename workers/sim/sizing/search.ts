// The search for the fewest servers per period (issue 12, "What fewest means"). Stations are
// sized depth by depth (stations of one depth never feed each other, so their candidate changes
// share one simulation); within a depth: raise the first period of every run of missing periods
// until every period meets its target, then try removing one position from one period per
// station, keeping each removal that leaves every period within target, until no single removal
// is left to try: a locally minimal plan. Every plan is run on the same replications, 0, 1, 2...
// (common random numbers); a judgement whose estimate straddles the target asks for more of them.
import { SimError } from '../errors';
import { describeAirportStation } from './airportSizing';
import { evaluateBatchSync } from './evaluate';
import { meanServiceMinutes, startingServers } from './startingPlan';
import { estimateShare, periodsCovered, type ShareEstimate } from './tally';
import type { EvaluateBatch, SizedStation, SizingOutput, SizingPlan, SizingProblem, SizingTally, StationSizing } from './types';

export interface SizeOptions {
  /** Runs a batch of replications; default: in this thread (evaluateBatchSync). */
  evaluate?: EvaluateBatch;
  /** Replications asked for at once, each its own batch, so workers can run them side by side. */
  batchSize?: number;
  /** The most replications a judgement may use before a straddling estimate is decided by its point. */
  maxReplications?: number;
  onProgress?: (fraction: number, message: string) => void;
  signal?: AbortSignal;
  clock: () => number;
}

type Verdict = 'pass' | 'fail' | 'undecided';

function verdict(e: ShareEstimate, share: number): Verdict {
  if (e.ci95[0] >= share) return 'pass';
  if (e.ci95[1] < share) return 'fail';
  return 'undecided';
}

/** Per-replication tallies of plans, each replication asked for once (the last few plans kept). */
class Tallies {
  private readonly cache = new Map<string, SizingTally[]>();

  constructor(
    private readonly evaluate: EvaluateBatch,
    private readonly batchSize: number,
  ) {}

  async of(plan: SizingPlan, replications: number): Promise<SizingTally[]> {
    const key = JSON.stringify(plan);
    const list = this.cache.get(key) ?? [];
    this.cache.delete(key);
    this.cache.set(key, list);
    if (this.cache.size > 4) this.cache.delete(this.cache.keys().next().value!);
    while (list.length < replications) {
      const next = Array.from({ length: Math.min(this.batchSize, replications - list.length) }, (_, k) => list.length + k);
      list.push(...(await Promise.all(next.map((r) => this.evaluate({ plan, replications: [r] })))));
    }
    return list.slice(0, replications);
  }
}

/** What the search knows of one station. */
interface StationState {
  station: SizedStation;
  /** Periods where even every position misses: kept at the most, noted, not judged. */
  pinned: boolean[];
  /** Periods from which removing a position was tried and failed (from this plan or a smaller one). */
  tried: boolean[];
}

function extend(servers: number[], periods: number): number[] {
  if (periods <= servers.length) return servers.slice(0, Math.max(1, periods));
  return [...servers, ...new Array<number>(periods - servers.length).fill(servers[servers.length - 1])];
}

class Search {
  readonly plan: SizingPlan;
  readonly states = new Map<string, StationState>();
  /** The most replications any judgement used; the final plan is reported with as many. */
  used: number;
  /** The fewest replications a judgement starts with (raised to `used` for the final check). */
  least: number;
  private readonly tallies: Tallies;
  private readonly maxReplications: number;
  private readonly step: number;

  constructor(
    readonly problem: SizingProblem,
    readonly options: SizeOptions,
  ) {
    const batchSize = Math.max(1, options.batchSize ?? 4);
    this.maxReplications = Math.max(2, options.maxReplications ?? 64);
    this.step = Math.min(this.maxReplications, Math.max(4, batchSize));
    this.used = this.least = this.step;
    this.tallies = new Tallies(options.evaluate ?? (async (b) => evaluateBatchSync(problem, b)), batchSize);
    this.plan = Object.fromEntries(problem.sized.map((s) => [s.id, [s.spec.max_servers]]));
  }

  private checkCancelled(): void {
    if (this.options.signal?.aborted) throw new SimError('cancelled', 'sizing cancelled');
  }

  /**
   * Verdicts of the stations' judged periods under a plan, adding replications while a station
   * has an estimate straddling its target and none clearly missing (one miss settles it); at the
   * limit a straddling estimate is decided by its point.
   */
  private async judge(plan: SizingPlan, states: readonly StationState[]): Promise<{ tallies: SizingTally[]; verdicts: Verdict[][] }> {
    for (let r = this.least; ; r = Math.min(this.maxReplications, r + this.step)) {
      const tallies = await this.tallies.of(plan, r);
      const estimates = states.map((st) => plan[st.station.id].map((_, p) => estimateShare(tallies, st.station.id, p)));
      const verdicts = states.map((st, i) =>
        estimates[i].map((e, p): Verdict => (st.pinned[p] ? 'pass' : verdict(e, st.station.spec.target.share))),
      );
      const open = verdicts.some((v) => v.includes('undecided') && !v.includes('fail'));
      if (open && r < this.maxReplications) continue;
      this.used = Math.max(this.used, r);
      if (r < this.maxReplications) return { tallies, verdicts };
      const decided = verdicts.map((v, i) =>
        v.map((x, p): Verdict => (x !== 'undecided' ? x : estimates[i][p].share >= states[i].station.spec.target.share ? 'pass' : 'fail')),
      );
      return { tallies, verdicts: decided };
    }
  }

  /** The state of a station, created at its first sizing with the plan's starting servers. */
  private stateOf(station: SizedStation, pilot: SizingTally[]): StationState {
    const known = this.states.get(station.id);
    const periods = Math.max(1, periodsCovered(pilot, station.id));
    if (known) {
      this.cover(known, periods);
      return known;
    }
    const arrivals = Array.from({ length: periods }, (_, p) => estimateShare(pilot, station.id, p).arrivals);
    const net = this.problem.network.stations.find((x) => x.id === station.id)!;
    this.plan[station.id] = startingServers(arrivals, meanServiceMinutes(net), station.spec);
    const state = { station, pinned: new Array<boolean>(periods).fill(false), tried: new Array<boolean>(periods).fill(false) };
    this.states.set(station.id, state);
    return state;
  }

  /** Periods for arrivals later than the plan covers (upstream plans changed): they keep the last servers. */
  private cover(st: StationState, periods: number): boolean {
    const servers = this.plan[st.station.id];
    if (periods <= servers.length) return false;
    this.plan[st.station.id] = extend(servers, periods);
    st.pinned.push(...new Array<boolean>(periods - servers.length).fill(false));
    st.tried.push(...new Array<boolean>(periods - servers.length).fill(false));
    return true;
  }

  /** Sizes the stations of one depth from their current plans; true if a plan changed. */
  async sizeDepth(layer: SizedStation[], progress: (settled: number, total: number) => void): Promise<boolean> {
    const before = JSON.stringify(layer.map((s) => this.plan[s.id]));
    const pilot = await this.tallies.of(this.plan, this.least);
    const states = layer.map((station) => this.stateOf(station, pilot));
    // Raise until every period meets its target.
    let slack: number[][];
    for (;;) {
      this.checkCancelled();
      const { tallies, verdicts } = await this.judge(this.plan, states);
      const covered = states.map((st) => this.cover(st, periodsCovered(tallies, st.station.id)));
      if (covered.includes(true) || this.raise(states, verdicts)) continue;
      slack = states.map((st) => this.slack(tallies, st));
      break;
    }
    // Remove while a removal keeps every period within target. Stations of one depth do not feed
    // each other and a station's own plan does not change who joins it, so one trial tries a
    // removal at every station, each judged on its own periods.
    for (;;) {
      this.checkCancelled();
      progress(
        states.reduce((n, st) => n + st.tried.filter((_, p) => this.settled(st, p)).length, 0),
        states.reduce((n, st) => n + st.tried.length, 0),
      );
      const candidates = states.map((st, i) => this.candidate(st, slack[i]));
      const trying = states.filter((_, i) => candidates[i] !== null);
      if (trying.length === 0) break;
      const trial: SizingPlan = { ...this.plan };
      states.forEach((st, i) => {
        const p = candidates[i];
        if (p !== null) trial[st.station.id] = this.plan[st.station.id].map((n, q) => (q === p ? n - 1 : n));
      });
      const outcome = await this.judge(trial, trying);
      trying.forEach((st, k) => {
        const i = states.indexOf(st);
        if (outcome.verdicts[k].every((v) => v === 'pass')) {
          this.plan[st.station.id] = trial[st.station.id];
          slack[i] = this.slack(outcome.tallies, st);
        } else st.tried[candidates[i]!] = true;
      });
    }
    return JSON.stringify(layer.map((s) => this.plan[s.id])) !== before;
  }

  /** Each period's estimated share less the target: where a removal is most likely to hold. */
  private slack(tallies: SizingTally[], st: StationState): number[] {
    return this.plan[st.station.id].map((_, p) => estimateShare(tallies, st.station.id, p).share - st.station.spec.target.share);
  }

  /** Forgets the removals tried at these stations: what they receive has changed. */
  forget(layer: SizedStation[]): void {
    for (const s of layer) this.states.get(s.id)?.tried.fill(false);
  }

  private floor(st: StationState, p: number): number {
    return p === this.plan[st.station.id].length - 1 ? 1 : 0;
  }

  /** Nothing left to try in period p: pinned, at its floor, or a removal from it failed. */
  private settled(st: StationState, p: number): boolean {
    return st.pinned[p] || this.plan[st.station.id][p] <= this.floor(st, p) || st.tried[p];
  }

  /**
   * Raises the first period below the most of every run of missing periods (later periods of a
   * run often miss only for the backlog the first leaves); a run already at the most everywhere
   * is pinned there. True when a plan changed.
   */
  private raise(states: StationState[], verdicts: Verdict[][]): boolean {
    let raised = false;
    states.forEach((st, i) => {
      const servers = [...this.plan[st.station.id]];
      const max = st.station.spec.max_servers;
      let changed = false;
      for (let a = 0; a < servers.length; a++) {
        if (verdicts[i][a] !== 'fail') continue;
        let b = a;
        while (b + 1 < servers.length && verdicts[i][b + 1] === 'fail') b++;
        const q = servers.slice(a, b + 1).findIndex((n) => n < max);
        if (q >= 0) {
          servers[a + q]++;
          changed = true;
        } else for (let p = a; p <= b; p++) st.pinned[p] = true;
        a = b;
      }
      if (changed) {
        this.plan[st.station.id] = servers;
        // A removal that failed from a smaller plan may succeed from this one.
        st.tried.fill(false);
        raised = true;
      }
    });
    return raised;
  }

  /** The period to try removing a position from: the most slack first, later first on ties. */
  private candidate(st: StationState, slack: number[]): number | null {
    let best: number | null = null;
    this.plan[st.station.id].forEach((_, p) => {
      if (!this.settled(st, p) && (best === null || slack[p] >= slack[best])) best = p;
    });
    return best;
  }

  /** Whether every judged period meets its target with the final number of replications. */
  async holds(): Promise<boolean> {
    const { verdicts } = await this.judge(this.plan, [...this.states.values()]);
    return verdicts.every((v) => v.every((x) => x === 'pass'));
  }

  async stationResults(minimal: boolean, periodLabel: (p: number, period: number) => string): Promise<Record<string, StationSizing>> {
    const tallies = await this.tallies.of(this.plan, this.used);
    return Object.fromEntries(
      this.problem.sized.map((s) => {
        const st = this.states.get(s.id)!;
        const estimates = this.plan[s.id].map((_, p) => estimateShare(tallies, s.id, p));
        return [
          s.id,
          {
            servers: this.plan[s.id],
            period_minutes: s.spec.period_minutes,
            share_within_target: estimates.map((e) => e.share),
            share_ci95: estimates.map((e) => e.ci95),
            server_minutes: this.plan[s.id].reduce((a, n) => a + n, 0) * s.spec.period_minutes,
            locally_minimal: minimal,
            notes: this.notes(st, estimates, periodLabel),
          },
        ];
      }),
    );
  }

  private notes(st: StationState, estimates: ShareEstimate[], periodLabel: (p: number, period: number) => string): string[] {
    const { spec } = st.station;
    const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
    const target = `${spec.target.wait_minutes} min (target ${pct(spec.target.share)})`;
    const notes: string[] = [];
    estimates.forEach((e, p) => {
      const when = periodLabel(p, spec.period_minutes);
      if (st.pinned[p]) {
        notes.push(`${when}: even all ${spec.max_servers} positions keep only ${pct(e.share)} within ${target}`);
      } else if (verdict(e, spec.target.share) === 'undecided' && this.used >= this.maxReplications) {
        notes.push(
          `${when}: ${pct(e.share)} within ${target}, too close to the target to decide with ${this.used} replications (the limit); taken as ${e.share >= spec.target.share ? 'meeting' : 'missing'} it`,
        );
      }
    });
    return notes;
  }
}

/** Sizing passes over all depths before the plan is reported as it stands. */
const MAX_PASSES = 4;

/** Sizes every sized station of a problem to its target; see the file's header for the method. */
export async function sizeToTarget(problem: SizingProblem, options: SizeOptions): Promise<SizingOutput> {
  const started = options.clock();
  const search = new Search(problem, options);
  const depths = [...new Set(problem.sized.map((s) => s.depth))].sort((a, b) => a - b);
  let minimal = false;
  // Later passes start every judgement with as many replications as the most any needed, so the
  // reported estimates (all with that many) agree with the decisions; a pass that changes nothing
  // costs one judgement per depth.
  for (let pass = 0; pass < MAX_PASSES && !minimal; pass++) {
    for (let i = 0; i < depths.length; i++) {
      const layer = problem.sized.filter((s) => s.depth === depths[i]);
      const changed = await search.sizeDepth(layer, (settled, total) =>
        options.onProgress?.(
          Math.min(0.99, (pass === 0 ? i + (total > 0 ? settled / total : 1) : depths.length) / depths.length),
          `sizing depth ${i + 1} of ${depths.length} (${layer.length} station${layer.length === 1 ? '' : 's'}): ${settled} of ${total} periods settled`,
        ),
      );
      if (changed) search.forget(problem.sized.filter((s) => s.depth > depths[i]));
    }
    search.least = search.used;
    minimal = await search.holds();
  }
  const airport = problem.airport;
  const stations = await search.stationResults(minimal, (p, period) => periodWords(p, period, airport?.origin_minute));
  options.onProgress?.(1, 'sized');
  const head = { replications: search.used, wall_ms: options.clock() - started };
  if (airport === null) return { stations, ...head };
  const described = Object.fromEntries(Object.entries(stations).map(([id, s]) => [id, describeAirportStation(airport.facts[id], s)]));
  return { stations: described, ...head, origin_minute: airport.origin_minute };
}

/** A period in words: network minutes, or clock times of the design day for an airport. */
function periodWords(p: number, period: number, origin: number | undefined): string {
  const from = p * period;
  if (origin === undefined) return `minutes ${from}-${from + period}`;
  const clock = (m: number) => {
    const day = ((Math.round(origin + m) % 1440) + 1440) % 1440;
    return `${String(Math.floor(day / 60)).padStart(2, '0')}:${String(day % 60).padStart(2, '0')}`;
  };
  return `${clock(from)}-${clock(from + period)}`;
}
