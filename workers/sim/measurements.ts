// What one replication measured, as plain structured-clone-safe data: what a worker sends back and
// what the summaries (summarise.ts, airportOutputs.ts, playbackOutput.ts) read.
import type { QueueLevelsRaw } from './queueLevels';
import type { TraceRaw } from './trace';

export interface StationRaw {
  arrivals: number;
  served: number;
  lost: number;
  missed: number;
  waitSum: number;
  waitMax: number;
  /**
   * Busy and open server-minutes of each pool, in the station's pool order; a server finishing
   * a service past its close counts as open until it ends, as in the per-bin series.
   */
  poolBusy: number[];
  poolCapacity: number[];
}

export interface GroupRaw {
  hist: Float64Array;
  gt: number[];
  queueArea: number[];
  /** The longest the group's queue was at any moment. */
  queueMax: number;
  waitSum: number[];
  waitCount: number[];
  /** Crowding moment by moment, when the run was given its queue-length steps (queueLevels.ts). */
  levels?: QueueLevelsRaw;
}

/** Busy and open server-minutes per bin of one utilisation group. */
interface UtilisationRaw {
  busy: number[];
  open: number[];
}

/** Everything one replication measured: plain, structured-clone-safe data. */
export interface ReplicationRaw {
  seed: number;
  horizon: number;
  events: number;
  wallMs: number;
  timeInSystemSum: number;
  timeInSystemCount: number;
  stations: StationRaw[];
  groups: GroupRaw[];
  utilisation: UtilisationRaw[];
  missedBySource: number[];
  /** Entities that left by each of the model's exits. */
  exits: number[];
  /** Service completions at logged stations: the entity's source and the time. */
  departures: { source: Int32Array; time: Float64Array };
  /** Minute by minute, when the run was asked for a playback trace. */
  trace?: TraceRaw;
}
