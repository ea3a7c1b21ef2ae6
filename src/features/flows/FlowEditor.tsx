// The editor itself: the toolbar (FlowToolbar.tsx) and what the simulation runs (FlowReadiness.tsx)
// over the canvas with minimap (200 by 150), zoom controls and background. Edits go through the
// flow atoms, so they undo; connections are checked by the model's rules.
import { useCallback, useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import {
  applyEdgeChanges,
  applyNodeChanges,
  Background,
  Controls,
  MiniMap,
  ReactFlow,
  useReactFlow,
  type Connection as FlowConnection,
  type EdgeChange,
  type NodeChange,
} from '@xyflow/react';
import { ApiError } from '../../api/errors';
import {
  canRedoFlowAtom,
  canUndoFlowAtom,
  connectFlowAtom,
  documentText,
  editFlowAtom,
  finishDragAtom,
  flowGraphAtom,
  isFlowDirtyAtom,
  markFlowSavedAtom,
  paxStoriesAtom,
  redoFlowAtom,
  replaceFlowDocumentAtom,
  savedFlowIdAtom,
  savedFlowTextAtom,
  touchFlowAtom,
  undoFlowAtom,
} from './atoms';
import { saveFlowDocument } from './flowData';
import { autoLayout } from './layoutClient';
import { buildFlowGraph, type FlowSourceData } from './model/buildFlowGraph';
import { connectionProblem, nodeIndex } from './model/editing';
import { applyFlowDocument, FLOW_FILE_NAME, parseFlowDocument, toFlowDocument } from './model/flowDocument';
import { MINIMAP_HEIGHT, MINIMAP_WIDTH } from './model/layoutConstants';
import type { FlowEdge, FlowGraph, FlowNode } from './model/types';
import { nodeTypes } from './nodes/nodeTypes';
import { useDebouncedValue } from './useDebouncedValue';
import { useUndoKeys } from './useUndoKeys';
import { useUnsavedChangesGuard } from './useUnsavedChangesGuard';
import { FlowReadiness, flowProblems } from './FlowReadiness';
import { FlowToolbar } from './FlowToolbar';

type Props = { scenarioId: number; source: FlowSourceData; hasSchedule: boolean; notice: string | null };
type Message = { kind: 'error' | 'success' | 'warning'; text: string } | null;

const MINIMAP_STYLE = { width: MINIMAP_WIDTH, height: MINIMAP_HEIGHT };
const FIT_OPTIONS = { padding: 0.1 };

function minimapColour(node: FlowNode): string {
  if (node.type === 'airline') return node.data.colour;
  if (node.type === 'area') return '#eceff4';
  if (node.type === 'output') return '#ff69b4';
  return '#9aa3ad';
}

export function FlowEditor({ scenarioId, source, hasSchedule, notice }: Props) {
  const store = useStore();
  const graph = useAtomValue(flowGraphAtom);
  const stories = useAtomValue(paxStoriesAtom);
  const savedId = useAtomValue(savedFlowIdAtom);
  const savedText = useAtomValue(savedFlowTextAtom);
  const canUndo = useAtomValue(canUndoFlowAtom);
  const canRedo = useAtomValue(canRedoFlowAtom);
  const edit = useSetAtom(editFlowAtom);
  const touch = useSetAtom(touchFlowAtom);
  const finishDrag = useSetAtom(finishDragAtom);
  const connectFlow = useSetAtom(connectFlowAtom);
  const undo = useSetAtom(undoFlowAtom);
  const redo = useSetAtom(redoFlowAtom);
  const markSaved = useSetAtom(markFlowSavedAtom);
  const replaceDocument = useSetAtom(replaceFlowDocumentAtom);
  const { fitView } = useReactFlow();
  const [busy, setBusy] = useState<'layout' | 'save' | null>(null);
  const [message, setMessage] = useState<Message>(null);
  // What the screen said of the graph it loaded is stale once this screen has saved it.
  const [savedHere, setSavedHere] = useState(false);
  const dragOrigin = useRef<FlowGraph | null>(null);

  // Compared once the graph has settled, not on every frame of a drag.
  const settled = useDebouncedValue(graph, 250);
  const dirty = useMemo(() => documentText(settled, stories) !== savedText, [settled, stories, savedText]);
  useUnsavedChangesGuard(() => store.get(isFlowDirtyAtom));

  const index = useMemo(() => nodeIndex(graph), [graph]);
  const isValidConnection = useCallback(
    (c: FlowEdge | FlowConnection) => connectionProblem(index, graph.edges, c) === null,
    [index, graph.edges],
  );

  const onNodesChange = useCallback((changes: NodeChange<FlowNode>[]) => touch((g) => ({ ...g, nodes: applyNodeChanges(changes, g.nodes) })), [touch]);
  const onEdgesChange = useCallback(
    (changes: EdgeChange<FlowEdge>[]) => {
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

  // A fit asked for by an edit runs after the render that hands React Flow the moved nodes.
  const [fitRequest, setFitRequest] = useState(0);
  const fitSoon = useCallback(() => setFitRequest((n) => n + 1), []);
  const fitViewRef = useRef(fitView);
  fitViewRef.current = fitView;
  useEffect(() => {
    if (fitRequest > 0) void fitViewRef.current(FIT_OPTIONS);
  }, [fitRequest]);

  const runAutoLayout = async () => {
    setBusy('layout');
    setMessage(null);
    try {
      const laid = await autoLayout(store.get(flowGraphAtom));
      edit(() => laid.graph);
      if (laid.invalid.length) {
        const names = laid.invalid.map((key) => key.replace('|', ' ')).join(', ');
        setMessage({ kind: 'error', text: `Splits that do not total 100% (they cannot be connected): ${names}.` });
      }
      fitSoon();
    } catch (error) {
      setMessage({ kind: 'error', text: `Auto Layout failed: ${(error as Error).message}` });
    } finally {
      setBusy(null);
    }
  };

  const save = async () => {
    setBusy('save');
    setMessage(null);
    try {
      const [current, currentStories] = [store.get(flowGraphAtom), store.get(paxStoriesAtom)];
      markSaved(await saveFlowDocument(scenarioId, savedId, toFlowDocument(current, currentStories)));
      setSavedHere(true);
      // An incomplete flow is kept as a draft; the simulation goes on with the default flow.
      const problems = flowProblems(current, currentStories).length;
      setMessage(
        problems === 0
          ? { kind: 'success', text: 'Flow saved. The next simulation runs it.' }
          : { kind: 'warning', text: `Flow saved as a draft: the simulation keeps running the default flow until the ${problems === 1 ? 'problem below is' : `${problems} problems below are`} fixed.` },
      );
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setMessage({ kind: 'error', text: `The flow was not saved: ${error.message}` });
    } finally {
      setBusy(null);
    }
  };

  const exportFlow = () => {
    const doc = toFlowDocument(store.get(flowGraphAtom), store.get(paxStoriesAtom));
    const url = URL.createObjectURL(new Blob([JSON.stringify(doc, null, 2)], { type: 'application/json' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = FLOW_FILE_NAME;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };

  const importFlow = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      const applied = applyFlowDocument(buildFlowGraph(source), parseFlowDocument(await file.text()));
      replaceDocument({ graph: applied.graph, stories: applied.stories });
      const { nodes, edges } = applied.dropped;
      setMessage({
        kind: 'success',
        text: `Imported ${file.name}.${nodes + edges > 0 ? ` ${nodes} node(s) and ${edges} edge(s) not in this scenario were left out.` : ''}`,
      });
      fitSoon();
    } catch (error) {
      setMessage({ kind: 'error', text: `Import failed: ${(error as Error).message} Nothing was changed.` });
    }
  };

  useUndoKeys(undo, redo);

  return (
    <>
      <FlowToolbar
        busy={busy}
        dirty={dirty}
        saved={savedId !== null}
        canUndo={canUndo}
        canRedo={canRedo}
        onLayout={runAutoLayout}
        onSave={save}
        onExport={exportFlow}
        onImport={importFlow}
        onUndo={undo}
        onRedo={redo}
      />
      {message && (
        <p className={`notice notice--${message.kind}`} role={message.kind === 'error' ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
      {notice && !savedHere && <p className="notice">{notice}</p>}
      <FlowReadiness graph={settled} stories={stories} saved={savedId !== null && !dirty} />
      {!hasSchedule && <p className="notice">The scenario has no selected schedule, so no airlines are shown.</p>}
      <div className="flow-canvas">
        <ReactFlow<FlowNode, FlowEdge>
          nodes={graph.nodes}
          edges={graph.edges}
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
    </>
  );
}
