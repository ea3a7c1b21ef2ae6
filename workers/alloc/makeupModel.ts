// The make-up problem in the index form the greedy, the MIP and the result builder share:
// segregations and resources by number, each segregation's time as a half-open interval that
// already includes the clearing buffer, and a position-level occupancy so every assignment
// carries concrete position indices.
import type { MakeupDocument } from './schema';
import { AllocError } from './errors';
import { type Interval, peakLoad } from './intervals';

export type UnassignedReason = 'no_resource' | 'too_wide' | 'capacity';

export interface Segregation extends Interval {
  readonly id: string;
  readonly flight: number;
  readonly width: number;
  /** Resources this segregation may use and that have enough positions for it. */
  readonly eligible: readonly number[];
  /** Why it can never be placed, or null when some resource could take it. */
  readonly impossible: UnassignedReason | null;
  readonly lockedResource: number;
  readonly lockedPositions: readonly number[];
}

/** The resources a segregation may be on: its locked one, else every eligible one. */
export function usableResources(seg: Segregation): readonly number[] {
  return seg.lockedResource >= 0 ? [seg.lockedResource] : seg.eligible;
}

interface Resource {
  readonly id: string;
  readonly positions: number;
}

export interface MakeupProblem {
  readonly segs: readonly Segregation[];
  readonly resources: readonly Resource[];
  readonly flights: readonly string[];
  /** Segregations of each flight, by flight number. */
  readonly flightSegs: readonly (readonly number[])[];
}

export function buildMakeupProblem(doc: MakeupDocument): MakeupProblem {
  const resourceIndex = new Map(doc.resources.map((r, i) => [r.id, i]));
  const flightIndex = new Map<string, number>();
  const flights: string[] = [];
  const flightSegs: number[][] = [];
  const locks = new Map<string, { resource: number; positions: number[] }>();
  doc.locked.forEach((lock, i) => {
    const resource = resourceIndex.get(lock.resource)!;
    let entry = locks.get(lock.segregation);
    if (!entry) locks.set(lock.segregation, (entry = { resource, positions: [] }));
    if (entry.resource !== resource) {
      throw new AllocError('locked_conflict', `locked[${i}].resource`, `"${lock.segregation}" is locked to two resources`);
    }
    if (lock.position !== undefined && !entry.positions.includes(lock.position)) entry.positions.push(lock.position);
  });
  const segs = doc.segregations.map((s, i): Segregation => {
    let flight = flightIndex.get(s.flight);
    if (flight === undefined) {
      flight = flights.length;
      flightIndex.set(s.flight, flight);
      flights.push(s.flight);
      flightSegs.push([]);
    }
    flightSegs[flight].push(i);
    const candidates = s.eligible ? s.eligible.map((id) => resourceIndex.get(id)!) : doc.resources.flatMap((r, k) => (r.zone === s.zone ? [k] : []));
    const eligible = [...new Set(candidates)].filter((r) => doc.resources[r].positions >= s.positions);
    const lock = locks.get(s.id);
    if (lock && lock.positions.length > s.positions) {
      throw new AllocError('locked_conflict', 'locked', `"${s.id}" is locked to more positions than it needs`);
    }
    if (lock && !eligible.includes(lock.resource)) {
      throw new AllocError('locked_conflict', 'locked', `"${s.id}" needs more positions than its locked resource has`);
    }
    return {
      id: s.id,
      flight,
      start: s.start,
      stop: s.end + doc.buffer_minutes,
      width: s.positions,
      eligible,
      impossible: eligible.length > 0 ? null : candidates.length > 0 ? 'too_wide' : 'no_resource',
      lockedResource: lock ? lock.resource : -1,
      lockedPositions: lock ? lock.positions : [],
    };
  });
  return { segs, resources: doc.resources.map((r) => ({ id: r.id, positions: r.positions })), flights, flightSegs };
}

interface Busy {
  readonly start: number;
  readonly stop: number;
  readonly seg: number;
}

/** Which segregation holds each position of each resource, and when. */
export class Occupancy {
  private readonly busy: Busy[][][];
  readonly resourceOf: Int32Array;
  readonly positionsOf: number[][];
  constructor(private readonly problem: MakeupProblem) {
    this.busy = problem.resources.map((r) => Array.from({ length: r.positions }, () => []));
    this.resourceOf = new Int32Array(problem.segs.length).fill(-1);
    this.positionsOf = problem.segs.map(() => []);
  }

  /**
   * Positions of `resource` free over the segregation's interval, best first: the position whose
   * next booking (a lock placed ahead of time) starts soonest after it, so open stretches stay
   * whole; then the lowest index, which makes the greedy an optimal interval colouring.
   */
  freePositions(resource: number, seg: number): number[] {
    const { start, stop } = this.problem.segs[seg];
    const free: [position: number, next: number][] = [];
    this.busy[resource].forEach((list, position) => {
      let next = Infinity;
      for (const b of list) {
        if (b.start < stop && start < b.stop) return;
        if (b.start >= stop && b.start < next) next = b.start;
      }
      free.push([position, next]);
    });
    free.sort((a, b) => a[1] - b[1] || a[0] - b[0]);
    return free.map((f) => f[0]);
  }

