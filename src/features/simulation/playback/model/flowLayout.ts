// The simulated flow as a diagram: airlines on the left, then the check-in queues in the order
// passengers meet them (a kiosk before a bag drop), security on the right, with an arrow wherever
// passengers go from one to the next. Columns and rows only: the flows the airport document holds
// are layered by construction (no queue leads back), so no general graph layout is needed. Pure.
import type { AirportInput } from '../../../../../common/scenario/documentInput';

type DiagramNodeKind = 'airline' | 'queue' | 'output';
export type DiagramNode = { id: string; kind: DiagramNodeKind; label: string; x: number; y: number; width: number; height: number };
type DiagramEdge = { from: string; to: string };
export type FlowDiagram = { nodes: DiagramNode[]; edges: DiagramEdge[]; width: number; height: number };

const NODE_WIDTH = 210;
const AIRLINE_WIDTH = 90;
export const QUEUE_HEIGHT = 74;
const AIRLINE_HEIGHT = 30;
const COLUMN_GAP = 70;
const ROW_GAP = 14;

type Flow = AirportInput['flow'];

/** Column of every queue and output: one after the furthest queue that sends passengers to it. */
function columns(flow: Flow): Map<string, number> {
  const column = new Map<string, number>();
  const queues = new Map(flow.queues.map((q) => [q.id, q]));
  const visit = (id: string, depth: number) => {
    if ((column.get(id) ?? 0) >= depth) return;
    column.set(id, depth);
    for (const e of queues.get(id)?.to ?? []) visit(e.node, depth + 1);
  };
  for (const s of flow.splits) for (const e of s.to) visit(e.node, 1);
  // Security sits in one column, after every queue.
  const last = Math.max(1, ...flow.queues.map((q) => column.get(q.id) ?? 1)) + 1;
  for (const o of flow.outputs) column.set(o.id, last);
  for (const q of flow.queues) if (!column.has(q.id)) column.set(q.id, 1);
  return column;
}

export function layoutFlow(flow: Flow): FlowDiagram {
  const column = columns(flow);
  const airlines = [...new Set(flow.splits.map((s) => s.airline))];
  const byColumn = new Map<number, { id: string; kind: DiagramNodeKind; label: string }[]>();
  const place = (c: number, node: { id: string; kind: DiagramNodeKind; label: string }) => byColumn.set(c, [...(byColumn.get(c) ?? []), node]);
  for (const a of airlines) place(0, { id: `airline:${a}`, kind: 'airline', label: a });
  for (const q of flow.queues) place(column.get(q.id)!, { id: q.id, kind: 'queue', label: q.name || q.id });
  for (const o of flow.outputs) place(column.get(o.id)!, { id: o.id, kind: 'output', label: o.name || o.id });

  const heightOf = (kind: DiagramNodeKind) => (kind === 'airline' ? AIRLINE_HEIGHT : QUEUE_HEIGHT);
  const columnHeight = (nodes: { kind: DiagramNodeKind }[]) => nodes.reduce((h, n) => h + heightOf(n.kind) + ROW_GAP, -ROW_GAP);
  const height = Math.max(...[...byColumn.values()].map(columnHeight));
  const nodes: DiagramNode[] = [];
  let x = 0;
  for (const c of [...byColumn.keys()].sort((a, b) => a - b)) {
    const list = byColumn.get(c)!;
    const width = c === 0 ? AIRLINE_WIDTH : NODE_WIDTH;
    let y = (height - columnHeight(list)) / 2;
    for (const n of list) {
      nodes.push({ ...n, x, y, width, height: heightOf(n.kind) });
      y += heightOf(n.kind) + ROW_GAP;
    }
    x += width + COLUMN_GAP;
  }

  const edges = new Map<string, DiagramEdge>();
  const link = (from: string, to: string) => edges.set(`${from}\u0000${to}`, { from, to });
  for (const s of flow.splits) for (const e of s.to) if (e.proportion > 0) link(`airline:${s.airline}`, e.node);
  for (const q of flow.queues) for (const e of q.to) if (e.proportion > 0) link(q.id, e.node);
  return { nodes, edges: [...edges.values()], width: x - COLUMN_GAP, height };
}
