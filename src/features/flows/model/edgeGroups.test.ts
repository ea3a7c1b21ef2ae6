// The canvas's first view: each zone's resource-to-security connections as one line per output,
// labelled with how many they stand for, every other connection as it is.
import { describe, expect, it } from 'vitest';
import { buildFlowGraph } from './buildFlowGraph';
import { withDefaultConnections } from './defaultFlow';
import { groupedEdges, isGroupedEdge } from './edgeGroups';
import { sourceData } from './fixtures';

// AA and DL both queue in Zone A (10): its three resources lead to both security outputs.
const graph = withDefaultConnections(
  buildFlowGraph(sourceData),
  new Map([
    [1, 10],
    [3, 10],
  ]),
);

describe('grouped edges', () => {
  it('draws a zone’s connections to each output as one labelled line from its Queue 1', () => {
    expect(graph.edges.filter((e) => e.target.startsWith('output-'))).toHaveLength(6);
    const drawn = groupedEdges(graph);
    const grouped = drawn.filter((e) => isGroupedEdge(e.id));
    expect(grouped.map((e) => [e.source, e.target, e.label])).toEqual([
      ['queue-10-1', 'output-201', '3 resources'],
      ['queue-10-1', 'output-202', '3 resources'],
    ]);
    expect(grouped.every((e) => e.deletable === false && e.selectable === false)).toBe(true);
  });

  it('keeps every other connection as it is, and changes nothing of the flow', () => {
    const drawn = groupedEdges(graph);
    const others = graph.edges.filter((e) => !e.target.startsWith('output-'));
    expect(drawn.filter((e) => !isGroupedEdge(e.id))).toEqual(others);
    expect(drawn).toHaveLength(others.length + 2);
  });
});
