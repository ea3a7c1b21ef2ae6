// The flow editor's graph as flow.json (common/scenario/flowDocument.ts) and back. Writing is
// lossless for what the editor edits; reading merges the document onto a graph freshly built from
// the scenario's data, so nodes for things that no longer exist are dropped and new ones keep their
// default place.
import { parseSplitId, splitId } from '../../../../workers/flow/splits';
import { FLOW_FORMAT, FLOW_VERSION, type FlowDocument, type FlowDocumentNode } from '../../../../common/scenario/flowDocument';
import { connectionProblem, edgeId, nodeIndex } from './editing';
import type { FlowEdge, FlowGraph, FlowNode, FlowNodeKind, PaxStory } from './types';

const round = (v: number) => Math.round(v * 10) / 10;

function toDocNode(node: FlowNode): FlowDocumentNode {
  const base = {
    id: node.id,
    kind: node.type as FlowNodeKind,
    position: { x: round(node.position.x), y: round(node.position.y) },
    ...(node.parentId ? { parent: node.parentId } : {}),
  };
  switch (node.type) {
    case 'airline':
      return { ...base, airline_id: node.data.airlineId, code: node.data.code, name: node.data.name, segregations: node.data.segregations.map((s) => s.name) };
    case 'area':
      return { ...base, zone_id: node.data.zoneId, name: node.data.name };
    case 'queue':
      return { ...base, zone_id: node.data.zoneId, queue: node.data.queue, name: node.data.label };
    case 'resource':
      return {
        ...base,
        resource_id: node.data.resourceId,
        zone_id: node.data.zoneId,
        name: node.data.name,
        resource_type: node.data.resourceType,
        service_mean_seconds: node.data.serviceMeanSeconds,
        service_cv: node.data.serviceCv,
      };
    case 'output':
      return { ...base, resource_id: node.data.resourceId, name: node.data.name };
  }
}

export function toFlowDocument(graph: FlowGraph, stories: readonly PaxStory[]): FlowDocument {
  return {
    format: FLOW_FORMAT,
    version: FLOW_VERSION,
    nodes: graph.nodes.map(toDocNode),
    edges: graph.edges.map((e) => ({ id: e.id, source: e.source, target: e.target, ...(e.sourceHandle ? { source_handle: e.sourceHandle } : {}) })),
    splits: graph.nodes.flatMap((n) =>
      n.type === 'airline' ? n.data.segregations.flatMap((s) => s.splits.map((proportion, i) => ({ id: splitId(n.data.code, s.name, i), proportion }))) : [],
    ),
    pax_stories: stories.map((s) => ({ ...s, steps: s.steps.map((step) => ({ ...step })) })),
  };
}

/** What a node stands for, the same in a document and in a freshly built graph. */
function identity(
  kind: string,
  d: { airline_id?: number; code?: string; zone_id?: number; queue?: number; resource_id?: number | null; name?: string },
): string[] {
  switch (kind) {
    case 'airline':
      return [`airline#${d.airline_id}`, `airline:${d.code}`];
    case 'area':
      return [`area#${d.zone_id}`];
    case 'queue':
      return [`queue#${d.zone_id}/${d.queue}`];
    case 'resource':
      return [`resource#${d.resource_id}`];
    default:
      return d.resource_id != null ? [`output#${d.resource_id}`] : [`output:${d.name}`];
  }
}

function nodeIdentity(node: FlowNode): string[] {
  switch (node.type) {
    case 'airline':
      return identity('airline', { airline_id: node.data.airlineId, code: node.data.code });
    case 'area':
      return identity('area', { zone_id: node.data.zoneId });
    case 'queue':
      return identity('queue', { zone_id: node.data.zoneId, queue: node.data.queue });
    case 'resource':
      return identity('resource', { resource_id: node.data.resourceId });
    case 'output':
      return [...identity('output', { resource_id: node.data.resourceId, name: node.data.name }), `output:${node.data.name}`];
  }
}

