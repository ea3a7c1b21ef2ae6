// The editor itself: the toolbar (FlowToolbar.tsx, its actions in useFlowFileActions.ts), what
// the simulation runs (FlowReadiness.tsx) and the canvas (FlowCanvas.tsx). Edits go through the
// flow atoms, so they undo.
import { useMemo } from 'react';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import {
  canRedoFlowAtom,
  canUndoFlowAtom,
  documentText,
  flowGraphAtom,
  isFlowDirtyAtom,
  paxStoriesAtom,
  redoFlowAtom,
  savedFlowAtom,
  savedFlowTextAtom,
  undoFlowAtom,
} from './atoms';
import type { FlowSourceData } from './model/buildFlowGraph';
import { useDebouncedValue } from './useDebouncedValue';
import { useUndoKeys } from './useUndoKeys';
import { useUnsavedChangesGuard } from './useUnsavedChangesGuard';
import { useFlowFileActions } from './useFlowFileActions';
import { FlowCanvas } from './FlowCanvas';
import { FlowReadiness } from './FlowReadiness';
import { FlowToolbar } from './FlowToolbar';

type Props = { scenarioId: number; source: FlowSourceData; hasSchedule: boolean; notice: string | null };

export function FlowEditor({ scenarioId, source, hasSchedule, notice }: Props) {
  const store = useStore();
  const graph = useAtomValue(flowGraphAtom);
  const stories = useAtomValue(paxStoriesAtom);
  const saved = useAtomValue(savedFlowAtom);
  const savedText = useAtomValue(savedFlowTextAtom);
  const canUndo = useAtomValue(canUndoFlowAtom);
  const canRedo = useAtomValue(canRedoFlowAtom);
  const undo = useSetAtom(undoFlowAtom);
  const redo = useSetAtom(redoFlowAtom);
  const actions = useFlowFileActions(scenarioId, saved, source);
  const { message } = actions;

  // Compared once the graph has settled, not on every frame of a drag.
  const settled = useDebouncedValue(graph, 250);
  const dirty = useMemo(() => documentText(settled, stories) !== savedText, [settled, stories, savedText]);
  useUnsavedChangesGuard(() => store.get(isFlowDirtyAtom));
  useUndoKeys(undo, redo);

  return (
    <>
      <FlowToolbar
        busy={actions.busy}
        dirty={dirty}
        saved={saved !== null}
        canUndo={canUndo}
        canRedo={canRedo}
        onLayout={actions.runAutoLayout}
        onSave={actions.save}
        onExport={actions.exportFlow}
        onImport={actions.importFlow}
        onUndo={undo}
        onRedo={redo}
      />
      {message && (
        <p className={`notice notice--${message.kind}`} role={message.kind === 'error' ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
      {notice && !actions.savedHere && <p className="notice">{notice}</p>}
      <FlowReadiness graph={settled} stories={stories} saved={saved !== null && !dirty} />
      {!hasSchedule && <p className="notice">The scenario has no selected schedule, so no airlines are shown.</p>}
      <FlowCanvas />
    </>
  );
}
