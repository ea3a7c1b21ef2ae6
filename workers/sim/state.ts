// The state a replication keeps per report group, utilisation group, pool and station, with the
// few operations on it that every event handler shares (engine.ts).
import type { PoolModel, StationModel } from './model';
import type { Sampler, Stream } from './random';
import { FreePools } from './freePools';
import { IntRing } from './ring';
import type { QueueLevels } from './queueLevels';
import { BinnedSeries, BinnedWaits, HISTOGRAM_BINS, Slab } from './stats';

/** Statistics kept per report group (a station, or a queue made of several stations). */
export class GroupStats {
  readonly hist = new Float64Array(HISTOGRAM_BINS);
  readonly gt: Float64Array;
  readonly queueArea: BinnedSeries;
  /** Waits by the bin in which the wait began. */
  readonly waits: BinnedWaits;
  /** Entities waiting now over the group's stations, and the most at any moment. */
  queueLength = 0;
  queueMax = 0;
  /** Queue-length area per minute, when the run keeps a playback trace. */
  traceQueue: BinnedSeries | null = null;
  /** The queue's crowding moment by moment, when the run rates it (the airport's space bands). */
  levels: QueueLevels | null = null;

  constructor(
    /** Its place in the replication's list of groups. */
    readonly index: number,
    thresholdCount: number,
    binMinutes: number,
    bins: number,
    slab: Slab,
  ) {
    this.gt = new Float64Array(thresholdCount);
    this.queueArea = new BinnedSeries(binMinutes, bins, slab);
    this.waits = new BinnedWaits(binMinutes, bins, slab);
  }

  /** Values of the series a group keeps per bin. */
  static readonly SERIES = 3;
}

/** Busy and open server-minutes per bin of the pools that report together (a resource, a station). */
export class UtilisationStats {
  readonly busy: BinnedSeries;
  readonly open: BinnedSeries;
  /** The same per minute, when the run keeps a playback trace. */
  traceBusy: BinnedSeries | null = null;
  traceOpen: BinnedSeries | null = null;

  constructor(binMinutes: number, bins: number, slab: Slab) {
    this.busy = new BinnedSeries(binMinutes, bins, slab);
    this.open = new BinnedSeries(binMinutes, bins, slab);
  }

  static readonly SERIES = 2;
}

/**
 * Servers of one pool: how many may serve now, how many do, and their time-weighted areas. Busy
 * server-minutes are added per service when it ends; open ones per stretch of constant level.
 * Utilisation has one definition, over the run as per bin: busy over open server-minutes, where a
 * server finishing a service after its close counts as open until it ends (so it never exceeds 1).
 */
export class PoolState {
  capacity: number;
  busy = 0;
  nextBreak = 0;
  busyArea = 0;
  capacityArea = 0;
  /** Servers open (staffed) now, max(busy, capacity), and since when. */
  private staffed: number;
  private staffedSince = 0;
  readonly service: Sampler;

  constructor(
    readonly model: PoolModel,
    readonly station: number,
    /** Its place among its station's pools. */
    readonly slot: number,
    readonly utilisation: UtilisationStats,
  ) {
    this.capacity = model.scheduled ? 0 : model.servers;
    this.staffed = this.capacity;
    this.service = model.service;
  }

  /** Servers free to start a service (a pool can be over capacity after a close). */
  free(): number {
    return this.capacity > this.busy ? this.capacity - this.busy : 0;
  }

  /** A service that began at `from` ends now. */
  served(from: number, now: number): void {
    this.busyArea += now - from;
    const u = this.utilisation;
    u.busy.addArea(from, now, 1);
    if (u.traceBusy !== null) u.traceBusy.addArea(from, now, 1);
  }

  /** Called after busy or capacity changed: ends the stretch of open servers if its level did. */
  restaff(now: number): void {
    const staffed = this.busy > this.capacity ? this.busy : this.capacity;
    if (staffed === this.staffed) return;
    this.flushOpen(now);
    this.staffed = staffed;
  }

  /** Adds the open server-minutes of the current stretch up to now and starts a new one. */
  flushOpen(now: number): void {
    const since = this.staffedSince;
    if (this.staffed > 0 && now > since) {
      this.capacityArea += this.staffed * (now - since);
      const u = this.utilisation;
      u.open.addArea(since, now, this.staffed);
      if (u.traceOpen !== null) u.traceOpen.addArea(since, now, this.staffed);
    }
    this.staffedSince = now;
  }
}

export class StationState {
  /** Free servers over all pools: a service can start when this is positive. */
  free = 0;
  queueLength = 0;
  readonly queue = new IntRing();
  closedForever = false;
  closedPools = 0;
  /** Where the search for a free pool starts: turns spread the work over a queue's counters. */
  nextPool = 0;
  /** Its pools with a free server, for the turn search. */
  readonly freePools: FreePools;
  lastQueueChange = 0;
  arrivals = 0;
  served = 0;
  lost = 0;
  missed = 0;
  waitSum = 0;
  waitMax = 0;
  readonly queueCapacity: number;
  /**
   * When the station closes for good (stationClosesAt). Whoever still waits then leaves as
   * missed, so a deadline at or after it cannot come first and needs no event (engine.ts).
   */
  readonly closesAt: number;

  constructor(
    /** Its place in the model's stations. */
    readonly index: number,
    readonly model: StationModel,
    /** Global indices of this station's pools. */
    readonly pools: Int32Array,
    readonly stats: GroupStats,
    readonly rng: Stream,
    readonly routeRng: Stream,
    readonly logDepartures: boolean,
  ) {
    this.queueCapacity = model.queueCapacity;
    this.closesAt = stationClosesAt(model.pools);
    this.freePools = new FreePools(pools.length);
  }

  /** Records whether `pool` (one of this station's) has a free server, after its busy or capacity changed. */
  markPool(pool: PoolState): void {
    this.freePools.mark(pool.slot, pool.free() > 0);
  }
}

/**
 * When every pool of a station is past its last schedule step (a pool never opened is at 0);
 * Infinity when a pool has no schedule.
 */
export function stationClosesAt(pools: readonly PoolModel[]): number {
  let last = 0;
  for (const pool of pools) {
    if (!pool.scheduled) return Infinity;
    if (pool.breakTimes.length > 0) last = Math.max(last, pool.breakTimes[pool.breakTimes.length - 1]);
  }
  return last;
}