export type AppliedDocument = {
  graph: FlowGraph;
  stories: PaxStory[];
  /** Nodes and edges of the document with nothing left to stand for in the scenario. */
  dropped: { nodes: number; edges: number };
};

/**
 * The document's positions, splits and edges laid onto `fresh` (built from today's data): a
 * document node is matched to the fresh node standing for the same airline, zone, queue or
 * resource; unmatched document nodes are dropped, unmatched fresh nodes keep their place.
 */
export function applyFlowDocument(fresh: FlowGraph, doc: FlowDocument): AppliedDocument {
  const byIdentity = new Map<string, FlowNode>();
  for (const node of fresh.nodes) for (const key of nodeIdentity(node)) if (!byIdentity.has(key)) byIdentity.set(key, node);

  const docToFresh = new Map<string, FlowNode>();
  for (const n of doc.nodes) {
    const match = identity(n.kind, n)
      .map((k) => byIdentity.get(k))
      .find((m) => m && m.type === n.kind);
    if (match && ![...docToFresh.values()].includes(match)) docToFresh.set(n.id, match);
  }
  const docNodeFor = new Map([...docToFresh].map(([docId, node]) => [node.id, doc.nodes.find((n) => n.id === docId)!]));

  const splitsBySegregation = new Map<string, number[]>();
  for (const s of doc.splits) {
    const parsed = parseSplitId(s.id)!;
    const key = `${parsed.airlineCode}|${parsed.segregationName}`;
    const list = splitsBySegregation.get(key) ?? [];
    list[parsed.index] = s.proportion;
    splitsBySegregation.set(key, list);
  }
  // Codes in the document's split ids may differ from today's when an airline changed code.
  const docCodeFor = new Map(doc.nodes.filter((n) => n.kind === 'airline' && docToFresh.has(n.id)).map((n) => [docToFresh.get(n.id)!.id, n.code ?? '']));

  const nodes = fresh.nodes.map((node): FlowNode => {
    const docNode = docNodeFor.get(node.id);
    if (!docNode) return node;
    const placed = { ...node, position: { ...docNode.position } } as FlowNode;
    if (placed.type !== 'airline') return placed;
    const code = docCodeFor.get(node.id) ?? placed.data.code;
    const segregations = placed.data.segregations.map((s) => {
      const splits = splitsBySegregation.get(`${code}|${s.name}`) ?? [];
      const complete = Array.from(splits).every((p) => p !== undefined);
      return complete ? { ...s, splits: [...splits] } : s;
    });
    return { ...placed, data: { ...placed.data, segregations } };
  });

  const graph: FlowGraph = { nodes, edges: [] };
  const index = nodeIndex(graph);
  let droppedEdges = 0;
  for (const e of doc.edges) {
    const source = docToFresh.get(e.source);
    const target = docToFresh.get(e.target);
    let sourceHandle = e.source_handle;
    if (sourceHandle && source?.type === 'airline') {
      const parsed = parseSplitId(sourceHandle);
      sourceHandle = parsed ? splitId(source.data.code, parsed.segregationName, parsed.index) : sourceHandle;
    }
    const c = { source: source?.id ?? '', target: target?.id ?? '', sourceHandle };
    // Edges from a segregation whose saved sum is not 100 are kept: the sum is the problem shown.
    const problem = source && target ? connectionProblem(index, graph.edges, c) : 'unknown node';
    if (problem && problem !== 'the proportions do not total 100') {
      droppedEdges += 1;
      continue;
    }
    const edge: FlowEdge = { id: edgeId(c), source: c.source, target: c.target, ...(sourceHandle ? { sourceHandle } : {}) };
    graph.edges.push(edge);
  }

  const airlineIds = new Set(nodes.flatMap((n) => (n.type === 'airline' ? [n.data.airlineId] : [])));
  const stories = doc.pax_stories.filter((s) => airlineIds.has(s.airline_id));
  return { graph, stories, dropped: { nodes: doc.nodes.length - docToFresh.size, edges: droppedEdges } };
}
