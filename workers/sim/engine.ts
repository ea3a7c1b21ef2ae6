// The simulation kernel: one replication of a model, advanced in chunks of events so a caller
// (a worker, the CLI, a test) can report progress and stop between chunks. Everything in the
// loop is typed arrays and plain numbers: no object, closure or promise per event.
// `ReplicationCore` holds the state (state.ts) and what each event does; `Replication`
// (eventLoop.ts) orders the events of the whole network in one event list;
// `FeedForwardReplication` (feedForward.ts) runs the same handlers station by station when the
// routes have no cycle.
import { EventList } from './eventList';
import type { ReplicationRaw } from './measurements';
import { ArrivalKind, type Model, type RouteTable, type SourceModel } from './model';
import { Dist, sample, Stream } from './random';
import { BinnedSeries, histogramBin, Slab } from './stats';
import { GroupStats, PoolState, StationState, UtilisationStats } from './state';
import { QueueLevels } from './queueLevels';
import { Trace } from './trace';

// Event payload = index * 8 + kind.
export const SOURCE = 0; // index: source; its next external arrival
const DEPART = 1; // index: entity; end of its service
export const TRANSFER = 2; // index: entity; zero-delay arrival at its next station (the FIFO ring)
export const SCHEDULE = 3; // index: pool; its number of servers changes
const DEADLINE = 4; // index: entity; it has waited past its source's deadline

export interface ReplicationOptions {
  /** Report group of each station (default: one group per station). */
  groupOf?: ArrayLike<number>;
  /** Stations whose service completions are logged (the airport model's bag drops). */
  logStations?: ArrayLike<number>;
  /**
   * Utilisation group of each pool, pools numbered station by station (default: one group per
   * station); the airport model groups the pools of one resource over all its stations.
   */
  utilisationOf?: ArrayLike<number>;
  /**
   * For a model cut out of a bigger network (a station run alone): that network's numbers of
   * sources and stations and the index there of each station here, so every station draws from
   * the streams it draws from in the whole network.
   */
  cutFrom?: { sources: number; stations: number; station: ArrayLike<number> };
  /** Keep the minute-by-minute state for playback (trace.ts). */
  trace?: boolean;
  /**
   * Per report group, ascending queue lengths at which its crowding steps up (queueLevels.ts; the
   * airport's space bands): the run then keeps, per group, the minutes at each level, the
   * arrivals by the level they found and the longest queue per bin.
   */
  queueLevels?: readonly (readonly number[])[];
  /**
   * Sizing's measure (sizing/evaluate.ts): every wait, with its station and when it joined the
   * queue, goes here, and the run keeps no other measure of waits, queues or busy servers (no
   * histogram, thresholds, queue series or busy time): its result holds counts and open time only.
   * Those measures, never read by a sizing run, were a fifth of its time. `source` is the
   * entity's source (sizing reads its check-in close).
   */
  onWait?: OnWait;
}

export type OnWait = (station: number, joined: number, wait: number, source: number) => void;

/** State of one replication and what each event does to it; subclasses order the events. */
export abstract class ReplicationCore {
  protected now = 0;
  protected readonly model: Model;
  protected readonly events = new EventList();
  protected readonly stations: StationState[];
  protected readonly pools: PoolState[] = [];
  protected readonly groups: GroupStats[];
  private readonly utilisation: UtilisationStats[];
  private readonly trace: Trace | null = null;
  private readonly onWait: OnWait | null;
  /** False when the run measures only waits, for `onWait`. */
  protected readonly measuresAll: boolean;
  private readonly thresholds: Float64Array;
  /** Whether the thresholds ascend: then a wait's count stops at the first it does not exceed. */
  private readonly thresholdsAscend: boolean;

