// The fast path for networks whose routes never lead back (check-in then security): each station
// runs on its own, in an order where every station comes after all that can send to it, with only
// its own servers' events in the list (a handful, not the whole network's), its arrivals read from
// a time-sorted inbox that the stations before it filled. Like R's queuecomputer, but through the
// event engine's own handlers (ReplicationCore), so schedules, pools, turns, deadlines and the
// random streams behave exactly as in the event list: same sample path, same measurements.
//
// Same path, because each station's events are its arrivals (from the inbox) and what its own
// events schedule; the event list orders events at one time by when they were scheduled, which is
// the same here for everything a station schedules itself. An arrival at exactly the time of
// another event of its station (or of another arrival) is the one case where the event list's
// order depends on the rest of the network: the run then gives up (`gaveUp`) and the caller runs
// the event list. With continuous arrival and service times that has probability zero; `times`
// sources and deterministic services can make it happen.
import { ReplicationCore, SCHEDULE, growFloat, growInt, type ReplicationOptions } from './engine';
import type { PoolState, StationState } from './state';
import type { Model } from './model';
import { Dist, sample } from './random';
import { FloatQueue } from './ring';
import { EarliestFree } from './earliestFree';
import type { QueueLevels } from './queueLevels';

/** Times with a number each (a queue-length change), in the order they were added. */
class TimeLog {
  time = new Float64Array(16);
  value = new Int32Array(16);
  length = 0;

  push(t: number, v: number): void {
    if (this.length === this.time.length) {
      this.time = growFloat(this.time, this.length * 2);
      this.value = growInt(this.value, this.length * 2);
    }
    this.time[this.length] = t;
    this.value[this.length++] = v;
  }
}

/**
 * Entities on their way to a station that has not run yet: arrival time, birth and source. They
 * hold no entity slot meanwhile, so the slots in use stay few (those at the running station) and
 * the per-entity arrays stay small enough for the cache, as in the event list.
 */
class Inbox extends TimeLog {
  birth = new Float64Array(16);
  /** Scratch: the order of the entries by time. */
  order = new Int32Array(16);

  add(t: number, birth: number, source: number): void {
    if (this.length === this.birth.length) {
      this.birth = growFloat(this.birth, this.length * 2);
      this.order = new Int32Array(this.length * 2);
    }
    this.birth[this.length] = birth;
    this.push(t, source);
  }
}

/**
 * Whether a station runs by the recurrence: one pool of a fixed number of servers (any number: the
 * earliest free comes from a heap), no deadlines, no queue limit.
 */
function recurrenceFits(st: StationState, pools: readonly PoolState[]): boolean {
  if (st.pools.length !== 1 || st.model.enforcesDeadline || st.queueCapacity !== Infinity) return false;
  const pool = pools[st.pools[0]];
  return !pool.model.scheduled && pool.capacity >= 1;
}

/** More sources than this feeding one station are drawn up front (the scan per arrival grows). */
const MAX_STREAMED = 4;

// Scratch space of sortByTime, grown as needed and kept: the fast path sorts every station's inbox.
let bucketOf = new Int32Array(0);
let bucketStart = new Int32Array(0);
let sortedTime = new Float64Array(0);
let sortedPayload = new Int32Array(0);

/**
 * Sorts pairs by time, stably: buckets of equal width over the range (one per pair on average),
 * then insertion sort within each, O(n) for the spread-out times of arrivals. Returns false when
 * two times are equal.
 */
export function sortByTime(time: Float64Array, payload: Int32Array, n: number): boolean {
  let sorted = true;
  let distinct = true;
  let min = n > 0 ? time[0] : 0;
  let max = min;
  for (let i = 1; i < n; i++) {
    const t = time[i];
    if (t < time[i - 1]) sorted = false;
    else if (t === time[i - 1]) distinct = false;
    if (t < min) min = t;
    if (t > max) max = t;
  }
  if (sorted) return distinct;
  if (bucketOf.length < n) {
    bucketOf = new Int32Array(n);
    bucketStart = new Int32Array(n + 1);
    sortedTime = new Float64Array(n);
    sortedPayload = new Int32Array(n);
  }
  const of = bucketOf;
  const start = bucketStart;
  const t2 = sortedTime;
  const p2 = sortedPayload;
  start.fill(0, 0, n + 1);
  const scale = (n - 1) / (max - min);
  for (let i = 0; i < n; i++) {
    const b = ((time[i] - min) * scale) | 0;
    of[i] = b;
    start[b + 1]++;
  }
  for (let b = 0; b < n; b++) start[b + 1] += start[b];
  for (let i = 0; i < n; i++) {
    const k = start[of[i]]++;
    t2[k] = time[i];
    p2[k] = payload[i];
  }
  // start[b] is now where bucket b ends; insertion sort each bucket, copying back as we go.
  let from = 0;
  for (let b = 0; b < n; b++) {
    const to = start[b];
    for (let i = from; i < to; i++) {
      const t = t2[i];
      const p = p2[i];
      let k = i;
      while (k > from && time[k - 1] > t) {
        time[k] = time[k - 1];
        payload[k] = payload[k - 1];
        k--;
      }
      if (k > from && time[k - 1] === t) distinct = false;
      time[k] = t;
      payload[k] = p;
    }
    from = to;
  }
  return distinct;
}

