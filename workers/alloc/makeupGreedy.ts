// The greedy make-up allocation: fast, always feasible, and the MIP's starting point.
// Segregations go by start time to the lowest free positions (an optimal interval colouring when
// every position is eligible); when nothing is free, the running segregation that ends last gives
// way if it ends after the newcomer (Faigle and Nawijn), which leaves the fewest unassigned on
// identical resources. Ties prefer the resource already holding the flight, then the emptiest
// (levelling) or the fullest (packing, which keeps whole resources free for wide segregations).
import { type MakeupProblem, Occupancy } from './makeupModel';

/**
 * With `first`, the marked segregations are placed before the others and nothing is evicted:
 * that turns a set chosen by the pooled MIP into concrete resources and positions.
 */
export function greedyMakeup(problem: MakeupProblem, packing: 'level' | 'tight', first?: Uint8Array): Occupancy {
  const { segs } = problem;
  const occupancy = new Occupancy(problem);
  occupancy.placeLocked();
  const rank = (i: number) => (first && !first[i] ? 1 : 0);
  const order = segs
    .map((_, i) => i)
    .filter((i) => segs[i].lockedResource < 0 && segs[i].impossible === null)
    .sort((a, b) => rank(a) - rank(b) || segs[a].start - segs[b].start || segs[a].flight - segs[b].flight || segs[b].width - segs[a].width || a - b);
  const unplacedWidth = new Map<number, number>();
  for (const i of order) unplacedWidth.set(segs[i].flight, (unplacedWidth.get(segs[i].flight) ?? 0) + segs[i].width);

  const place = (i: number): boolean => {
    const seg = segs[i];
    const siblings = problem.flightSegs[seg.flight];
    let best: { resource: number; free: number[]; key: number[] } | null = null;
    for (const r of seg.eligible) {
      const free = occupancy.freePositions(r, i);
      if (free.length < seg.width) continue;
      let hosted = 0;
      for (const j of siblings) if (occupancy.resourceOf[j] === r) hosted++;
      const roomForFlight = free.length >= (unplacedWidth.get(seg.flight) ?? 0) ? 0 : 1;
      const busy = problem.resources[r].positions - free.length;
      const key = [-hosted, roomForFlight, packing === 'level' ? busy : -busy, r];
      if (!best || lexLess(key, best.key)) best = { resource: r, free, key };
    }
    if (!best) return false;
    occupancy.take(i, best.resource, best.free.slice(0, seg.width));
    return true;
  };

  for (const i of order) {
    const seg = segs[i];
    if (!place(i) && makeRoom(problem, occupancy, i)) place(i);
    if (occupancy.resourceOf[i] < 0 && !first) {
      const victim = latestEndingHolder(problem, occupancy, i);
      if (victim >= 0) {
        occupancy.release(victim);
        place(i);
        // The evicted segregation may still fit on another of its resources.
        place(victim);
      }
    }
    unplacedWidth.set(seg.flight, unplacedWidth.get(seg.flight)! - seg.width);
  }
  return occupancy;
}

/**
 * Wider segregations fail when free positions are scattered over resources. Moving one running
 * segregation to another resource that is free for its whole interval can gather them: returns
 * true after such a move leaves room for the newcomer on one of its resources.
 */
function makeRoom(problem: MakeupProblem, occupancy: Occupancy, newcomer: number): boolean {
  const seg = problem.segs[newcomer];
  if (seg.width < 2) return false;
  for (const a of seg.eligible) {
    const free = occupancy.freePositions(a, newcomer).length;
    if (free === 0 || free >= seg.width) continue;
    let moved = 0;
    for (const j of occupancy.holdersAt(a, seg.start)) {
      const other = problem.segs[j];
      if (other.lockedResource >= 0 || other.stop < seg.stop) continue;
      const positions = occupancy.positionsOf[j];
      occupancy.release(j);
      const target = other.eligible.find((b) => b !== a && occupancy.freePositions(b, j).length >= other.width);
      if (target === undefined) {
        occupancy.take(j, a, positions);
        continue;
      }
      occupancy.take(j, target, occupancy.freePositions(target, j).slice(0, other.width));
      moved += other.width;
      if (free + moved >= seg.width) return occupancy.freePositions(a, newcomer).length >= seg.width;
    }
  }
  return false;
}

/**
 * The unlocked segregation running at the newcomer's start on one of its resources that ends
 * last, if it ends after the newcomer and frees at least as many positions; -1 otherwise.
 */
function latestEndingHolder(problem: MakeupProblem, occupancy: Occupancy, newcomer: number): number {
  const seg = problem.segs[newcomer];
  let victim = -1;
  for (const r of seg.eligible) {
    for (const j of occupancy.holdersAt(r, seg.start)) {
      const other = problem.segs[j];
      if (other.lockedResource >= 0 || other.width < seg.width) continue;
      const later = other.stop > seg.stop || (other.stop === seg.stop && other.width > seg.width);
      if (later && (victim < 0 || other.stop > problem.segs[victim].stop)) victim = j;
    }
  }
  if (victim < 0) return -1;
  // Evicting only helps if the freed positions are free for the newcomer's whole interval.
  const r = occupancy.resourceOf[victim];
  const positions = occupancy.positionsOf[victim];
  occupancy.release(victim);
  const fits = occupancy.freePositions(r, newcomer).length >= seg.width;
  occupancy.take(victim, r, positions);
  return fits ? victim : -1;
}

function lexLess(a: readonly number[], b: readonly number[]): boolean {
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return a[k] < b[k];
  return false;
}
