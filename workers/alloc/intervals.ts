// Interval-graph helpers shared by both engines: the maximal cliques of a set of half-open time
// intervals (where the no-overlap constraints of the MIPs are written, once per clique instead of
// once per pair or per minute) and a union-find to split a problem into independent parts.

export interface Interval {
  readonly start: number;
  /** Exclusive end; for make-up this already includes the clearing buffer. */
  readonly stop: number;
}

/**
 * Maximal cliques of the intervals selected by `members` (indices into `items`): every set of
 * intervals alive together just before one of them ends. Each clique is a list of indices.
 */
export function maximalCliques(items: readonly Interval[], members: readonly number[]): number[][] {
  const events: [time: number, kind: number, index: number][] = [];
  for (const i of members) {
    events.push([items[i].start, 1, i], [items[i].stop, 0, i]);
  }
  // Ends before starts at equal times: intervals are half-open, so touching ones do not overlap.
  events.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const alive = new Set<number>();
  const cliques: number[][] = [];
  let grew = false;
  for (const [, kind, index] of events) {
    if (kind === 1) {
      alive.add(index);
      grew = true;
    } else {
      if (grew) cliques.push([...alive]);
      grew = false;
      alive.delete(index);
    }
  }
  return cliques;
}

/** The highest total weight alive at one moment, with the intervals and weights given. */
export function peakLoad(items: readonly Interval[], members: readonly number[], weight: (i: number) => number): number {
  let peak = 0;
  for (const clique of maximalCliques(items, members)) {
    let load = 0;
    for (const i of clique) load += weight(i);
    if (load > peak) peak = load;
  }
  return peak;
}

export class UnionFind {
  private readonly parent: Int32Array;
  constructor(size: number) {
    this.parent = new Int32Array(size).map((_, i) => i);
  }
  find(a: number): number {
    let root = a;
    while (this.parent[root] !== root) root = this.parent[root];
    while (this.parent[a] !== root) {
      const next = this.parent[a];
      this.parent[a] = root;
      a = next;
    }
    return root;
  }
  union(a: number, b: number): void {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra !== rb) this.parent[ra] = rb;
  }
  /** Groups of indices sharing a root, each sorted, in order of their smallest member. */
  groups(): number[][] {
    const byRoot = new Map<number, number[]>();
    for (let i = 0; i < this.parent.length; i++) {
      const root = this.find(i);
      let group = byRoot.get(root);
      if (!group) byRoot.set(root, (group = []));
      group.push(i);
    }
    return [...byRoot.values()];
  }
}

/** Unions every pair of intervals among `members` that overlap in time (a sweep, not all pairs). */
export function unionOverlapping(items: readonly Interval[], members: readonly number[], uf: UnionFind): void {
  const sorted = [...members].sort((a, b) => items[a].start - items[b].start);
  let reach = -Infinity;
  let anchor = -1;
  for (const i of sorted) {
    if (anchor >= 0 && items[i].start < reach) {
      uf.union(anchor, i);
      reach = Math.max(reach, items[i].stop);
    } else {
      anchor = i;
      reach = items[i].stop;
    }
  }
}