/** The arrivals at one station, in time order: when, when the entity was born, and its source. */
export interface StationArrivals {
  time: Float64Array;
  birth: Float64Array;
  source: Int32Array;
}

export interface FeedForwardOptions extends ReplicationOptions {
  /**
   * Runs only these stations; the others' arrivals stay where `arrivalsAt` reads them. A partial
   * run measures nothing else (sizing reads its stations' waits as they happen).
   */
  only?: ReadonlySet<number>;
  /** Arrivals given per station, for stations run alone: then no source is drawn. */
  arrivals?: ReadonlyMap<number, StationArrivals>;
}

export class FeedForwardReplication extends ReplicationCore {
  /** True when the run met a tie it cannot order as the event list would: run that instead. */
  gaveUp = false;
  private readonly order: Int32Array;
  private readonly scratch: Scratch;
  private readonly inboxes: Inbox[];
  private nextStation = 0;
  /** Per station, the sources drawn as it runs; their next arrival times (-1: exhausted). */
  private readonly streamed: Int32Array[];
  private readonly sourceNext: Float64Array;
  /**
   * Queue-length changes (time, delta) of report groups of several stations, merged at the end;
   * when the run rates crowding, with the arrivals that do not join (delta 0) too.
   */
  private readonly queueLog: (TimeLog | null)[];
  /**
   * The crowding of those groups, replayed from the merged log at the end: their stations run one
   * after another, so the group's queue is known only then.
   */
  private readonly replayedLevels: (QueueLevels | null)[];
  private readonly only: ReadonlySet<number> | null;
  /** Stations run by the recurrence (runRecurrence) rather than their own event loop. */
  stationsByRecurrence = 0;
  /** The streamed source peekArrival chose, or -1 for the inbox. */
  private peeked = -1;
  private readonly startRing = new FloatQueue();

  constructor(model: Model, seed: number, options: FeedForwardOptions = {}) {
    super(model, seed, options);
    if (model.feedForwardOrder === null) throw new Error('the network does not run station by station');
    this.order = model.feedForwardOrder;
    this.only = options.only ?? null;
    const scratch = scratchFor(model);
    this.scratch = scratch;
    this.inboxes = scratch.inboxes;
    const members = new Int32Array(this.groups.length);
    for (const st of this.stations) members[st.stats.index]++;
    this.queueLog = Array.from(members, (m, g) => (m > 1 ? (scratch.queueLogs[g] ??= new TimeLog()) : null));
    this.replayedLevels = this.groups.map((g, k) => {
      const levels = this.queueLog[k] === null ? null : g.levels;
      if (levels !== null) g.levels = null;
      return levels;
    });
    // A source that always goes to the same station is drawn as that station runs, one arrival
    // at a time, so its entities are not all alive at once (a few such sources per station: the
    // next arrival is the earliest of theirs, found by a scan). The others' arrivals are drawn up
    // front into the inboxes. Either way each source's two streams are drawn in the event list's
    // order, one arrival after another.
    const streamed = model.stations.map((): number[] => []);
    const upFront = model.sources.map((s, i) => {
      const j = s.routes.to.length === 1 ? s.routes.to[0] : -1;
      if (j < 0 || streamed[j].length === MAX_STREAMED) return true;
      streamed[j].push(i);
      return false;
    });
    this.sourceNext = new Float64Array(model.sources.length).fill(-1);
    if (options.arrivals !== undefined) {
      this.streamed = model.stations.map(() => new Int32Array(0));
      for (const [j, given] of options.arrivals) {
        for (let k = 0; k < given.time.length; k++) this.inboxes[j].add(given.time[k], given.birth[k], given.source[k]);
      }
      return;
    }
    this.streamed = streamed.map((list) => Int32Array.from(list));
    model.sources.forEach((_, i) => {
      if (!upFront[i]) this.sourceNext[i] = this.nextArrival(i, 0);
      else this.drawUpFront(i);
    });
  }

