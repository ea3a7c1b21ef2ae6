// One part of a depth's sizing, run where it is sent (this thread, a browser worker, a server
// worker process): its stations searched one by one on the arrivals their depth recorded, each
// plan then verified on fresh replications of the same runs. The recordings are kept for the
// next part of the same depth and plan, the usual next call.
import { LayerRuns } from './stationRuns';
import { searchStation } from './stationSearch';
import type { LayerPart, SizedStation, SizingProblem, StationOutcome } from './types';
import { verifyStation } from './verify';

let kept: { problem: SizingProblem; key: string; runs: LayerRuns } | null = null;

function runsFor(problem: SizingProblem, part: LayerPart, depth: number): LayerRuns {
  const key = `${depth} ${JSON.stringify(part.plan)}`;
  if (kept?.problem !== problem || kept.key !== key) kept = { problem, key, runs: new LayerRuns(problem, part.plan, depth) };
  return kept.runs;
}

function sizeStation(problem: SizingProblem, runs: LayerRuns, station: SizedStation, part: LayerPart, clock: () => number): StationOutcome {
  const started = clock();
  const search = searchStation(problem, runs, station, part.replications);
  const searched = clock();
  const verified = verifyStation(runs, station, search.servers, part.verification);
  return {
    servers: verified.servers,
    pinned: verified.pinned,
    estimates: verified.estimates,
    verdicts: verified.verdicts,
    search_estimates: search.estimatesOf(verified.servers),
    replications: search.replications,
    verification_replications: verified.replications,
    locally_minimal: verified.locally_minimal,
    close_removals: verified.closeRemovals,
    spare_in: verified.spareIn,
    search_ms: searched - started,
    verify_ms: clock() - searched,
  };
}

export function sizeLayerPartSync(problem: SizingProblem, part: LayerPart, clock: () => number): Record<string, StationOutcome> {
  const stations = part.stations.map((id) => {
    const station = problem.sized.find((s) => s.id === id);
    if (station === undefined) throw new Error(`sizing part names a station that is not sized: ${id}`);
    return station;
  });
  if (stations.length === 0) return {};
  const runs = runsFor(problem, part, stations[0].depth);
  return Object.fromEntries(stations.map((s) => [s.id, sizeStation(problem, runs, s, part, clock)]));
}
