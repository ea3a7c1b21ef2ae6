// The airport output's `playback` section: the replications' minute-by-minute traces averaged
// into what a playback shows at each minute of the day -- per queue the passengers waiting and
// the positions open and busy, per resource its open and busy servers (the floor view colours a
// counter by them), and over the terminal the passengers inside and those missed so far.
import type { AirportPlan } from './airport';
import { servingResources } from './airportOutputs';
import type { ReplicationRaw } from './measurements';
import { TRACE_MINUTES, type TraceRaw } from './trace';

/** Minute series from `start_minutes` (design-day minutes), one value per minute. */
export interface PlaybackOutput {
  start_minutes: number;
  minutes: number;
  queues: Record<string, { waiting: number[]; busy: number[]; open: number[] }>;
  /** Only the minutes from `start_minutes` (design day) where the resource was ever open. */
  resources: Record<string, { start_minutes: number; busy: number[]; open: number[] }>;
  in_terminal: number[];
  missed_so_far: number[];
}

/** Two decimals: a playback needs no more, and saved runs stay small. */
const round = (x: number) => Math.round(x * 100) / 100;

/** Sum per minute; a series that ended earlier adds 0 after its end. */
function sumOf(series: readonly (readonly number[])[], minutes: number): number[] {
  const out = new Array<number>(minutes).fill(0);
  for (const s of series) for (let m = 0; m < s.length; m++) out[m] += s[m];
  return out;
}

/** Mean over replications per minute, rounded. */
function meanSeries(series: readonly (readonly number[])[], minutes: number): number[] {
  return sumOf(series, minutes).map((x) => round(x / series.length));
}

/** Running total of per-minute counts as of the end of each minute, carried to `minutes`. */
function cumulative(counts: readonly number[], minutes: number): number[] {
  let sum = 0;
  return Array.from({ length: minutes }, (_, m) => (sum += counts[m] ?? 0));
}

export function summarisePlayback(plan: AirportPlan, reps: readonly ReplicationRaw[]): PlaybackOutput | null {
  const traces = reps.map((r) => r.trace).filter((t): t is TraceRaw => t !== undefined);
  if (traces.length === 0) return null;
  const minutes = Math.max(...traces.map((t) => t.entered.length));
  const serving = servingResources(plan);
  const groupOf = new Map(serving.map((r, k) => [r, k]));
  const utilisation = (resources: readonly string[], which: 'busy' | 'open') =>
    meanSeries(
      traces.map((t) =>
        sumOf(
          resources.flatMap((r) => (groupOf.has(r) ? [t[which][groupOf.get(r)!]] : [])),
          minutes,
        ),
      ),
      minutes,
    );
  const queues: PlaybackOutput['queues'] = {};
  plan.nodes.forEach((node, n) => {
    queues[node.id] = {
      waiting: meanSeries(
        traces.map((t) => t.queue[n]),
        minutes,
      ),
      busy: utilisation(node.resources, 'busy'),
      open: utilisation(node.resources, 'open'),
    };
  });
  const resources: PlaybackOutput['resources'] = {};
  for (const id of serving) {
    const open = utilisation([id], 'open');
    const first = open.findIndex((v) => v > 0);
    if (first < 0) continue;
    const last = open.findLastIndex((v) => v > 0);
    resources[id] = {
      start_minutes: plan.origin + first * TRACE_MINUTES,
      busy: utilisation([id], 'busy').slice(first, last + 1),
      open: open.slice(first, last + 1),
    };
  }
  const inside = traces.map((t) => {
    const left = cumulative(t.left, minutes);
    return cumulative(t.entered, minutes).map((e, m) => e - left[m]);
  });
  return {
    start_minutes: plan.origin,
    minutes,
    queues,
    resources,
    in_terminal: meanSeries(inside, minutes),
    missed_so_far: meanSeries(
      traces.map((t) => cumulative(t.missed, minutes)),
      minutes,
    ),
  };
}