  // Entities, struct of arrays, recycled through a free stack.
  protected birth = new Float64Array(1024);
  private enter = new Float64Array(1024);
  /** When the entity's current service began. */
  private began = new Float64Array(1024);
  protected source = new Int32Array(1024);
  protected at = new Int32Array(1024);
  private poolOf = new Int32Array(1024);
  private deadlineSeq = new Float64Array(1024);
  private gone = new Uint8Array(1024);
  private free = new Int32Array(1024);
  private freeCount = 0;
  private entityCount = 0;
  protected alive = 0;

  // Sources.
  protected readonly sourceRng: Stream[];
  protected readonly sourceRouteRng: Stream[];
  protected readonly sourceDone: Int32Array; // arrivals generated (poisson, times, profile) or interval (piecewise)
  /** Arrival times of times and profile sources; a profile's drawn at its first use (its stream is its own). */
  private readonly profileTimes: (Float64Array | null)[];
  /** Room for every profile's times, in one allocation (thousands of sources on an airport day). */
  private readonly profileSlab: Slab;
  private readonly missedBySource: Float64Array;
  private readonly exitCounts: Float64Array;

  protected eventCount = 0;
  private timeInSystemSum = 0;
  private timeInSystemCount = 0;
  protected logSource = new Int32Array(16);
  protected logTime = new Float64Array(16);
  protected logCount = 0;
  /** When the last entity left the network (served out, missed): the run's horizon. */
  protected lastLeave = 0;
  protected done = false;

  constructor(
    model: Model,
    readonly seed: number,
    options: ReplicationOptions = {},
  ) {
    this.model = model;
    this.onWait = options.onWait ?? null;
    this.measuresAll = this.onWait === null;
    this.thresholds = model.thresholds;
    this.thresholdsAscend = model.thresholds.every((t, k) => k === 0 || t >= model.thresholds[k - 1]);
    const nSources = model.sources.length;
    const nStations = model.stations.length;
    // Stream layout: sources, then station services, then station routing, then source routing.
    const streamSources = options.cutFrom?.sources ?? nSources;
    const streamStations = options.cutFrom?.stations ?? nStations;
    const streamOf = (j: number) => options.cutFrom?.station[j] ?? j;
    this.sourceRng = model.sources.map((_, i) => new Stream(seed, i));
    this.sourceRouteRng = model.sources.map((_, i) => new Stream(seed, streamSources + 2 * streamStations + i));
    const groupOf = options.groupOf ?? model.stations.map((_, i) => i);
    let nGroups = 0;
    for (let i = 0; i < nStations; i++) nGroups = Math.max(nGroups, groupOf[i] + 1);
    // Series sized for the arrivals' span at once, out of one slab: a thousand resources' series
    // grown bin by bin, or even allocated one by one, cost a tenth of a replication's time.
    const bins = Math.ceil(model.arrivalSpan / model.binMinutes) + 1;
    const utilisationOf = options.utilisationOf ?? model.stations.flatMap((m, j) => m.pools.map(() => j));
    let nUtilisation = 0;
    for (let k = 0; k < utilisationOf.length; k++) nUtilisation = Math.max(nUtilisation, utilisationOf[k] + 1);
    const slab = new Slab(bins * (nGroups * GroupStats.SERIES + nUtilisation * UtilisationStats.SERIES));
    this.groups = Array.from({ length: nGroups }, (_, g) => new GroupStats(g, model.thresholds.length, model.binMinutes, bins, slab));
    if (options.queueLevels !== undefined && this.measuresAll) {
      const steps = options.queueLevels;
      this.groups.forEach((g, k) => (g.levels = new QueueLevels(steps[k], model.binMinutes, bins)));
    }
    const logged = new Set(Array.from(options.logStations ?? []));
    this.utilisation = Array.from({ length: nUtilisation }, () => new UtilisationStats(model.binMinutes, bins, slab));
    if (options.trace) {
      const trace = new Trace(nGroups, nUtilisation, bins * model.binMinutes);
      this.groups.forEach((g, k) => (g.traceQueue = trace.queue[k]));
      this.utilisation.forEach((u, k) => {
        u.traceBusy = trace.busy[k];
        u.traceOpen = trace.open[k];
      });
      this.trace = trace;
    }
    this.stations = model.stations.map((m, j) => {
      const first = this.pools.length;
      m.pools.forEach((p, k) => this.pools.push(new PoolState(p, j, k, this.utilisation[utilisationOf[this.pools.length]])));
      const st = new StationState(
        j,
        m,
        Int32Array.from(m.pools, (_, k) => first + k),
        this.groups[groupOf[j]],
        new Stream(seed, streamSources + streamOf(j)),
        new Stream(seed, streamSources + streamStations + streamOf(j)),
        logged.has(j),
      );
      for (let k = first; k < this.pools.length; k++) {
        st.free += this.pools[k].free();
        st.markPool(this.pools[k]);
      }
      return st;
    });
    this.sourceDone = new Int32Array(nSources);
    this.missedBySource = new Float64Array(nSources);
    this.exitCounts = new Float64Array(model.exits.length);
    this.profileTimes = model.sources.map((s) => (s.kind === ArrivalKind.Profile ? null : s.times));
    // The log sized for every arrival passing once, so an airport day's bag log never grows.
    if (logged.size > 0) {
      const arrivals = model.sources.reduce((n, s) => n + s.count, 0);
      this.logSource = new Int32Array(Math.max(1024, arrivals));
      this.logTime = new Float64Array(Math.max(1024, arrivals));
    }
    this.profileSlab = new Slab(model.sources.reduce((n, s) => n + (s.kind === ArrivalKind.Profile ? s.count : 0), 0));
  }

