// The default flow, the one the simulation runs while no complete flow is saved: each airline's
// passengers queue at Queue 1 of the check-in zone most of its departures use, served by every
// check-in resource of that zone, then go to security, shared evenly over the outputs. The
// simulation builds it as a document (simulation/model/documentFlow.ts); the flow editor draws it
// as connections, so editing starts from what runs.
import { splitId } from '../../../../workers/flow/splits';
import { connect, nodeIndex } from './editing';
import { nodeId } from './buildFlowGraph';
import type { FlowGraph } from './types';

export type ZoneChoice = { zone: number; zones: number };

/**
 * The check-in zone of each airline: the one most of its departures use (the lowest id on a tie),
 * with how many zones it uses; departures without a check-in zone count for the first zone.
 */
export function airlineZones<K>(departures: Iterable<{ airline: K; zone: number | null }>, checkinZones: readonly number[]): Map<K, ZoneChoice> {
  const known = new Set(checkinZones);
  const fallback = [...checkinZones].sort((a, b) => a - b)[0];
  const votes = new Map<K, Map<number, number>>();
  for (const d of departures) {
    const zone = d.zone !== null && known.has(d.zone) ? d.zone : fallback;
    if (zone === undefined) continue;
    const count = votes.get(d.airline) ?? new Map<number, number>();
    count.set(zone, (count.get(zone) ?? 0) + 1);
    votes.set(d.airline, count);
  }
  return new Map(
    [...votes].map(([airline, count]) => {
      const best = [...count].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
      return [airline, { zone: best[0][0], zones: best.length }];
    }),
  );
}

/** The graph with the default flow's connections added (airlines without a zone stay unconnected). */
export function withDefaultConnections(graph: FlowGraph, zoneOfAirline: ReadonlyMap<number, number>): FlowGraph {
  let next = graph;
  const zonesUsed = new Set<number>();
  for (const node of graph.nodes) {
    if (node.type !== 'airline') continue;
    const zone = zoneOfAirline.get(node.data.airlineId);
    const queue = zone === undefined ? undefined : nodeIndex(next).get(nodeId.queue(zone, 1));
    if (zone === undefined || !queue) continue;
    zonesUsed.add(zone);
    for (const s of node.data.segregations) {
      next = connect(next, { source: node.id, sourceHandle: splitId(node.data.code, s.name, 0), target: queue.id });
    }
  }
  const outputs = graph.nodes.filter((n) => n.type === 'output' && n.data.resourceId !== null);
  for (const node of graph.nodes) {
    if (node.type !== 'resource' || !zonesUsed.has(node.data.zoneId)) continue;
    next = connect(next, { source: nodeId.queue(node.data.zoneId, 1), target: node.id });
    for (const output of outputs) next = connect(next, { source: node.id, target: output.id });
  }
  return next;
}
