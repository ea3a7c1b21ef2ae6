// The default flow, the one the simulation runs while no complete flow is saved: each airline's
// passengers queue at Queue 1 of the check-in zone most of its departures use, served by every
// check-in resource of that zone, then go to security, shared evenly over the outputs. The
// simulation builds it as a document (common/scenario/documentFlow.ts, zones chosen by
// common/scenario/airlineZones.ts); the flow editor draws it as connections, so editing starts
// from what runs.
import { splitId } from '../../../../workers/flow/splits';
import { connect, nodeIndex } from './editing';
import { nodeId } from './buildFlowGraph';
import type { FlowGraph } from './types';

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