  /** Runs up to maxEvents events; returns true once the run has ended. */
  abstract advance(maxEvents: number): boolean;

  /** Share of the run done so far, 0 to 1. */
  abstract progress(): number;

  /** Sends entity e, just served, on to station `next` at the current time. */
  protected abstract forward(e: number, next: number): void;

  /** Time of source i's next arrival after `from`, or -1 when it is exhausted. */
  protected nextArrival(i: number, from: number): number {
    const t = this.drawArrival(i, from);
    if (this.trace !== null && t >= 0) this.trace.entered.addAt(t, 1);
    return t;
  }

  /**
   * All of source i's arrival times at once, sorted, when they are a list (times, profile) not yet
   * started and no trace counts them one by one; null otherwise (nextArrival draws them). The same
   * times nextArrival would give, without a call per arrival.
   */
  protected allArrivals(i: number): Float64Array | null {
    const s = this.model.sources[i];
    if (this.trace !== null || this.sourceDone[i] !== 0 || (s.kind !== ArrivalKind.Times && s.kind !== ArrivalKind.Profile)) return null;
    const times = this.listedTimes(i);
    this.sourceDone[i] = times.length;
    return times;
  }

  /** A times or profile source's arrival times, sorted: a profile's drawn on first use. */
  private listedTimes(i: number): Float64Array {
    const s = this.model.sources[i];
    return (this.profileTimes[i] ??= this.drawProfile(s, this.sourceRng[i], this.profileSlab.take(s.count)));
  }

  private drawArrival(i: number, from: number): number {
    const s: SourceModel = this.model.sources[i];
    const done = this.sourceDone;
    switch (s.kind) {
      case ArrivalKind.Poisson:
        if (done[i] >= s.count) return -1;
        done[i]++;
        return from + this.sourceRng[i].exponential(s.meanGap);
      case ArrivalKind.Piecewise: {
        // Memoryless: a draw that crosses an interval edge restarts at the edge with the new rate.
        let t = from;
        for (let k = done[i]; k < s.rates.length; k++) {
          const end = (k + 1) * s.interval;
          if (s.rates[k] > 0) {
            const x = t + this.sourceRng[i].exponential(1 / s.rates[k]);
            if (x < end) {
              done[i] = k;
              return x;
            }
          }
          t = end;
        }
        done[i] = s.rates.length;
        return -1;
      }
      case ArrivalKind.Times:
      case ArrivalKind.Profile: {
        const times = this.listedTimes(i);
        return done[i] < times.length ? times[done[i]++] : -1;
      }
    }
  }

