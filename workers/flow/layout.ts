// Auto Layout of the flow graph (DESIGN section 4.5): ELK layered, bottom-to-top, with the
// spacing of SPEC section 9. Pure and structured-clone-safe so it runs in the flow worker (and in
// tests); the caller lifts edges inside area groups to the group, since groups keep their inner
// arrangement.
import ELK from 'elkjs/lib/elk.bundled.js';
import { invalidSegregations, type SegregationSplits } from './splits';

export const LAYOUT_SPACING = { ranksep: 50, edgesep: 20, nodesep: 50 } as const;

/** Which band a node sits in, bottom first: airlines, then area groups, then outputs. */
export type LayoutBand = 0 | 1 | 2;

export type LayoutNode = { id: string; width: number; height: number; band: LayoutBand };
export type LayoutEdge = { source: string; target: string };
export type LayoutInput = { nodes: LayoutNode[]; edges: LayoutEdge[]; segregations?: SegregationSplits[] };
export type LayoutResult = {
  /** Top-left corner of each node. */
  positions: Record<string, { x: number; y: number }>;
  /** Segregations whose splits do not total 100, as `code|name`. */
  invalid: string[];
};

const elk = new ELK();

const OPTIONS = {
  'elk.algorithm': 'layered',
  'elk.direction': 'UP',
  'elk.spacing.nodeNode': String(LAYOUT_SPACING.nodesep),
  'elk.layered.spacing.nodeNodeBetweenLayers': String(LAYOUT_SPACING.ranksep),
  'elk.spacing.edgeEdge': String(LAYOUT_SPACING.edgesep),
  'elk.layered.spacing.edgeEdgeBetweenLayers': String(LAYOUT_SPACING.edgesep),
  'elk.spacing.edgeNode': String(LAYOUT_SPACING.edgesep),
  // Bands keep airlines below groups below outputs even for nodes without edges yet.
  'elk.partitioning.activate': 'true',
  // One drawing, not one per connected component, so the bands line up across the graph.
  'elk.separateConnectedComponents': 'false',
  'elk.layered.nodePlacement.strategy': 'BRANDES_KOEPF',
  'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
  // The editor draws its own edges, so the cheapest routing will do.
  'elk.edgeRouting': 'POLYLINE',
};

export async function layoutFlow(input: LayoutInput): Promise<LayoutResult> {
  const ids = new Set(input.nodes.map((n) => n.id));
  const seen = new Set<string>();
  const edges = input.edges.filter((e) => {
    const key = `${e.source}->${e.target}`;
    if (e.source === e.target || !ids.has(e.source) || !ids.has(e.target) || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const graph = await elk.layout({
    id: 'root',
    layoutOptions: OPTIONS,
    children: input.nodes.map((n) => ({
      id: n.id,
      width: n.width,
      height: n.height,
      layoutOptions: { 'elk.partitioning.partition': String(n.band) },
    })),
    edges: edges.map((e, i) => ({ id: `e${i}`, sources: [e.source], targets: [e.target] })),
  });
  const positions: LayoutResult['positions'] = {};
  for (const child of graph.children ?? []) positions[child.id] = { x: child.x ?? 0, y: child.y ?? 0 };
  return { positions, invalid: invalidSegregations(input.segregations ?? []) };
}
