// The stories editor: the top bar (StoryBar.tsx), the Palette (StoryPalette.tsx) and the canvas
// of the chosen story's steps, placed by a drop or a click, moved by dragging; saved with the
// passenger movement graph.
import { useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { Background, Controls, ReactFlow, useReactFlow } from '@xyflow/react';
import { ApiError } from '../../api/errors';
import { saveFlowDocument, savedElsewhere, savedElsewhereWords, savedFlowOf, type FlowScreenData, type SavedFlow } from '../flows/flowData';
import { toFlowDocument } from '../flows/model/graphDocument';
import type { FlowGraph } from '../flows/model/types';
import { useUnsavedChangesGuard } from '../flows/useUnsavedChangesGuard';
import { addStepAtom, currentStoryAtom, markStoriesSavedAtom, moveStepAtom, storiesAtom, storiesDirtyAtom, storySourceAtom } from './atoms';
import { buildPalette, storyKey, type PaletteItem } from './model/stories';
import { storyNodeTypes } from './nodes/nodeTypes';
import { StoryBar } from './StoryBar';
import { DRAG_TYPE, SECTIONS, StoryPalette } from './StoryPalette';
import type { StoryStepNodeType } from './nodes/StoryStepNode';
import { useStoryNodes } from './useStoryNodes';

const STEP_DROP_OFFSET = { x: 100, y: 30 };

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
  const [saved, setSaved] = useState<SavedFlow | null>(data.saved && savedFlowOf(data.saved));
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  useUnsavedChangesGuard(() => store.get(storiesDirtyAtom));

  const { nodes, edges, onNodesChange } = useStoryNodes(story, palette);
  const storyKeyText = source ? storyKey(source) : '';
  // Fit once when switching to a story that has steps. Not for an empty one: React Flow would
  // hold the fit until the first step appears and move the canvas under the planner's next drop.
  const fitViewRef = useRef(fitView);
  fitViewRef.current = fitView;
  useEffect(() => {
    if (store.get(currentStoryAtom)?.steps.length) void fitViewRef.current({ padding: 0.3, maxZoom: 1 });
  }, [storyKeyText, store]);

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
      setSaved(await saveFlowDocument(scenarioId, saved, toFlowDocument(graph, store.get(storiesAtom))));
      markSaved();
      setMessage({ kind: 'success', text: 'Stories saved.' });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const theirs = savedElsewhere(error);
      // The next save is made against theirs, by the planner's choice.
      if (theirs) setSaved(theirs);
      setMessage({ kind: 'error', text: `The stories were not saved: ${theirs ? await savedElsewhereWords(scenarioId, theirs) : error.message}` });
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