  /**
   * A profile's arrival times, sorted, into `times`: each draws its bin by the cumulative shares,
   * then a place in it. Sorted bin by bin (counted into their bins, each kept in order as it
   * fills: a bin holds a few), which gives what sorting them all would at a fraction of the cost.
   */
  private drawProfile(s: SourceModel, rng: Stream, times: Float64Array): Float64Array {
    const cum = s.profileCum;
    const guide = s.profileGuide;
    if (profileDrawn.length < s.count) {
      profileDrawn = new Float64Array(s.count * 2);
      profileBinOf = new Int32Array(s.count * 2);
    }
    if (profileFill.length < cum.length + 1) {
      profileFill = new Int32Array(cum.length + 1);
      profileFrom = new Int32Array(cum.length + 1);
    }
    const drawn = profileDrawn;
    const binOf = profileBinOf;
    // fill[b]: where bin b starts, then where its next time goes; from[b]: where it starts.
    const fill = profileFill;
    const from = profileFrom;
    fill.fill(0, 0, cum.length + 1);
    for (let k = 0; k < s.count; k++) {
      const u = rng.uniform();
      // The first bin whose cumulative share exceeds u, from the guide's start for u's slice.
      let b = guide[(u * guide.length) | 0];
      while (cum[b] <= u) b++;
      drawn[k] = s.profileStart + (b + rng.uniform()) * s.profileBin;
      binOf[k] = b;
      fill[b + 1]++;
    }
    for (let b = 0; b < cum.length; b++) fill[b + 1] += fill[b];
    from.set(fill.subarray(0, cum.length + 1));
    for (let k = 0; k < s.count; k++) {
      const t = drawn[k];
      const b = binOf[k];
      let i = fill[b]++;
      for (; i > from[b] && times[i - 1] > t; i--) times[i] = times[i - 1];
      times[i] = t;
    }
    return times;
  }

  /** A new entity of source i born now; returns it with the station it goes to first. */
  protected createEntity(i: number): number {
    this.eventCount++;
    return this.newEntity(this.now, i);
  }

  /** A slot for an entity born at `birth` of source i (a new one, or one arriving from an inbox). */
  protected newEntity(birth: number, i: number): number {
    const e = this.allocate();
    this.birth[e] = birth;
    this.source[e] = i;
    return e;
  }

  /** The first station of an entity of source i (draws from the source's routing stream). */
  protected firstStation(i: number): number {
    const routes = this.model.sources[i].routes;
    return routes.to.length === 1 ? routes.to[0] : pick(routes, this.sourceRouteRng[i]);
  }

  protected arrive(j: number, e: number): void {
    const st = this.stations[j];
    st.arrivals++;
    const now = this.now;
    this.at[e] = j;
    this.enter[e] = now;
    if (st.closedForever || (st.model.enforcesDeadline && this.model.sources[this.source[e]].deadline <= now)) {
      this.arrivalNotJoining(st);
      this.miss(st, e);
      this.release(e);
      return;
    }
    if (st.queueLength === 0 && st.free > 0) {
      this.arrivalNotJoining(st);
      this.start(st, e);
      return;
    }
    if (st.queueLength >= st.queueCapacity) {
      this.arrivalNotJoining(st);
      st.lost++;
      this.leave();
      this.release(e);
      return;
    }
    this.changeQueue(st, 1);
    st.queue.push(e);
    if (st.model.enforcesDeadline) {
      // A deadline at or after the station's close would find the entity served or missed already
      // (at the close itself it is missed either way): such an event would only crowd the list.
      const deadline = this.model.sources[this.source[e]].deadline;
      if (deadline < st.closesAt) this.deadlineSeq[e] = this.events.push(deadline, e * 8 + DEADLINE);
    }
  }

