// An edited graph (moved nodes, a split segregation, edges of every kind) and a passenger story,
// shared by the flow.json and simulation converter tests.
import { buildFlowGraph } from './buildFlowGraph';
import { connect, editSplits } from './editing';
import { sourceData } from './fixtures';
import type { FlowGraph, PaxStory } from './types';

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
  const story: PaxStory = {
    airline_id: 3,
    airline: 'DL',
    segregation: 'Y',
    steps: [
      { id: 's1', kind: 'input', position: { x: 0, y: 0 } },
      { id: 's2', kind: 'queue', zone_id: 10, queue: 1, position: { x: 0, y: -100 } },
      { id: 's3', kind: 'process', resource_type: 'kiosk', mean_seconds: 45, cv: 0.3, position: { x: 0, y: -200 } },
      { id: 's4', kind: 'queue', zone_id: 10, queue: 2, position: { x: 0, y: -300 } },
      { id: 's5', kind: 'process', resource_type: 'bagdrop', mean_seconds: 90, cv: 0.5, position: { x: 0, y: -400 } },
      { id: 's6', kind: 'output', resource_id: 202, name: 'Security North', position: { x: 0, y: -500 } },
    ],
  };
  return { edited: graph, story };
}
