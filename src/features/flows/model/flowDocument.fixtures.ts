// An edited graph (moved nodes, a split segregation, edges of every kind) and a passenger story,
// shared by the flow.json tests; common/scenario/flowDocument.fixtures.ts holds the document it
// writes, for the simulation converter's tests.
import { buildFlowGraph } from './buildFlowGraph';
import { connect, editSplits } from './editing';
import { sourceData } from './fixtures';
import type { FlowGraph, PaxStory } from './types';
import { dlStory } from '../../../../common/scenario/flowDocument.fixtures';

export function fixtures(): { edited: FlowGraph; story: PaxStory } {
  let graph = buildFlowGraph(sourceData);
  graph = { ...graph, nodes: graph.nodes.map((n) => (n.id === 'airline-AA' ? { ...n, position: { x: 15, y: -40 } } : n)) };
  graph = editSplits(graph, 'airline-AA', 'Y', { kind: 'add' });
  graph = editSplits(graph, 'airline-AA', 'Y', { kind: 'set', index: 0, value: 60 });
  graph = editSplits(graph, 'airline-AA', 'Y', { kind: 'set', index: 1, value: 40 });
  for (const c of [
    { source: 'airline-AA', target: 'queue-10-1', sourceHandle: 'AA|Y|0' },
    { source: 'airline-AA', target: 'queue-10-2', sourceHandle: 'AA|Y|1' },
    { source: 'airline-AA', target: 'queue-11-1', sourceHandle: 'AA|J|0' },
    { source: 'queue-10-1', target: 'resource-101' },
    { source: 'queue-10-2', target: 'resource-102' },
    { source: 'queue-10-2', target: 'resource-103' },
    { source: 'queue-11-1', target: 'resource-111' },
    { source: 'resource-101', target: 'output-201' },
    { source: 'resource-102', target: 'output-201' },
    { source: 'resource-102', target: 'output-202' },
    { source: 'resource-111', target: 'output-202' },
  ]) {
    graph = connect(graph, c);
  }
  return { edited: graph, story: dlStory };
}