  /** Someone arrives at st now and does not join its queue: counted by the crowding found (changeQueue counts those who join). */
  protected arrivalNotJoining(st: StationState): void {
    const levels = st.stats.levels;
    if (levels !== null) levels.arrivalNotJoining();
  }

  /** The wait of an entity of `source` that joined at `entered` and starts its service now. */
  protected recordWait(st: StationState, entered: number, source: number): void {
    const w = this.now - entered;
    if (this.onWait !== null) {
      this.onWait(st.index, entered, w, source);
      return;
    }
    st.waitSum += w;
    if (w > st.waitMax) st.waitMax = w;
    const g = st.stats;
    g.hist[histogramBin(w)]++;
    const thr = this.thresholds;
    if (this.thresholdsAscend) {
      for (let k = 0; k < thr.length && w > thr[k]; k++) g.gt[k]++;
    } else for (let k = 0; k < thr.length; k++) if (w > thr[k]) g.gt[k]++;
    g.waits.add(entered, w);
  }

  private start(st: StationState, e: number): void {
    const now = this.now;
    this.recordWait(st, this.enter[e], this.source[e]);
    if (this.deadlineSeq[e] >= 0) {
      this.events.cancel(this.deadlineSeq[e]);
      this.deadlineSeq[e] = -1;
    }
    // The first pool with a free server, searching from the one after the last used.
    const ids = st.pools;
    const k = ids.length === 1 ? 0 : st.freePools.firstFrom(st.nextPool);
    const pool = this.pools[ids[k]];
    st.nextPool = k + 1 === ids.length ? 0 : k + 1;
    this.poolOf[e] = ids[k];
    this.began[e] = now;
    // Never past capacity here (the pool had a free server), so the open level stays.
    pool.busy++;
    if (pool.busy === pool.capacity) st.markPool(pool);
    st.free--;
    const service = pool.service;
    // NOTE: inlined for performance (the exponential case of sample(), the commonest by far).
    const duration = service.dist === Dist.Exponential ? service.mean * st.rng.standardExponential() : sample(service, st.rng);
    this.events.push(now + duration, e * 8 + DEPART);
  }

  /** A station's event taken from the event list at `now`: a departure, a schedule step or a deadline. */
  protected onStationEvent(payload: number): void {
    const index = payload >> 3;
    switch (payload & 7) {
      case DEPART:
        this.onDepart(index);
        break;
      case SCHEDULE:
        this.onSchedule(index);
        break;
      case DEADLINE:
        this.onDeadline(index);
        break;
    }
  }

  protected onDepart(e: number): void {
    this.eventCount++;
    const now = this.now;
    const st = this.stations[this.at[e]];
    const pool = this.pools[this.poolOf[e]];
    if (this.measuresAll) pool.served(this.began[e], now);
    pool.busy--;
    if (pool.busy >= pool.capacity) pool.restaff(now);
    else {
      st.free++;
      st.markPool(pool);
    }
    this.complete(st, e);
    this.startWaiting(st);
  }

  /** Entity e's service at st has ended now: counted, logged, and sent on or out of the network. */
  protected complete(st: StationState, e: number): void {
    const now = this.now;
    st.served++;
    if (st.logDepartures) this.log(e);
    const m = st.model;
    const routes = m.sourceRoutes === null ? m.routes : (m.sourceRoutes.get(this.source[e]) ?? m.routes);
    const n = routes.to.length;
    const next = n === 0 ? -1 : n === 1 ? routes.to[0] : pick(routes, st.routeRng);
    if (next >= 0) this.forward(e, next);
    else {
      if (n > 0) this.exitCounts[-1 - next]++;
      this.timeInSystemSum += now - this.birth[e];
      this.timeInSystemCount++;
      this.leave();
      this.release(e);
    }
  }