  /** Source i's arrivals, all of them, into the inboxes of the stations they go to first. */
  private drawUpFront(i: number): void {
    const all = this.allArrivals(i);
    if (all === null) {
      for (let t = this.nextArrival(i, 0); t >= 0; t = this.nextArrival(i, t)) {
        this.eventCount++;
        this.inboxes[this.firstStation(i)].add(t, t, i);
      }
      return;
    }
    this.eventCount += all.length;
    for (let k = 0; k < all.length; k++) this.inboxes[this.firstStation(i)].add(all[k], all[k], i);
  }

  advance(maxEvents: number): boolean {
    if (this.done) return true;
    const stop = this.eventCount + maxEvents;
    while (this.nextStation < this.order.length && !this.gaveUp) {
      const j = this.order[this.nextStation++];
      if (this.only !== null && !this.only.has(j)) continue;
      this.runStation(j);
      if (this.eventCount >= stop && this.nextStation < this.order.length && !this.gaveUp) return false;
    }
    if (!this.gaveUp && this.only === null) this.end();
    this.done = true;
    scratchInUse.delete(this.scratch);
    return true;
  }

  /**
   * Everything that arrived at a station this run did not run (its senders having run), its
   * streamed sources drawn to the end; null when two arrivals came at one time (the event list
   * orders those).
   */
  arrivalsAt(j: number): StationArrivals | null {
    const inbox = this.inboxes[j];
    for (const i of this.streamed[j]) {
      for (let t = this.sourceNext[i]; t >= 0; t = this.nextArrival(i, t)) inbox.add(t, t, i);
      this.sourceNext[i] = -1;
    }
    const n = inbox.length;
    const order = inbox.order;
    for (let k = 0; k < n; k++) order[k] = k;
    const time = inbox.time.slice(0, n);
    if (!sortByTime(time, order, n)) return null;
    // Plain loops: typed arrays' `from` with a mapping function costs several times as much.
    const birth = new Float64Array(n);
    const source = new Int32Array(n);
    for (let k = 0; k < n; k++) {
      birth[k] = inbox.birth[order[k]];
      source[k] = inbox.value[order[k]];
    }
    return { time, birth, source };
  }

  progress(): number {
    return this.done ? 1 : this.nextStation / this.order.length;
  }

  protected forward(e: number, next: number): void {
    this.eventCount++;
    this.inboxes[next].add(this.now, this.birth[e], this.source[e]);
    this.release(e);
  }

  protected override changeQueue(st: StationState, delta: number): void {
    super.changeQueue(st, delta);
    const log = this.queueLog[st.stats.index];
    if (log !== null && delta !== 0) log.push(this.now, delta);
  }

  protected override arrivalNotJoining(st: StationState): void {
    super.arrivalNotJoining(st);
    const g = st.stats.index;
    if (this.replayedLevels[g] !== null) this.queueLog[g]!.push(this.now, 0);
  }

  /** One station from its first arrival until nobody is left in it. */
  private runStation(j: number): void {
    const st = this.stations[j];
    const events = this.events;
    const inbox = this.inboxes[j];
    const n = inbox.length;
    const order = inbox.order;
    for (let k = 0; k < n; k++) order[k] = k;
    if (!sortByTime(inbox.time, order, n)) {
      this.gaveUp = true;
      return;
    }
    const times = inbox.time;
    this.now = 0;
    for (let k = 0; k < st.pools.length; k++) {
      const pool = this.pools[st.pools[k]];
      if (!pool.model.scheduled) continue;
      if (pool.model.breakTimes.length === 0) this.closePool(pool);
      else events.push(pool.model.breakTimes[0], st.pools[k] * 8 + SCHEDULE);
    }
    if (recurrenceFits(st, this.pools)) {
      this.stationsByRecurrence++;
      this.runRecurrence(j);
      return;
    }
    const streamed = this.streamed[j];
    let i = 0;
    let last = -1;
    // The next arrival, looked up again only once one is taken: the station's events draw none.
    let a = this.peekArrival(streamed, n > 0 ? times[0] : Infinity);
    for (;;) {
      const h = events.nextTime();
      if (a < h && a !== last) {
        last = a;
        this.now = a;
        this.arrive(j, this.takeArrival(inbox, i));
        if (this.peeked < 0) i++;
        a = this.peekArrival(streamed, i < n ? times[i] : Infinity);
        continue;
      }
      if (a === Infinity) {
        if (st.arrivals === st.served + st.missed + st.lost || h === Infinity) break;
      } else if (!(a > h)) {
        // An arrival at the time of another event of this station, or of another arrival.
        this.gaveUp = true;
        return;
      }
      this.now = h;
      this.onStationEvent(events.popLive());
    }
    // Its later schedule steps run at the end (they only change areas); cancelled deadlines go.
    while (events.pop() !== -1);
  }

