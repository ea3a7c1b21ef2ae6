// The flow's canvas: React Flow over the flow atoms, with minimap (200 by 150), zoom controls and
// background. Removals and connections are edits (they undo); moves are touches, and a drag
// becomes one edit when it ends. Connections are checked by the model's rules. Each zone's
// connections to security are drawn as one line per output unless every connection is asked for.
import { useCallback, useMemo, useRef } from 'react';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import {
  applyEdgeChanges,
  applyNodeChanges,
  Background,
  Controls,
  MiniMap,
  ReactFlow,
  type Connection as FlowConnection,
  type EdgeChange,
  type NodeChange,
} from '@xyflow/react';
import { connectFlowAtom, editFlowAtom, finishDragAtom, flowGraphAtom, showEveryConnectionAtom, touchFlowAtom } from './atoms';
import { groupedEdges, isGroupedEdge } from './model/edgeGroups';
import { connectionProblem, nodeIndex } from './model/editing';
import { MINIMAP_HEIGHT, MINIMAP_WIDTH } from './model/layoutConstants';
import type { FlowEdge, FlowGraph, FlowNode } from './model/types';
import { nodeTypes } from './nodes/nodeTypes';

const MINIMAP_STYLE = { width: MINIMAP_WIDTH, height: MINIMAP_HEIGHT };
export const FIT_OPTIONS = { padding: 0.1 };

function minimapColour(node: FlowNode): string {
  if (node.type === 'airline') return node.data.colour;
  if (node.type === 'area') return '#eceff4';
  if (node.type === 'output') return '#ff69b4';
  return '#9aa3ad';
}

export function FlowCanvas() {
  const store = useStore();
  const graph = useAtomValue(flowGraphAtom);
  const edit = useSetAtom(editFlowAtom);
  const touch = useSetAtom(touchFlowAtom);
  const finishDrag = useSetAtom(finishDragAtom);
  const connectFlow = useSetAtom(connectFlowAtom);
  const dragOrigin = useRef<FlowGraph | null>(null);

  const index = useMemo(() => nodeIndex(graph), [graph]);
  const isValidConnection = useCallback((c: FlowEdge | FlowConnection) => connectionProblem(index, graph.edges, c) === null, [index, graph.edges]);
  const onNodesChange = useCallback((changes: NodeChange<FlowNode>[]) => touch((g) => ({ ...g, nodes: applyNodeChanges(changes, g.nodes) })), [touch]);
  const showEvery = useAtomValue(showEveryConnectionAtom);
  const edges = useMemo(() => (showEvery ? graph.edges : groupedEdges(graph)), [showEvery, graph]);
  const onEdgesChange = useCallback(
    (all: EdgeChange<FlowEdge>[]) => {
      // A drawn line standing for several connections is not one of the flow's: nothing to change.
      const changes = all.filter((c) => c.type === 'add' || !isGroupedEdge(c.id));
      if (changes.length === 0) return;
      const apply = (g: FlowGraph) => ({ ...g, edges: applyEdgeChanges(changes, g.edges) });
      if (changes.some((c) => c.type === 'remove')) edit(apply);
      else touch(apply);
    },
    [edit, touch],
  );
  const onConnect = useCallback((c: FlowConnection) => connectFlow(c), [connectFlow]);
  const onNodeDragStart = useCallback(() => {
    dragOrigin.current = store.get(flowGraphAtom);
  }, [store]);
  const onNodeDragStop = useCallback(() => {
    if (dragOrigin.current) finishDrag(dragOrigin.current);
    dragOrigin.current = null;
  }, [finishDrag]);

  return (
    <div className="flow-canvas">
      <ReactFlow<FlowNode, FlowEdge>
        nodes={graph.nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        onNodesChange={onNodesChange}
        onEdgesChange={onEdgesChange}
        onConnect={onConnect}
        isValidConnection={isValidConnection}
        onNodeDragStart={onNodeDragStart}
        onNodeDragStop={onNodeDragStop}
        deleteKeyCode={['Backspace', 'Delete']}
        minZoom={0.05}
        fitView
        fitViewOptions={FIT_OPTIONS}
      >
        <MiniMap<FlowNode> style={MINIMAP_STYLE} nodeColor={minimapColour} pannable zoomable />
        <Controls />
        <Background />
      </ReactFlow>
    </div>
  );
}
