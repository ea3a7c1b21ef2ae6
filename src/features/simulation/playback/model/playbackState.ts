// What the playback shows at one minute of the design day, read from the run's playback series
// (per minute) and its report series (per bin): each queue's passengers waiting, positions open
// and busy and a level-of-service colour; each counter's state; the terminal's totals. Pure.
import type { SpaceBand } from '../../../../../workers/sim/space';
import type { AirportOutput, QueueOutput } from '../../model/results';

export type Playback = NonNullable<AirportOutput['playback']>;

/** Minutes of the design day played per second of playback. */
export const SPEEDS = [1, 5, 15, 30, 60] as const;
export type Speed = (typeof SPEEDS)[number];

/**
 * Green: the passengers joining the queue around this minute wait on average at most half the
 * target; amber: up to the target; red: beyond it. Idle: nobody joined in that bin.
 */
export type LosColour = 'green' | 'amber' | 'red' | 'idle';

export type QueueState = { waiting: number; open: number; busy: number; meanWait: number | null; los: LosColour };

/** What colours the queues: their waiting time against the target, or their space per passenger. */
export type ColourBy = 'wait' | 'space';
/** Space per passenger-equivalent in the report bin holding a minute, and its band (null: fewer than one waiting). */
export type SpaceState = { m2: number | null; band: SpaceBand | null };
export type CounterState = 'closed' | 'idle' | 'busy';
export type Totals = { inTerminal: number; inQueues: number; missedSoFar: number };

/** The first and last minute the playback covers (design-day minutes). */
export function playbackSpan(pb: Playback): { from: number; to: number } {
  return { from: pb.start_minutes, to: pb.start_minutes + Math.max(0, pb.minutes - 1) };
}

/** Index of a design-day minute in the per-minute series, clamped to them. */
function indexOf(pb: Playback, minute: number): number {
  return Math.min(Math.max(0, Math.floor(minute - pb.start_minutes)), Math.max(0, pb.minutes - 1));
}

/** The mean wait of the passengers who joined the queue in the report bin holding `minute`. */
export function meanWaitAt(queue: QueueOutput, binMinutes: number, minute: number): number | null {
  const { start_minutes: start, values } = queue.wait_mean_series;
  const bin = Math.floor((minute - start) / binMinutes);
  return bin >= 0 && bin < values.length ? values[bin] : null;
}

export function losColour(meanWait: number | null, targetMinutes: number): LosColour {
  if (meanWait === null) return 'idle';
  if (meanWait <= targetMinutes / 2) return 'green';
  return meanWait <= targetMinutes ? 'amber' : 'red';
}

export function queueStateAt(pb: Playback, output: AirportOutput, id: string, minute: number): QueueState {
  const series = pb.queues[id];
  const k = indexOf(pb, minute);
  const queue = output.queues[id];
  const meanWait = meanWaitAt(queue, output.bin_minutes, minute);
  return {
    waiting: series.waiting[k] ?? 0,
    open: series.open[k] ?? 0,
    busy: series.busy[k] ?? 0,
    meanWait,
    los: losColour(meanWait, queue.los_target_minutes),
  };
}

/** A queue's space at a minute from its report series; null figures for runs saved before space was reported. */
export function spaceAt(queue: QueueOutput, binMinutes: number, minute: number): SpaceState {
  if (!queue.space) return { m2: null, band: null };
  const { m2_with_trolleys_series: m2, band_series: band } = queue.space;
  const bin = Math.floor((minute - m2.start_minutes) / binMinutes);
  return { m2: m2.values[bin] ?? null, band: band.values[bin] ?? null };
}

/**
 * A counter's state at a minute from its mean open and busy servers over the replications:
 * closed when open less than half the minute, busy when serving more than half of it.
 */
export function counterStateAt(pb: Playback, resource: string, minute: number): CounterState {
  const series = pb.resources[resource];
  if (!series) return 'closed';
  const k = Math.floor(minute - series.start_minutes);
  const open = series.open[k] ?? 0;
  if (open < 0.5) return 'closed';
  return (series.busy[k] ?? 0) > 0.5 ? 'busy' : 'idle';
}

export function totalsAt(pb: Playback, minute: number): Totals {
  const k = indexOf(pb, minute);
  let inQueues = 0;
  for (const q of Object.values(pb.queues)) inQueues += q.waiting[k] ?? 0;
  return { inTerminal: pb.in_terminal[k] ?? 0, inQueues, missedSoFar: pb.missed_so_far[k] ?? 0 };
}

/** The minute shown after `elapsedMs` of playing at `speed`, stopping at the end of the day. */
export function nextMinute(minute: number, elapsedMs: number, speed: Speed, end: number): number {
  return Math.min(end, minute + (elapsedMs / 1000) * speed);
}

/** The minute the queues of one kind hold the most passengers: where a viewer starts watching. */
export function busiestMinute(pb: Playback, ids: readonly string[]): number {
  let best = 0;
  let most = -1;
  for (let k = 0; k < pb.minutes; k++) {
    let sum = 0;
    for (const id of ids) sum += pb.queues[id]?.waiting[k] ?? 0;
    if (sum > most) {
      most = sum;
      best = k;
    }
  }
  return pb.start_minutes + best;
}