  /** Segregations holding a position of `resource` at instant `time`. */
  holdersAt(resource: number, time: number): number[] {
    const holders = new Set<number>();
    for (const list of this.busy[resource]) {
      for (const b of list) if (b.start <= time && time < b.stop) holders.add(b.seg);
    }
    return [...holders];
  }

  take(seg: number, resource: number, positions: readonly number[]): void {
    const { start, stop } = this.problem.segs[seg];
    for (const p of positions) this.busy[resource][p].push({ start, stop, seg });
    this.resourceOf[seg] = resource;
    this.positionsOf[seg] = [...positions].sort((a, b) => a - b);
  }

  release(seg: number): void {
    const resource = this.resourceOf[seg];
    for (const p of this.positionsOf[seg]) {
      const list = this.busy[resource][p];
      list.splice(
        list.findIndex((b) => b.seg === seg),
        1,
      );
    }
    this.resourceOf[seg] = -1;
    this.positionsOf[seg] = [];
  }

  /** Places every locked segregation; throws when two locks claim the same position at once. */
  placeLocked(): void {
    const locked = this.problem.segs.flatMap((s, i) => (s.lockedResource >= 0 ? [i] : []));
    for (const i of locked) {
      const s = this.problem.segs[i];
      const free = new Set(this.freePositions(s.lockedResource, i));
      const clash = s.lockedPositions.find((p) => !free.has(p));
      if (clash !== undefined) {
        throw new AllocError(
          'locked_conflict',
          'locked',
          `"${s.id}" and another lock share position ${clash} of "${this.problem.resources[s.lockedResource].id}"`,
        );
      }
      this.take(i, s.lockedResource, s.lockedPositions);
    }
    // Locks that fix only the resource (or fewer positions than needed) get the rest afterwards,
    // so they never take a position another lock names.
    for (const i of locked) {
      const s = this.problem.segs[i];
      const missing = s.width - s.lockedPositions.length;
      if (missing === 0) continue;
      this.release(i);
      const extra = this.freePositions(s.lockedResource, i).filter((p) => !s.lockedPositions.includes(p));
      if (extra.length < missing) {
        throw new AllocError('locked_conflict', 'locked', `locked segregations overfill "${this.problem.resources[s.lockedResource].id}"`);
      }
      this.take(i, s.lockedResource, [...s.lockedPositions, ...extra.slice(0, missing)]);
    }
  }
}

/**
 * Gives concrete positions to a choice of resources (from the MIP): locks first, then by start
 * time. Returns the occupancy; a segregation that finds no free positions (possible only around
 * locked positions) is left unassigned.
 */
export function assignPositions(problem: MakeupProblem, resourceOf: Int32Array): Occupancy {
  const occupancy = new Occupancy(problem);
  occupancy.placeLocked();
  const order = problem.segs
    .map((_, i) => i)
    .filter((i) => resourceOf[i] >= 0 && problem.segs[i].lockedResource < 0)
    .sort((a, b) => problem.segs[a].start - problem.segs[b].start || a - b);
  for (const i of order) {
    const free = occupancy.freePositions(resourceOf[i], i);
    if (free.length >= problem.segs[i].width) occupancy.take(i, resourceOf[i], free.slice(0, problem.segs[i].width));
  }
  return occupancy;
}

export interface MakeupScore {
  readonly unassigned: number;
  readonly split_flights: number;
  readonly peak: number;
}

/** The three objective terms of a placement restricted to `segIds` (all when omitted). */
export function scoreMakeup(problem: MakeupProblem, resourceOf: Int32Array, segIds?: readonly number[]): MakeupScore {
  const ids = segIds ?? problem.segs.map((_, i) => i);
  let unassigned = 0;
  const byResource = new Map<number, number[]>();
  const resourcesOfFlight = new Map<number, Set<number>>();
  for (const i of ids) {
    const r = resourceOf[i];
    if (r < 0) {
      unassigned++;
      continue;
    }
    let list = byResource.get(r);
    if (!list) byResource.set(r, (list = []));
    list.push(i);
    let set = resourcesOfFlight.get(problem.segs[i].flight);
    if (!set) resourcesOfFlight.set(problem.segs[i].flight, (set = new Set()));
    set.add(r);
  }
  let split = 0;
  for (const set of resourcesOfFlight.values()) if (set.size > 1) split++;
  let peak = 0;
  for (const list of byResource.values()) {
    peak = Math.max(peak, peakLoadOf(problem, list));
  }
  return { unassigned, split_flights: split, peak };
}

export function peakLoadOf(problem: MakeupProblem, segIds: readonly number[]): number {
  return peakLoad(problem.segs, segIds, (i) => problem.segs[i].width);
}

/** Lexicographic order of scores: negative when `a` is better. */
export function compareScores(a: MakeupScore, b: MakeupScore): number {
  return a.unassigned - b.unassigned || a.split_flights - b.split_flights || a.peak - b.peak;
}
