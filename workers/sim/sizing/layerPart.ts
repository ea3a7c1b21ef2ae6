// One part of a depth's sizing, run where it is sent (this thread, a browser worker, a server
// worker process): its stations sized one by one on the arrivals their depth recorded. The
// recordings are kept for the next part of the same depth and plan, the usual next call.
import { LayerRuns } from './stationRuns';
import { sizeStation, type StationOutcome } from './stationSearch';
import type { LayerPart, SizingProblem } from './types';

let kept: { problem: SizingProblem; key: string; runs: LayerRuns } | null = null;

function runsFor(problem: SizingProblem, part: LayerPart, depth: number): LayerRuns {
  const key = `${depth} ${JSON.stringify(part.plan)}`;
  if (kept?.problem !== problem || kept.key !== key) kept = { problem, key, runs: new LayerRuns(problem, part.plan, depth) };
  return kept.runs;
}

export function sizeLayerPartSync(problem: SizingProblem, part: LayerPart): Record<string, StationOutcome> {
  const stations = part.stations.map((id) => {
    const station = problem.sized.find((s) => s.id === id);
    if (station === undefined) throw new Error(`sizing part names a station that is not sized: ${id}`);
    return station;
  });
  if (stations.length === 0) return {};
  const runs = runsFor(problem, part, stations[0].depth);
  return Object.fromEntries(stations.map((s) => [s.id, sizeStation(problem, runs, s, part.replications)]));
}
