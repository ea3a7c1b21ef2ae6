// The pax-stories screen (/app/checkin/pax-stories, SPEC section 2): 'Select Pax' picks an
// airline and segregation; the collapsible Palette (Inputs, Queues, Processes, Outputs) holds the
// scenario's items, dragged (or clicked) onto the canvas to build the steps that passenger takes,
// each process with its processing time. Stories are saved in the passenger movement graph.
import { CheckinHeading } from '../flows/CheckinTabs';
import { useCallback, useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { Background, Controls, ReactFlow, ReactFlowProvider, useReactFlow, type NodeChange } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { ApiError } from '../../api/errors';
import { LoadState } from '../../components/LoadState';
import { useLoader } from '../../components/useLoader';
import { graphFromData, loadFlowData, saveFlowDocument, type FlowScreenData } from '../flows/flowData';
import { toFlowDocument } from '../flows/model/flowDocument';
import type { FlowGraph, StoryStep } from '../flows/model/types';
import { ScenarioRequired } from '../../components/ScenarioRequired';
import { useUnsavedChangesGuard } from '../flows/useUnsavedChangesGuard';
import { selectedScenarioAtom } from '../projects/scenarioSelection';
import {
  addStepAtom,
  currentStoryAtom,
  loadStoriesAtom,
  markStoriesSavedAtom,
  moveStepAtom,
  storiesAtom,
  storiesDirtyAtom,
  storySourceAtom,
} from './atoms';
import { buildPalette, PROCESS_LABEL, storyEdges, storyKey, type Palette, type PaletteItem } from './model/stories';
import { storyNodeTypes } from './nodes/nodeTypes';
import type { StoryStepNodeType } from './nodes/StoryStepNode';

const TITLE = 'Pax stories';
const DRAG_TYPE = 'application/x-pax-story-item';
const STEP_DROP_OFFSET = { x: 100, y: 30 };
const SECTIONS: { key: keyof Palette; title: string }[] = [
  { key: 'inputs', title: 'Inputs' },
  { key: 'queues', title: 'Queues' },
  { key: 'processes', title: 'Processes' },
  { key: 'outputs', title: 'Outputs' },
];

export default function PaxStoriesScreen() {
  const selected = useAtomValue(selectedScenarioAtom);
  if (!selected) return <ScenarioRequired title={TITLE} what="tell its passenger stories" />;
  return <ScenarioStories key={selected.scenarioId} scenarioId={selected.scenarioId} />;
}

function ScenarioStories({ scenarioId }: { scenarioId: number }) {
  const loaded = useLoader(() => loadFlowData(scenarioId), [scenarioId]);
  const loadStories = useSetAtom(loadStoriesAtom);
  const setSource = useSetAtom(storySourceAtom);
  const [graph, setGraph] = useState<FlowGraph | null>(null);

  useEffect(() => {
    if (!loaded.data) return;
    const built = graphFromData(loaded.data);
    loadStories(built.stories);
    setSource(null);
    setGraph(built.graph);
  }, [loaded.data, loadStories, setSource]);

  return (
    <section className="screen screen--wide stories-screen">
      <CheckinHeading title={TITLE} current="stories" />
      <LoadState loading={loaded.loading} error={loaded.error} hasData={!!loaded.data && !!graph}>
        {loaded.data && graph && (
          <ReactFlowProvider>
            <StoriesEditor scenarioId={scenarioId} data={loaded.data} graph={graph} />
          </ReactFlowProvider>
        )}
      </LoadState>
    </section>
  );
}

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

function StoriesEditor({ scenarioId, data, graph }: { scenarioId: number; data: FlowScreenData; graph: FlowGraph }) {
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
  const [paletteOpen, setPaletteOpen] = useState(true);
  const [savedId, setSavedId] = useState(data.saved?.id ?? null);
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  useUnsavedChangesGuard(() => store.get(storiesDirtyAtom));

  const airlines = useMemo(() => [...new Map(palette.inputs.map((i) => [i.source!.airline, i.source!])).values()], [palette]);
  const segregations = palette.inputs.filter((i) => i.source!.airline === source?.airline).map((i) => i.source!.segregation);

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
      <div className="toolbar stories-bar" role="toolbar" aria-label="Select Pax">
        <strong className="stories-bar__title">Select Pax</strong>
        <label className="stories-bar__select">
          <span className="visually-hidden">Select Airline</span>
          <select
            aria-label="Select Airline"
            value={source?.airline ?? ''}
            onChange={(e) => {
              const first = palette.inputs.find((i) => i.source!.airline === e.target.value);
              setSource(first?.source ?? null);
            }}
          >
            <option value="">Select Airline</option>
            {airlines.map((a) => (
              <option key={a.airline} value={a.airline}>
                {a.airline}
              </option>
            ))}
          </select>
        </label>
        <label className="stories-bar__select">
          <span className="visually-hidden">Select Segregation</span>
          <select
            aria-label="Select Segregation"
            value={source?.segregation ?? ''}
            disabled={!source}
            onChange={(e) => source && setSource({ ...source, segregation: e.target.value })}
          >
            <option value="" disabled>
              Select Segregation
            </option>
            {segregations.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <span className="toolbar__spacer" />
        <span className={`flow-status${dirty ? ' flow-status--dirty' : ''}`} role="status">
          {dirty ? 'Unsaved changes' : 'All changes saved'}
        </span>
        <button type="button" className="button button--primary" onClick={save} disabled={saving}>
          {saving ? 'Saving...' : 'Save Stories'}
        </button>
      </div>
      {message && (
        <p className={`notice notice--${message.kind}`} role={message.kind === 'error' ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
      <div className="stories-layout">
        <aside className={`palette${paletteOpen ? '' : ' palette--closed'}`} aria-label="Palette">
          <div className="palette__header">
            {paletteOpen && <strong>Palette</strong>}
            <button type="button" className="button button--small" aria-expanded={paletteOpen} onClick={() => setPaletteOpen((o) => !o)}>
              {paletteOpen ? 'Hide' : 'Palette'}
            </button>
          </div>
          {paletteOpen &&
            SECTIONS.map((section) => (
              <section key={section.key} className="palette__section" aria-label={section.title}>
                <h2 className="palette__heading">{section.title}</h2>
                {palette[section.key].length === 0 && <p className="muted palette__empty">None in this scenario</p>}
                {palette[section.key].map((item) => (
                  <button
                    key={item.key}
                    type="button"
                    className={`palette__item palette__item--${item.template.kind}`}
                    draggable
                    onDragStart={(e) => {
                      e.dataTransfer.setData(DRAG_TYPE, item.key);
                      e.dataTransfer.effectAllowed = 'copy';
                    }}
                    onClick={() => place(item)}
                    title="Drag onto the canvas, or click to add after the last step"
                  >
                    {item.label}
                  </button>
                ))}
              </section>
            ))}
        </aside>
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
