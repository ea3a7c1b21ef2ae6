// Sizing to target (issue 12, "What fewest means"): stations are sized depth by depth from the
// sources on (a station's arrivals depend only on the stations before it), each station on its
// own (stationSearch.ts) on the arrivals its depth recorded with every earlier station at its
// sized plan (stationRuns.ts), and its plan verified on fresh replications (verify.ts). A
// station's arrivals come from the verified plans before it, so each depth's verification is the
// whole plan's. The stations of a depth are split into parts that run side by side wherever
// `evaluate` sends them (this thread, browser workers, server worker processes).
import { SimError } from '../errors';
import { describeAirportStation } from './airportSizing';
import { sizeLayerPartSync } from './layerPart';
import { LayerRuns } from './stationRuns';
import { DEFAULT_REPLICATIONS } from './stationSearch';
import type {
  LayerPart,
  PeriodStatus,
  ReplicationSettings,
  SizeLayerPart,
  SizedStation,
  SizingOutput,
  SizingPlan,
  SizingProblem,
  StationOutcome,
  StationSizing,
  VerificationSettings,
} from './types';
import { DEFAULT_VERIFICATION } from './verify';

export interface SizeOptions {
  /** Runs a part of a depth; default: in this thread (sizeLayerPartSync). */
  evaluate?: SizeLayerPart;
  /** Parts a depth is split into at most, so that several workers share it. */
  parts?: number;
  /** The most replications a judgement may use before a straddling estimate is decided by its point. */
  maxReplications?: number;
  /** How the plan is verified on fresh replications; default DEFAULT_VERIFICATION. */
  verification?: VerificationSettings;
  onProgress?: (fraction: number, message: string) => void;
  /** Asked between depths (an AbortSignal will do; engines know no DOM or Node type). */
  signal?: { readonly aborted: boolean };
  clock: () => number;
}

/**
 * Stations split into at most n parts of nearly equal work, the heaviest part first (so that it
 * starts first wherever parts queue): the biggest station first, each to the part with the least
 * so far. A station's work grows with the passengers it serves (every plan tried runs them all),
 * so `load` is its arrivals in one replication.
 */
export function splitStations(stations: readonly SizedStation[], n: number, load: (s: SizedStation) => number): string[][] {
  const parts = Array.from({ length: Math.max(1, Math.min(n, stations.length)) }, () => ({ ids: [] as string[], load: 0 }));
  for (const s of [...stations].sort((a, b) => load(b) - load(a))) {
    const lightest = parts.reduce((a, b) => (b.load < a.load ? b : a));
    lightest.ids.push(s.id);
    lightest.load += load(s);
  }
  return parts
    .filter((p) => p.ids.length > 0)
    .sort((a, b) => b.load - a.load)
    .map((p) => p.ids);
}

/** The words of a note on a period whose verification straddles the target at the replication limit. */
export const UNDECIDED_NOTE = 'too close to call';

function replicationSettings(options: SizeOptions): ReplicationSettings {
  const max = Math.max(2, options.maxReplications ?? DEFAULT_REPLICATIONS.max);
  return { first: Math.min(max, DEFAULT_REPLICATIONS.first), step: DEFAULT_REPLICATIONS.step, max };
}

