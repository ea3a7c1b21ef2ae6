// Minute-by-minute state of a replication for playback, kept only when a run asks for it: each
// report group's queue length, each utilisation group's busy and open servers (time-averaged over
// the minute, as the report series are over their bins), and the entities entering the network,
// leaving it and missing their deadline in each minute. Ordinary runs carry no trace and pay one
// null check per change.
import { BinnedSeries } from './stats';

/** One replication's trace: per-minute values, plain arrays. */
export interface TraceRaw {
  /** Mean entities waiting per minute, per report group. */
  queue: number[][];
  /** Mean busy and open servers per minute, per utilisation group. */
  busy: number[][];
  open: number[][];
  /** Entities entering the network, leaving it (served out, missed or lost) and missing, per minute. */
  entered: number[];
  left: number[];
  missed: number[];
}

export const TRACE_MINUTES = 1;

export class Trace {
  readonly queue: BinnedSeries[];
  readonly busy: BinnedSeries[];
  readonly open: BinnedSeries[];
  readonly entered: BinnedSeries;
  readonly left: BinnedSeries;
  readonly missed: BinnedSeries;

  constructor(groups: number, utilisationGroups: number, minutes: number) {
    const series = () => new BinnedSeries(TRACE_MINUTES, minutes);
    this.queue = Array.from({ length: groups }, series);
    this.busy = Array.from({ length: utilisationGroups }, series);
    this.open = Array.from({ length: utilisationGroups }, series);
    this.entered = series();
    this.left = series();
    this.missed = series();
  }

  /** The trace up to time `end`, every series as long, to the minute holding `end` itself. */
  result(end: number): TraceRaw {
    const minutes = Math.floor(end / TRACE_MINUTES) + 1;
    const plain = (s: BinnedSeries) => {
      s.ensureLength(minutes);
      return s.toArray();
    };
    return {
      queue: this.queue.map(plain),
      busy: this.busy.map(plain),
      open: this.open.map(plain),
      entered: plain(this.entered),
      left: plain(this.left),
      missed: plain(this.missed),
    };
  }
}
