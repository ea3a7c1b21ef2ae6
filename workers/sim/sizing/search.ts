// Sizing to target (issue 12, "What fewest means"): stations are sized depth by depth from the
// sources on (a station's arrivals depend only on the stations before it), each station on its
// own (stationSearch.ts) on the arrivals its depth recorded with every earlier station at its
// sized plan (stationRuns.ts). The stations of a depth are split into parts that run side by
// side wherever `evaluate` sends them (this thread, browser workers, server worker processes).
import { SimError } from '../errors';
import { describeAirportStation } from './airportSizing';
import { sizeLayerPartSync } from './layerPart';
import { DEFAULT_REPLICATIONS, verdict, type ReplicationSettings, type StationOutcome } from './stationSearch';
import type { LayerPart, SizeLayerPart, SizedStation, SizingOutput, SizingPlan, SizingProblem, StationSizing } from './types';

export interface SizeOptions {
  /** Runs a part of a depth; default: in this thread (sizeLayerPartSync). */
  evaluate?: SizeLayerPart;
  /** Parts a depth is split into at most, so that several workers share it. */
  parts?: number;
  /** The most replications a judgement may use before a straddling estimate is decided by its point. */
  maxReplications?: number;
  onProgress?: (fraction: number, message: string) => void;
  signal?: AbortSignal;
  clock: () => number;
}

/**
 * Stations split into at most n parts of nearly equal work: the biggest first, each to the part
 * with the least so far, weighed by their most positions (busier groups have more counters).
 */
export function splitStations(stations: readonly SizedStation[], n: number): string[][] {
  const parts = Array.from({ length: Math.max(1, Math.min(n, stations.length)) }, () => ({ ids: [] as string[], load: 0 }));
  for (const s of [...stations].sort((a, b) => b.spec.max_servers - a.spec.max_servers)) {
    const lightest = parts.reduce((a, b) => (b.load < a.load ? b : a));
    lightest.ids.push(s.id);
    lightest.load += s.spec.max_servers;
  }
  return parts.map((p) => p.ids).filter((ids) => ids.length > 0);
}

/** The words of a note on a period decided by its estimate at the replication limit. */
export const UNDECIDED_NOTE = 'too close to the target to decide';

function replicationSettings(options: SizeOptions): ReplicationSettings {
  const max = Math.max(2, options.maxReplications ?? DEFAULT_REPLICATIONS.max);
  return { first: Math.min(max, DEFAULT_REPLICATIONS.first), step: DEFAULT_REPLICATIONS.step, max };
}

/** Sizes every sized station of a problem to its target; see the file's header for the method. */
export async function sizeToTarget(problem: SizingProblem, options: SizeOptions): Promise<SizingOutput> {
  const started = options.clock();
  const evaluate = options.evaluate ?? (async (part: LayerPart) => sizeLayerPartSync(problem, part));
  const replications = replicationSettings(options);
  const plan: SizingPlan = Object.fromEntries(problem.sized.map((s) => [s.id, [s.spec.max_servers]]));
  const outcomes: Record<string, StationOutcome> = {};
  const depths = [...new Set(problem.sized.map((s) => s.depth))].sort((a, b) => a - b);
  for (const [i, depth] of depths.entries()) {
    if (options.signal?.aborted) throw new SimError('cancelled', 'sizing cancelled');
    const layer = problem.sized.filter((s) => s.depth === depth);
    const parts = splitStations(layer, options.parts ?? 1);
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
        const answer = await evaluate({ plan: snapshot, stations, replications });
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
  const stations = Object.fromEntries(problem.sized.map((s) => [s.id, stationResult(s, outcomes[s.id], replications, label)]));
  options.onProgress?.(1, 'sized');
  const head = { replications: Math.max(...Object.values(outcomes).map((o) => o.replications)), wall_ms: options.clock() - started };
  if (airport === null) return { stations, ...head };
  const described = Object.fromEntries(Object.entries(stations).map(([id, s]) => [id, describeAirportStation(airport.facts[id], s)]));
  return { stations: described, ...head, origin_minute: airport.origin_minute };
}

function stationResult(
  s: SizedStation,
  outcome: StationOutcome,
  replications: ReplicationSettings,
  label: (p: number, period: number) => string,
): StationSizing {
  return {
    servers: outcome.servers,
    period_minutes: s.spec.period_minutes,
    share_within_target: outcome.estimates.map((e) => e.share),
    share_ci95: outcome.estimates.map((e) => e.ci95),
    server_minutes: outcome.servers.reduce((a, n) => a + n, 0) * s.spec.period_minutes,
    locally_minimal: outcome.locally_minimal,
    notes: notes(s, outcome, replications, label),
  };
}

function notes(s: SizedStation, outcome: StationOutcome, replications: ReplicationSettings, label: (p: number, period: number) => string): string[] {
  const { spec } = s;
  const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
  const target = `${spec.target.wait_minutes} min (target ${pct(spec.target.share)})`;
  const out: string[] = [];
  outcome.estimates.forEach((e, p) => {
    const when = label(p, spec.period_minutes);
    if (outcome.pinned[p]) {
      out.push(`${when}: even all ${spec.max_servers} positions keep only ${pct(e.share)} within ${target}`);
    } else if (verdict(e, spec.target.share) === 'undecided' && outcome.replications >= replications.max) {
      out.push(
        `${when}: ${pct(e.share)} within ${target}, ${UNDECIDED_NOTE} with ${outcome.replications} replications (the limit); taken as ${e.share >= spec.target.share ? 'meeting' : 'missing'} it`,
      );
    }
  });
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
