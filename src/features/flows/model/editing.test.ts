// Which connections the editor accepts (SPEC section 2: split -> queue -> resource -> output;
// none from a segregation whose proportions do not total 100) and split edits on the graph.
import { describe, expect, it } from 'vitest';
import { buildFlowGraph } from './buildFlowGraph';
import { connect, connectionProblem, editSplits, nodeIndex } from './editing';
import { sourceData } from './fixtures';
import type { AirlineNode, FlowGraph } from './types';

const fresh = () => buildFlowGraph(sourceData);
const problem = (graph: FlowGraph, source: string, target: string, sourceHandle?: string) =>
  connectionProblem(nodeIndex(graph), graph.edges, { source, target, sourceHandle });
const segregation = (graph: FlowGraph, code: string, name: string) =>
  (graph.nodes.find((n) => n.id === `airline-${code}`) as AirlineNode).data.segregations.find((s) => s.name === name)!;

describe('connections', () => {
  const graph = fresh();

  it('accepts split -> queue, queue -> resource of its zone, resource -> output', () => {
    expect(problem(graph, 'airline-AA', 'queue-10-1', 'AA|Y|0')).toBeNull();
    expect(problem(graph, 'queue-10-1', 'resource-101')).toBeNull();
    expect(problem(graph, 'resource-101', 'output-201')).toBeNull();
  });

  it('refuses connections that mean nothing', () => {
    expect(problem(graph, 'resource-101', 'airline-AA')).not.toBeNull();
    expect(problem(graph, 'output-201', 'queue-10-1')).not.toBeNull();
    expect(problem(graph, 'output-201', 'resource-101')).not.toBeNull();
    expect(problem(graph, 'airline-AA', 'resource-101', 'AA|Y|0')).not.toBeNull();
    expect(problem(graph, 'airline-AA', 'output-201', 'AA|Y|0')).not.toBeNull();
    expect(problem(graph, 'queue-10-1', 'output-201')).not.toBeNull();
    expect(problem(graph, 'queue-10-1', 'resource-111')).not.toBeNull();
    expect(problem(graph, 'area-10', 'queue-10-1')).not.toBeNull();
    expect(problem(graph, 'airline-AA', 'queue-10-1')).not.toBeNull();
    expect(problem(graph, 'airline-AA', 'queue-10-1', 'AA|Y|1')).not.toBeNull();
    expect(problem(graph, 'airline-AA', 'queue-10-1', 'DL|Y|0')).not.toBeNull();
  });

  it('refuses a second identical edge', () => {
    const once = connect(graph, { source: 'queue-10-1', target: 'resource-101' });
    expect(once.edges).toHaveLength(1);
    expect(connect(once, { source: 'queue-10-1', target: 'resource-101' })).toBe(once);
  });

  it('refuses every handle of a segregation whose proportions do not total 100', () => {
    const split = editSplits(graph, 'airline-AA', 'Y', { kind: 'add' });
    const invalid = editSplits(split, 'airline-AA', 'Y', { kind: 'set', index: 1, value: 45 });
    expect(problem(invalid, 'airline-AA', 'queue-10-1', 'AA|Y|0')).toBe('the proportions do not total 100');
    expect(problem(invalid, 'airline-AA', 'queue-10-1', 'AA|Y|1')).toBe('the proportions do not total 100');
    expect(connect(invalid, { source: 'airline-AA', target: 'queue-10-1', sourceHandle: 'AA|Y|0' })).toBe(invalid);
    // The airline's other segregation is unaffected.
    expect(problem(invalid, 'airline-AA', 'queue-10-1', 'AA|J|0')).toBeNull();
  });
});

describe('split edits on the graph', () => {
  it('adds 50/50 first, then 0%, edits and removes', () => {
    let graph = editSplits(fresh(), 'airline-AA', 'Y', { kind: 'add' });
    expect(segregation(graph, 'AA', 'Y').splits).toEqual([50, 50]);
    graph = editSplits(graph, 'airline-AA', 'Y', { kind: 'add' });
    expect(segregation(graph, 'AA', 'Y').splits).toEqual([50, 50, 0]);
    graph = editSplits(graph, 'airline-AA', 'Y', { kind: 'set', index: 2, value: 10 });
    expect(segregation(graph, 'AA', 'Y').splits).toEqual([50, 50, 10]);
    graph = editSplits(graph, 'airline-AA', 'Y', { kind: 'remove', index: 1 });
    expect(segregation(graph, 'AA', 'Y').splits).toEqual([50, 10]);
    expect(editSplits(graph, 'airline-AA', 'Y', { kind: 'remove', index: 0 })).toBe(graph);
    expect(editSplits(graph, 'airline-AA', 'Y', { kind: 'set', index: 1, value: 7 })).toBe(graph);
  });

  it('keeps the unsplit 100% edge on the first split and moves later edges down on a removal', () => {
    let graph = connect(fresh(), { source: 'airline-AA', target: 'queue-10-1', sourceHandle: 'AA|Y|0' });
    graph = editSplits(graph, 'airline-AA', 'Y', { kind: 'add' });
    graph = editSplits(graph, 'airline-AA', 'Y', { kind: 'add' });
    graph = editSplits(graph, 'airline-AA', 'Y', { kind: 'set', index: 1, value: 30 });
    graph = editSplits(graph, 'airline-AA', 'Y', { kind: 'set', index: 0, value: 40 });
    graph = editSplits(graph, 'airline-AA', 'Y', { kind: 'set', index: 2, value: 30 });
    graph = connect(graph, { source: 'airline-AA', target: 'queue-10-2', sourceHandle: 'AA|Y|1' });
    graph = connect(graph, { source: 'airline-AA', target: 'queue-11-1', sourceHandle: 'AA|Y|2' });
    expect(graph.edges.map((e) => e.sourceHandle)).toEqual(['AA|Y|0', 'AA|Y|1', 'AA|Y|2']);

    graph = editSplits(graph, 'airline-AA', 'Y', { kind: 'remove', index: 1 });
    expect(graph.edges.map((e) => [e.sourceHandle, e.target])).toEqual([
      ['AA|Y|0', 'queue-10-1'],
      ['AA|Y|1', 'queue-11-1'],
    ]);
    expect(new Set(graph.edges.map((e) => e.id)).size).toBe(2);
  });
});