/** Sizes every sized station of a problem to its target; see the file's header for the method. */
export async function sizeToTarget(problem: SizingProblem, options: SizeOptions): Promise<SizingOutput> {
  const started = options.clock();
  const evaluate = options.evaluate ?? (async (part: LayerPart) => sizeLayerPartSync(problem, part, options.clock));
  const replications = replicationSettings(options);
  const verification = options.verification ?? DEFAULT_VERIFICATION;
  const plan: SizingPlan = Object.fromEntries(problem.sized.map((s) => [s.id, [s.spec.max_servers]]));
  const outcomes: Record<string, StationOutcome> = {};
  const depths = [...new Set(problem.sized.map((s) => s.depth))].sort((a, b) => a - b);
  for (const [i, depth] of depths.entries()) {
    if (options.signal?.aborted) throw new SimError('cancelled', 'sizing cancelled');
    const layer = problem.sized.filter((s) => s.depth === depth);
    const arrivals = new LayerRuns(problem, plan, depth).arrivalCounts(0);
    const parts = splitStations(layer, options.parts ?? 1, (s) => arrivals.get(s.id) ?? 0);
    let done = 0;
    const report = () =>
      options.onProgress?.(
        Math.min(0.99, (i + done / parts.length) / depths.length),
        `sizing depth ${i + 1} of ${depths.length} (${layer.length} station${layer.length === 1 ? '' : 's'}): ${done} of ${parts.length} parts done`,
      );
    report();
    const snapshot = { ...plan };
    const answers = await Promise.all(
      parts.map(async (stations) => {
        const answer = await evaluate({ plan: snapshot, stations, replications, verification });
        done++;
        report();
        return answer;
      }),
    );
    for (const answer of answers) {
      for (const [id, outcome] of Object.entries(answer)) {
        outcomes[id] = outcome;
        plan[id] = outcome.servers;
      }
    }
  }
  const airport = problem.airport;
  const label = (p: number, period: number) => periodWords(p, period, airport?.origin_minute);
  const stations = Object.fromEntries(problem.sized.map((s) => [s.id, stationResult(s, outcomes[s.id], label)]));
  options.onProgress?.(1, 'sized');
  const all = Object.values(outcomes);
  const most = (f: (o: StationOutcome) => number) => Math.max(...all.map(f));
  const sum = (f: (o: StationOutcome) => number) => all.reduce((a, o) => a + f(o), 0);
  const head = {
    replications: most((o) => o.replications),
    verification_replications: most((o) => o.verification_replications),
    wall_ms: options.clock() - started,
    search_ms: sum((o) => o.search_ms),
    verify_ms: sum((o) => o.verify_ms),
  };
  if (airport === null) return { stations, ...head };
  const described = Object.fromEntries(Object.entries(stations).map(([id, s]) => [id, describeAirportStation(airport.facts[id], s)]));
  return { stations: described, ...head, origin_minute: airport.origin_minute };
}

const STATUS = { pass: 'met', undecided: 'too_close', fail: 'missed' } as const satisfies Record<string, PeriodStatus>;

function stationResult(s: SizedStation, outcome: StationOutcome, label: (p: number, period: number) => string): StationSizing {
  return {
    servers: outcome.servers,
    period_minutes: s.spec.period_minutes,
    share_within_target: outcome.estimates.map((e) => e.share),
    share_ci95: outcome.estimates.map((e) => e.ci95),
    period_status: outcome.verdicts.map((v) => STATUS[v]),
    search_share_within_target: outcome.search_estimates.map((e) => e.share),
    verification_replications: outcome.verification_replications,
    server_minutes: outcome.servers.reduce((a, n) => a + n, 0) * s.spec.period_minutes,
    locally_minimal: outcome.locally_minimal,
    notes: notes(s, outcome, label),
  };
}

/** What a planner must know of the plan's periods, in words: those not verified as met, and removals too close to call. */
function notes(s: SizedStation, outcome: StationOutcome, label: (p: number, period: number) => string): string[] {
  const { spec } = s;
  const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
  const target = `${spec.target.wait_minutes} min (target ${pct(spec.target.share)})`;
  const n = outcome.verification_replications;
  const out: string[] = [];
  outcome.estimates.forEach((e, p) => {
    const when = label(p, spec.period_minutes);
    const interval = `${pct(e.share)} ± ${(50 * (e.ci95[1] - e.ci95[0])).toFixed(1)} %`;
    if (outcome.pinned[p]) {
      out.push(`${when}: even all ${spec.max_servers} positions keep only ${pct(e.share)} within ${target}`);
    } else if (outcome.verdicts[p] === 'undecided') {
      out.push(`${when}: ${interval} within ${target}, ${UNDECIDED_NOTE} at ${n} replications`);
    } else if (outcome.verdicts[p] === 'fail') {
      out.push(`${when}: ${interval} within ${target} in verification, below the target`);
    }
  });
  for (const p of outcome.close_removals) {
    out.push(
      `${label(p, spec.period_minutes)}: one position fewer is ${UNDECIDED_NOTE} on the replications a removal may use, so the plan is not proven minimal`,
    );
  }
  if (outcome.spare_in !== null) {
    out.push(
      `${label(outcome.spare_in, spec.period_minutes)}: one position fewer also met the target in verification; the plan keeps it, as the smaller plan was not verified on replications of its own`,
    );
  }
  return out;
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