  /**
   * The time of the station's next arrival: the inbox's next (`inboxNext`, Infinity when it is
   * empty), or a streamed source's when earlier, whose index `peeked` then holds (-1: the inbox);
   * NaN when two arrive at once (the event list orders those, not this path).
   */
  private peekArrival(streamed: Int32Array, inboxNext: number): number {
    let a = inboxNext;
    this.peeked = -1;
    for (let k = 0; k < streamed.length; k++) {
      const t = this.sourceNext[streamed[k]];
      if (t >= 0 && t <= a) {
        if (t === a) return NaN;
        a = t;
        this.peeked = streamed[k];
      }
    }
    return a;
  }

  /** The entity of the arrival peekArrival found, now; the inbox's entry `i` when it was the inbox's. */
  private takeArrival(inbox: Inbox, i: number): number {
    const from = this.peeked;
    if (from < 0) {
      const k = inbox.order[i];
      return this.newEntity(inbox.birth[k], inbox.value[k]);
    }
    const e = this.createEntity(from);
    this.sourceNext[from] = this.nextArrival(from, this.now);
    return e;
  }

  /**
   * A station of one pool whose servers never change, without deadlines or a queue limit, run
   * without an event list (R's queuecomputer): first come first served, so each arrival starts at
   * the later of its arrival and the earliest a server is free, and the service it draws then
   * ends on that server. Same sample path and measurements as the event loop: starts, and so
   * service draws and waits, come in arrival order there too; the departures come out in time
   * order (each arrival takes the earliest-ending server), and the queue's changes (an arrival
   * who waits, a waiting entity starting) are applied in time order. A departure at the very time
   * of an arrival or of another departure is a tie the event list orders: the run gives up.
   */
  private runRecurrence(j: number): void {
    const st = this.stations[j];
    const pool = this.pools[st.pools[0]];
    const c = pool.capacity;
    const servers = new EarliestFree(c);
    const began = new Float64Array(c);
    const entity = new Int32Array(c).fill(-1);
    const inbox = this.inboxes[j];
    const n = inbox.length;
    const times = inbox.time;
    const streamed = this.streamed[j];
    const service = pool.service;
    // Start times of the entities who waited, whose leaving the queue is not applied yet.
    const starts = this.startRing;
    starts.clear();
    let i = 0;
    let last = -1;
    for (;;) {
      const a = this.peekArrival(streamed, i < n ? times[i] : Infinity);
      if (a === Infinity) break;
      while (starts.size > 0 && starts.peek() < a) this.leaveQueue(st, starts.shift());
      // The earliest-ending server; a tie with another server's end is left to the event list.
      const s = servers.first();
      const free = servers.firstTime();
      if (!(a > last) || free === a || (free > -Infinity && servers.tied()) || (starts.size > 0 && starts.peek() === a)) {
        this.gaveUp = true;
        return;
      }
      last = a;
      this.now = a;
      const e = this.takeArrival(inbox, i);
      if (this.peeked < 0) i++;
      st.arrivals++;
      const start = free > a ? free : a;
      if (free > a) {
        this.changeQueue(st, 1);
        starts.push(start);
      } else this.arrivalNotJoining(st);
      if (entity[s] >= 0) this.depart(st, pool, entity[s], began[s], free);
      this.now = start;
      this.recordWait(st, a, this.source[e]);
      // NOTE: inlined for performance (the exponential case of sample(), as in the event loop).
      const duration = service.dist === Dist.Exponential ? service.mean * st.rng.standardExponential() : sample(service, st.rng);
      entity[s] = e;
      began[s] = start;
      servers.moveFirst(start + duration);
    }
    while (starts.size > 0) this.leaveQueue(st, starts.shift());
    // The services still running end in time order: the heap gives them up one by one (servers
    // never used come first, free since -Infinity).
    let previous = -Infinity;
    for (let k = 0; k < c; k++) {
      const s = servers.first();
      const t = servers.firstTime();
      servers.moveFirst(Infinity);
      if (entity[s] < 0) continue;
      if (t === previous) {
        this.gaveUp = true;
        return;
      }
      previous = t;
      this.depart(st, pool, entity[s], began[s], t);
    }
  }

