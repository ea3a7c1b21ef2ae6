// The stories editor: the top bar (StoryBar.tsx), the Palette (StoryPalette.tsx) and the canvas
// of the chosen story's steps, placed by a drop or a click, moved by dragging; saved with the
// passenger movement graph.
import { useCallback, useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { Background, Controls, ReactFlow, useReactFlow, type NodeChange } from '@xyflow/react';
import { ApiError } from '../../api/errors';
import { saveFlowDocument, type FlowScreenData } from '../flows/flowData';
import { toFlowDocument } from '../flows/model/flowDocument';
import type { FlowGraph, StoryStep } from '../flows/model/types';
import { useUnsavedChangesGuard } from '../flows/useUnsavedChangesGuard';
import { addStepAtom, currentStoryAtom, markStoriesSavedAtom, moveStepAtom, storiesAtom, storiesDirtyAtom, storySourceAtom } from './atoms';
import { buildPalette, PROCESS_LABEL, storyEdges, storyKey, type Palette, type PaletteItem } from './model/stories';
import { storyNodeTypes } from './nodes/nodeTypes';
import type { StoryStepNodeType } from './nodes/StoryStepNode';
import { StoryBar } from './StoryBar';
import { DRAG_TYPE, SECTIONS, StoryPalette } from './StoryPalette';

const STEP_DROP_OFFSET = { x: 100, y: 30 };

function stepLabel(step: StoryStep, palette: Palette, story: { airline: string; segregation: string }): string {
  switch (step.kind) {
    case 'input':
      return `${story.airline} ${story.segregation}`;
    case 'queue':
      return palette.queues.find((q) => q.key === `queue:${step.zone_id}/${step.queue}`)?.label ?? `Queue ${step.queue}`;
    case 'process':
      return PROCESS_LABEL[step.resource_type];
    case 'output':
      return step.name;
  }
}

export function StoriesEditor({ scenarioId, data, graph }: { scenarioId: number; data: FlowScreenData; graph: FlowGraph }) {
  const store = useStore();
  const palette = useMemo(() => buildPalette(data.source, graph), [data.source, graph]);
  const source = useAtomValue(storySourceAtom);
  const setSource = useSetAtom(storySourceAtom);
  const story = useAtomValue(currentStoryAtom);
  const dirty = useAtomValue(storiesDirtyAtom);
  const addStep = useSetAtom(addStepAtom);
  const moveStep = useSetAtom(moveStepAtom);
  const markSaved = useSetAtom(markStoriesSavedAtom);
  const { screenToFlowPosition, fitView } = useReactFlow();
  const [savedId, setSavedId] = useState(data.saved?.id ?? null);
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  useUnsavedChangesGuard(() => store.get(storiesDirtyAtom));


  const [nodes, setNodes] = useState<StoryStepNodeType[]>([]);
  useEffect(() => {
    setNodes((current) => {
      const measured = new Map(current.map((n) => [n.id, n.measured]));
      // Ids carry the story, so switching stories never reuses another story's step component.
      return (story?.steps ?? []).map((step) => ({
        id: `${storyKey(story!)}/${step.id}`,
        type: 'step',
        position: step.position,
        measured: measured.get(step.id),
        deletable: false,
        data: { step, label: stepLabel(step, palette, story!) },
      }));
    });
  }, [story, palette]);
  const edges = useMemo(
    () => (story ? storyEdges(story).map((e) => ({ id: `${storyKey(story)}/${e.id}`, source: `${storyKey(story)}/${e.source}`, target: `${storyKey(story)}/${e.target}` })) : []),
    [story],
  );
  const storyKeyText = source ? storyKey(source) : '';
  // Fit once when switching to a story that has steps. Not for an empty one: React Flow would
  // hold the fit until the first step appears and move the canvas under the planner's next drop.
  const fitViewRef = useRef(fitView);
  fitViewRef.current = fitView;
  useEffect(() => {
    if (store.get(currentStoryAtom)?.steps.length) void fitViewRef.current({ padding: 0.3, maxZoom: 1 });
  }, [storyKeyText, store]);

  const onNodesChange = useCallback(
    (changes: NodeChange<StoryStepNodeType>[]) =>
      setNodes((current) =>
        current.map((node) => {
          let next = node;
          for (const c of changes) {
            if (c.type === 'position' && c.id === node.id && c.position) next = { ...next, position: c.position };
            if (c.type === 'dimensions' && c.id === node.id && c.dimensions) next = { ...next, measured: c.dimensions };
          }
          return next;
        }),
      ),
    [],
  );

  const place = (item: PaletteItem, position?: { x: number; y: number }) => {
    setMessage(null);
    if (item.source) {
      setSource(item.source);
      // The store's current story follows the new source at once.
      if (!store.get(currentStoryAtom)?.steps.some((s) => s.kind === 'input')) addStep({ template: item.template, position });
      return;
    }
    if (!store.get(currentStoryAtom)) {
      setMessage({ kind: 'error', text: 'Select an airline and a segregation first.' });
      return;
    }
    addStep({ template: item.template, position });
  };
  const items = useMemo(() => new Map(SECTIONS.flatMap((s) => palette[s.key]).map((i) => [i.key, i])), [palette]);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    const item = items.get(event.dataTransfer.getData(DRAG_TYPE));
    // The step's middle lands under the pointer, not its corner.
    const at = screenToFlowPosition({ x: event.clientX, y: event.clientY });
    if (item) place(item, { x: at.x - STEP_DROP_OFFSET.x, y: at.y - STEP_DROP_OFFSET.y });
  };

  const save = async () => {
    setSaving(true);
    setMessage(null);
    try {
      const id = await saveFlowDocument(scenarioId, savedId, toFlowDocument(graph, store.get(storiesAtom)));
      setSavedId(id);
      markSaved();
      setMessage({ kind: 'success', text: 'Stories saved.' });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setMessage({ kind: 'error', text: `The stories were not saved: ${error.message}` });
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <StoryBar palette={palette} source={source} setSource={setSource} dirty={dirty} saving={saving} onSave={() => void save()} />
      {message && (
        <p className={`notice notice--${message.kind}`} role={message.kind === 'error' ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
      <div className="stories-layout">
        <StoryPalette palette={palette} place={(item) => place(item)} />
        <div className="flow-canvas stories-canvas" onDragOver={(e) => e.preventDefault()} onDrop={onDrop} data-testid="story-canvas">
          {!story && <p className="stories-canvas__hint">Select an airline and a segregation, then drag steps from the Palette.</p>}
          {story && story.steps.length === 0 && (
            <p className="stories-canvas__hint">
              No story for {story.airline} {story.segregation} yet: drag its input, then queues, processes and an output here.
            </p>
          )}
          <ReactFlow<StoryStepNodeType>
            nodes={nodes}
            edges={edges}
            nodeTypes={storyNodeTypes}
            onNodesChange={onNodesChange}
            onNodeDragStop={(_, node) => moveStep({ stepId: node.data.step.id, position: node.position })}
            nodesConnectable={false}
            minZoom={0.2}
          >
            <Controls />
            <Background />
          </ReactFlow>
        </div>
      </div>
    </>
  );
}