  /** Starts services while servers are free and someone waits (skipping entities who left). */
  private startWaiting(st: StationState): void {
    while (st.free > 0 && st.queueLength > 0) {
      const e = st.queue.shift();
      if (this.gone[e] === 1) {
        this.gone[e] = 0;
        this.release(e);
        continue;
      }
      this.changeQueue(st, -1);
      this.start(st, e);
    }
  }

  /** Pool k's next opening-schedule step; returns whether the pool has another one. */
  protected applyBreak(k: number): boolean {
    const pool = this.pools[k];
    const st = this.stations[pool.station];
    const m = pool.model;
    st.free -= pool.free();
    pool.capacity = m.breakCaps[pool.nextBreak++];
    pool.restaff(this.now);
    st.free += pool.free();
    st.markPool(pool);
    const more = pool.nextBreak < m.breakTimes.length;
    if (!more) this.closePool(pool);
    this.startWaiting(st);
    return more;
  }

  protected onSchedule(k: number): void {
    const pool = this.pools[k];
    if (this.applyBreak(k)) this.events.push(pool.model.breakTimes[pool.nextBreak], k * 8 + SCHEDULE);
  }

  /** A pool past its last opening; when all of a station's are, the station closes for good. */
  protected closePool(pool: PoolState): void {
    const st = this.stations[pool.station];
    if (++st.closedPools < st.pools.length) return;
    // Whoever still waits would wait forever, so they leave as missed.
    st.closedForever = true;
    while (st.queue.size > 0) {
      const e = st.queue.shift();
      if (this.gone[e] === 1) this.gone[e] = 0;
      else {
        if (this.deadlineSeq[e] >= 0) this.events.cancel(this.deadlineSeq[e]);
        this.deadlineSeq[e] = -1;
        this.miss(st, e);
      }
      this.release(e);
    }
    this.changeQueue(st, -st.queueLength);
  }

  protected onDeadline(e: number): void {
    const st = this.stations[this.at[e]];
    this.deadlineSeq[e] = -1;
    this.changeQueue(st, -1);
    this.miss(st, e);
    this.gone[e] = 1;
  }

  private miss(st: StationState, e: number): void {
    st.missed++;
    if (this.trace !== null) this.trace.missed.addAt(this.now, 1);
    this.missedBySource[this.source[e]]++;
    this.leave();
  }

  private leave(): void {
    this.alive--;
    if (this.trace !== null) this.trace.left.addAt(this.now, 1);
    // The feed-forward path runs stations one after another, so its clock goes back between them.
    if (this.now > this.lastLeave) this.lastLeave = this.now;
  }

  protected changeQueue(st: StationState, delta: number): void {
    if (!this.measuresAll) {
      st.queueLength += delta;
      return;
    }
    const now = this.now;
    const g = st.stats;
    if (st.queueLength > 0 && now > st.lastQueueChange) {
      g.queueArea.addArea(st.lastQueueChange, now, st.queueLength);
      if (g.traceQueue !== null) g.traceQueue.addArea(st.lastQueueChange, now, st.queueLength);
    }
    st.lastQueueChange = now;
    st.queueLength += delta;
    g.queueLength += delta;
    if (g.queueLength > g.queueMax) g.queueMax = g.queueLength;
    if (g.levels !== null) g.levels.change(now, g.queueLength);
  }

  private log(e: number): void {
    if (this.logCount === this.logTime.length) {
      this.logSource = growInt(this.logSource, this.logCount * 2);
      this.logTime = growFloat(this.logTime, this.logCount * 2);
    }
    this.logSource[this.logCount] = this.source[e];
    this.logTime[this.logCount++] = this.now;
  }

  private allocate(): number {
    this.alive++;
    if (this.freeCount > 0) return this.free[--this.freeCount];
    const e = this.entityCount++;
    if (e === this.birth.length) this.reserve(e * 2);
    this.deadlineSeq[e] = -1;
    return e;
  }