  /** A waiting entity starts its service at time t: one fewer in the queue. */
  private leaveQueue(st: StationState, t: number): void {
    this.now = t;
    this.changeQueue(st, -1);
  }

  /** Entity e's service on `pool`, begun at `from`, ends at t. */
  private depart(st: StationState, pool: PoolState, e: number, from: number, t: number): void {
    this.eventCount++;
    this.now = t;
    if (this.measuresAll) pool.served(from, t);
    this.complete(st, e);
  }

  /** The run ends when the last entity leaves, as in the event list; then the shared finish. */
  private end(): void {
    const horizon = this.lastLeave;
    for (let k = 0; k < this.pools.length; k++) {
      const pool = this.pools[k];
      const times = pool.model.breakTimes;
      // Steps up to the horizon happened in the event list; one at the horizon itself may or may
      // not have (it depends on when it was scheduled against the last departure).
      while (pool.nextBreak < times.length && times[pool.nextBreak] <= horizon) {
        if (times[pool.nextBreak] === horizon) {
          this.gaveUp = true;
          return;
        }
        this.now = times[pool.nextBreak];
        this.applyBreak(k);
      }
    }
    // Completions at one time at several stations are logged in the order the event list would
    // have scheduled them, which a station alone cannot know (the bags are drawn in that order).
    if (!sortByTime(this.logTime, this.logSource, this.logCount)) {
      this.gaveUp = true;
      return;
    }
    for (let g = 0; g < this.queueLog.length; g++) {
      const log = this.queueLog[g];
      if (log === null) continue; // a group of one station, measured as it ran
      const levels = this.replayedLevels[g];
      const max = replayQueue(log, levels);
      if (max < 0) {
        this.gaveUp = true;
        return;
      }
      this.groups[g].queueMax = max;
      this.groups[g].levels = levels;
    }
    this.now = horizon;
    this.finish();
  }
}

/**
 * A group's queue from its stations' changes merged in time order: returns the longest it was and
 * replays into `levels` (when the run rates crowding) what the event list measures: each +1 is an
 * arrival joining, each 0 one that does not. -1 when the order of entries at one time at different
 * stations matters, which only the event list knows: a queue growing at one station as it shrinks
 * at another (the longest), or, when rating crowding, an arrival at the time of any other entry
 * (the queue it finds).
 */
function replayQueue(log: TimeLog, levels: QueueLevels | null): number {
  sortByTime(log.time, log.value, log.length);
  const { time, value } = log;
  let length = 0;
  let max = 0;
  for (let first = 0, end = 0; first < log.length; first = end) {
    end = first + 1;
    while (end < log.length && time[end] === time[first]) end++;
    if (!orderFree(value, first, end, levels !== null)) return -1;
    for (let k = first; k < end; k++) {
      if (value[k] === 0) {
        levels!.arrivalNotJoining();
        continue;
      }
      length += value[k];
      if (length > max) max = length;
      if (levels !== null) levels.change(time[k], length);
    }
  }
  return max;
}

/** Whether the log's entries first..end-1, all at one time, give the same measures in any order. */
function orderFree(value: Int32Array, first: number, end: number, rating: boolean): boolean {
  if (end - first === 1) return true;
  let up = false;
  let down = false;
  for (let k = first; k < end; k++) {
    if (value[k] >= 0) up = true;
    else down = true;
  }
  // Rating crowding, the arrivals (entries >= 0) find a queue that depends on the order.
  return rating ? !up : !(up && down);
}

// Inboxes and queue logs kept with their model and emptied for each replication: grown once, to
// the size the first replication needed, instead of every replication growing and dropping its
// own. A replication still running (another caller's, interleaved) keeps its own.
interface Scratch {
  inboxes: Inbox[];
  /** By report group; made for the groups of several stations as replications need them. */
  queueLogs: TimeLog[];
}
const keptScratch = new WeakMap<Model, Scratch>();
const scratchInUse = new WeakSet<Scratch>();

function scratchFor(model: Model): Scratch {
  const kept = keptScratch.get(model);
  if (kept !== undefined && !scratchInUse.has(kept)) {
    for (const inbox of kept.inboxes) inbox.length = 0;
    for (const log of kept.queueLogs) if (log !== undefined) log.length = 0;
    scratchInUse.add(kept);
    return kept;
  }
  const fresh = { inboxes: model.stations.map(() => new Inbox()), queueLogs: [] };
  keptScratch.set(model, fresh);
  scratchInUse.add(fresh);
  return fresh;
}
