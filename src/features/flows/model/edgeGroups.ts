// The flow as the canvas first shows it: a zone's check-in resources each lead to every security
// output, so a terminal of a hundred counters draws hundreds of crossing lines (about 280 on the
// demo). Those are drawn as one line per zone and output, from the zone's Queue 1 and labelled
// with how many resources it stands for; the flow itself keeps every connection, and the planner
// can show them all to edit one. Pure.
import { nodeIndex } from './editing';
import { nodeId } from './buildFlowGraph';
import type { FlowEdge, FlowGraph } from './types';

/** The id of a drawn line standing for several connections; never a connection of the flow. */
const GROUP_PREFIX = 'group:';

export const isGroupedEdge = (id: string) => id.startsWith(GROUP_PREFIX);

/** The edges to draw: the flow's, with each zone's resource-to-output connections as one line per output. */
export function groupedEdges(graph: FlowGraph): FlowEdge[] {
  const index = nodeIndex(graph);
  const kept: FlowEdge[] = [];
  const groups = new Map<string, { zoneId: number; target: string; count: number }>();
  for (const edge of graph.edges) {
    const source = index.get(edge.source);
    const target = index.get(edge.target);
    if (source?.type !== 'resource' || target?.type !== 'output') {
      kept.push(edge);
      continue;
    }
    const key = `${source.data.zoneId}|${edge.target}`;
    const group = groups.get(key) ?? { zoneId: source.data.zoneId, target: edge.target, count: 0 };
    group.count++;
    groups.set(key, group);
  }
  const drawn = [...groups.values()].flatMap(({ zoneId, target, count }): FlowEdge[] => {
    const queue = nodeId.queue(zoneId, 1);
    if (!index.has(queue)) return [];
    return [
      {
        id: `${GROUP_PREFIX}${zoneId}->${target}`,
        source: queue,
        target,
        label: `${count} resource${count === 1 ? '' : 's'}`,
        deletable: false,
        selectable: false,
        className: 'flow-edge--grouped',
      },
    ];
  });
  return [...kept, ...drawn];
}