  private reserve(n: number): void {
    this.birth = growFloat(this.birth, n);
    this.enter = growFloat(this.enter, n);
    this.began = growFloat(this.began, n);
    this.source = growInt(this.source, n);
    this.at = growInt(this.at, n);
    this.poolOf = growInt(this.poolOf, n);
    this.deadlineSeq = growFloat(this.deadlineSeq, n);
    const gone = new Uint8Array(n);
    gone.set(this.gone);
    this.gone = gone;
    this.free = growInt(this.free, n);
  }

  protected release(e: number): void {
    this.free[this.freeCount++] = e;
  }

  protected finish(): void {
    this.done = true;
    const now = this.now;
    // Pools open at the end stay open to the end of that bin in the series, so the last bin's
    // utilisation is busy time over the whole bin, not over the sliver before the run ended.
    const binEnd = Math.ceil(now / this.model.binMinutes) * this.model.binMinutes;
    for (const p of this.pools) {
      p.flushOpen(now);
      if (p.capacity > 0 && binEnd > now) p.utilisation.open.addArea(now, binEnd, p.capacity);
    }
    for (const st of this.stations) st.stats.queueArea.coverUntil(now);
    for (const g of this.groups) if (g.levels !== null) g.levels.finish(now);
    for (const u of this.utilisation) {
      u.busy.coverUntil(now);
      u.open.coverUntil(now);
    }
  }

  /** The measurements of a finished run. */
  result(wallMs: number): ReplicationRaw {
    const stations = this.stations.map((st) => {
      return {
        arrivals: st.arrivals,
        served: st.served,
        lost: st.lost,
        missed: st.missed,
        waitSum: st.waitSum,
        waitMax: st.waitMax,
        poolBusy: Array.from(st.pools, (k) => this.pools[k].busyArea),
        poolCapacity: Array.from(st.pools, (k) => this.pools[k].capacityArea),
      };
    });
    return {
      seed: this.seed,
      horizon: this.now,
      events: this.eventCount,
      wallMs,
      timeInSystemSum: this.timeInSystemSum,
      timeInSystemCount: this.timeInSystemCount,
      stations,
      groups: this.groups.map((g) => ({
        hist: g.hist,
        gt: Array.from(g.gt),
        queueArea: plain(g.queueArea),
        queueMax: g.queueMax,
        waitSum: plain(g.waits.sum),
        waitCount: plain(g.waits.count),
        ...(g.levels !== null && { levels: g.levels.result() }),
      })),
      utilisation: this.utilisation.map((u) => ({ busy: plain(u.busy), open: plain(u.open) })),
      missedBySource: Array.from(this.missedBySource),
      exits: Array.from(this.exitCounts),
      departures: { source: this.logSource.slice(0, this.logCount), time: this.logTime.slice(0, this.logCount) },
      ...(this.trace !== null && { trace: this.trace.result(this.now) }),
    };
  }
}

// Scratch of drawProfile, grown as needed and kept.
let profileDrawn = new Float64Array(0);
let profileBinOf = new Int32Array(0);
let profileFill = new Int32Array(0);
let profileFrom = new Int32Array(0);

/**
 * A series as a plain array. NOTE: inlined for performance: a loop, where BinnedSeries.toArray's
 * Array.from walks an iterator (an airport day has some 400,000 values per replication).
 */
function plain(series: BinnedSeries): number[] {
  const n = series.length;
  const values = series.values;
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++) out[i] = values[i];
  return out;
}

function pick(routes: RouteTable, rng: Stream): number {
  const u = rng.uniform();
  const cum = routes.cum;
  let k = 0;
  while (u >= cum[k]) k++;
  return routes.to[k];
}

export function growFloat(a: Float64Array, n: number): Float64Array<ArrayBuffer> {
  const b = new Float64Array(n);
  b.set(a);
  return b;
}

export function growInt(a: Int32Array, n: number): Int32Array<ArrayBuffer> {
  const b = new Int32Array(n);
  b.set(a);
  return b;
}
