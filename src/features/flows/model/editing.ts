// The edits the flow editor makes to its graph, pure: which connections mean something
// (split -> queue, queue -> resource of its zone, resource -> output, never from an invalid
// segregation), adding such an edge, and split edits that keep edges on the splits they left.
import {
  addSplit,
  indexAfterRemoval,
  isSegregationValid,
  parseSplitId,
  removeSplit,
  setSplitProportion,
  shownProportions,
  splitId,
} from '../../../../workers/flow/splits';
import type { AirlineNode, FlowEdge, FlowGraph, FlowNode } from './types';

export type Connection = { source: string; target: string; sourceHandle?: string | null };

export function edgeId(c: Connection): string {
  return c.sourceHandle ? `${c.source}[${c.sourceHandle}]->${c.target}` : `${c.source}->${c.target}`;
}

/** The split's segregation when `handle` is a live split of the airline node, else null. */
function splitOf(node: AirlineNode, handle: string | null | undefined) {
  const parsed = handle ? parseSplitId(handle) : null;
  if (!parsed || parsed.airlineCode !== node.data.code) return null;
  const segregation = node.data.segregations.find((s) => s.name === parsed.segregationName);
  if (!segregation || parsed.index >= shownProportions(segregation.splits).length) return null;
  return segregation;
}

/** Why a connection is refused, or null when it means something in the passenger flow. */
export function connectionProblem(nodes: ReadonlyMap<string, FlowNode>, edges: readonly FlowEdge[], c: Connection): string | null {
  const source = nodes.get(c.source);
  const target = nodes.get(c.target);
  if (!source || !target) return 'unknown node';
  if (edges.some((e) => e.source === c.source && e.target === c.target && (e.sourceHandle ?? null) === (c.sourceHandle ?? null))) {
    return 'already connected';
  }
  switch (source.type) {
    case 'airline': {
      const segregation = splitOf(source, c.sourceHandle);
      if (!segregation) return 'not a split';
      if (!isSegregationValid(segregation.splits)) return 'the proportions do not total 100';
      return target.type === 'queue' ? null : 'a split leads to a queue';
    }
    case 'queue':
      if (target.type !== 'resource') return 'a queue leads to a resource';
      return target.data.zoneId === source.data.zoneId ? null : 'a queue leads to a resource of its own zone';
    case 'resource':
      return target.type === 'output' ? null : 'a resource leads to a security output';
    default:
      return 'nothing leads on from here';
  }
}

export function nodeIndex(graph: FlowGraph): Map<string, FlowNode> {
  return new Map(graph.nodes.map((n) => [n.id, n]));
}

export function connect(graph: FlowGraph, c: Connection): FlowGraph {
  if (connectionProblem(nodeIndex(graph), graph.edges, c)) return graph;
  const edge: FlowEdge = { id: edgeId(c), source: c.source, target: c.target, ...(c.sourceHandle ? { sourceHandle: c.sourceHandle } : {}) };
  return { ...graph, edges: [...graph.edges, edge] };
}

export type SplitEdit = { kind: 'add' } | { kind: 'remove'; index: number } | { kind: 'set'; index: number; value: number };

/** Applies a split edit to one segregation; edges follow their split when later ones renumber. */
export function editSplits(graph: FlowGraph, airlineNodeId: string, segregationName: string, edit: SplitEdit): FlowGraph {
  const node = graph.nodes.find((n): n is AirlineNode => n.id === airlineNodeId && n.type === 'airline');
  const segregation = node?.data.segregations.find((s) => s.name === segregationName);
  if (!node || !segregation) return graph;
  const splits =
    edit.kind === 'add'
      ? addSplit(segregation.splits)
      : edit.kind === 'remove'
        ? removeSplit(segregation.splits, edit.index)
        : setSplitProportion(segregation.splits, edit.index, edit.value);
  if (splits.length === segregation.splits.length && splits.every((p, i) => p === segregation.splits[i])) return graph;

  const nodes = graph.nodes.map((n) =>
    n === node ? { ...node, data: { ...node.data, segregations: node.data.segregations.map((s) => (s === segregation ? { ...s, splits } : s)) } } : n,
  );
  if (edit.kind !== 'remove') return { nodes, edges: graph.edges };
  const edges = graph.edges.flatMap((e) => {
    const parsed = e.source === airlineNodeId && e.sourceHandle ? parseSplitId(e.sourceHandle) : null;
    if (!parsed || parsed.segregationName !== segregationName) return [e];
    const index = indexAfterRemoval(parsed.index, edit.index);
    if (index === null) return [];
    const sourceHandle = splitId(node.data.code, segregationName, index);
    return [{ ...e, sourceHandle, id: edgeId({ source: e.source, target: e.target, sourceHandle }) }];
  });
  return { nodes, edges };
}
