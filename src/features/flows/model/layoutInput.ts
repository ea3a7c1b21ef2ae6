// What Auto Layout hands the worker and what it does with the answer: the top-level nodes
// (airlines, area groups, outputs) in their bands with their sizes, and the edges lifted to the
// groups that hold their ends, since a group keeps its inner arrangement.
import type { LayoutBand, LayoutInput, LayoutResult } from '../../../../workers/flow/layout';
import type { SegregationSplits } from '../../../../workers/flow/splits';
import { shownProportions } from '../../../../workers/flow/splits';
import { AIRLINE_WIDTH, airlineHeight, AREA_HEIGHT, AREA_WIDTH, OUTPUT_HEIGHT, OUTPUT_WIDTH } from './layoutConstants';
import type { FlowGraph, FlowNode } from './types';

const BAND: Record<string, LayoutBand> = { airline: 0, area: 1, output: 2 };

function size(node: FlowNode): { width: number; height: number } {
  if (node.measured?.width && node.measured.height) return { width: node.measured.width, height: node.measured.height };
  if (node.type === 'area') return { width: AREA_WIDTH, height: AREA_HEIGHT };
  if (node.type === 'airline') return { width: AIRLINE_WIDTH, height: airlineHeight(node.data.segregations.map((s) => shownProportions(s.splits).length)) };
  return { width: OUTPUT_WIDTH, height: OUTPUT_HEIGHT };
}

export function toLayoutInput(graph: FlowGraph): LayoutInput {
  const top = new Map(graph.nodes.map((n) => [n.id, n.parentId ?? n.id]));
  const segregations: SegregationSplits[] = graph.nodes.flatMap((n) =>
    n.type === 'airline' ? n.data.segregations.map((s) => ({ airlineCode: n.data.code, segregationName: s.name, splits: s.splits })) : [],
  );
  return {
    nodes: graph.nodes.filter((n) => !n.parentId && n.type && n.type in BAND).map((n) => ({ id: n.id, ...size(n), band: BAND[n.type!] })),
    edges: graph.edges.map((e) => ({ source: top.get(e.source) ?? e.source, target: top.get(e.target) ?? e.target })),
    segregations,
  };
}

/** The graph with the laid-out nodes moved; nodes inside groups move with their group. */
export function applyLayout(graph: FlowGraph, result: LayoutResult): FlowGraph {
  return { ...graph, nodes: graph.nodes.map((n) => (result.positions[n.id] ? { ...n, position: result.positions[n.id] } : n)) };
}
