// The order in which stations are sized: a station's arrivals depend on every station before it,
// never on those after it, so stations are settled from the sources onwards.
import { invalidField } from '../errors';
import type { NetworkDocument } from '../network';

/**
 * Depth of each station: the longest chain of stations that can send it passengers. Stations of
 * one depth never feed each other, so they are sized together once every lower depth is settled.
 */
export function stationDepths(network: NetworkDocument): Map<string, number> {
  const next = new Map(network.stations.map((s) => [s.id, new Set(s.routes.map((r) => r.to))]));
  for (const source of network.sources) {
    for (const [from, routes] of Object.entries(source.routes_after ?? {})) for (const r of routes) next.get(from)!.add(r.to);
  }
  const depth = new Map<string, number>();
  const state = new Map<string, 'open' | 'done'>();
  const visit = (id: string, d: number, path: string[]) => {
    if (state.get(id) === 'open') {
      throw invalidField('stations', `sizing needs routes without cycles: ${[...path, id].join(' -> ')}`);
    }
    if ((depth.get(id) ?? -1) >= d) return;
    depth.set(id, d);
    state.set(id, 'open');
    for (const to of next.get(id)!) if (next.has(to)) visit(to, d + 1, [...path, id]);
    state.set(id, 'done');
  };
  const fed = new Set(network.sources.flatMap((s) => (s.to !== undefined ? [s.to] : (s.routes ?? []).map((r) => r.to))));
  for (const s of network.stations) if (fed.has(s.id)) visit(s.id, 0, []);
  for (const s of network.stations) if (!depth.has(s.id)) visit(s.id, 0, []);
  return depth;
}
