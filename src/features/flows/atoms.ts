// The flow editor's state: the graph inside the history helper (so edits undo), the passenger
// stories carried in the same document, and what was last saved. The base atoms stay private;
// components read the derived atoms and change the graph through the verb-named action atoms.
import { atom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import { connect, editSplits, type Connection, type SplitEdit } from './model/editing';
import { toFlowDocument } from './model/graphDocument';
import { canRedo, canUndo, createHistory, redo, replace, set as record, undo, type History } from './model/history';
import type { FlowGraph, PaxStory } from './model/types';
import type { SavedFlow } from './flowData';

const EMPTY: FlowGraph = { nodes: [], edges: [] };

const historyAtom = atom<History<FlowGraph>>(createHistory(EMPTY));
const storiesBaseAtom = atom<PaxStory[]>([]);
const savedDocumentBaseAtom = atom<string>('');
const savedBaseAtom = atom<SavedFlow | null>(null);

export const flowGraphAtom = atom((get) => get(historyAtom).present);
/**
 * Whether the canvas draws each resource's connection to security, or one line per zone and
 * output (model/edgeGroups.ts): the planner's choice, kept in local storage as other view settings.
 */
export const showEveryConnectionAtom = atomWithStorage('airport_planner_flow_every_connection', false, undefined, { getOnInit: true });
export const paxStoriesAtom = atom((get) => get(storiesBaseAtom));
/** The saved graph the next save is made against (null: none yet). */
export const savedFlowAtom = atom((get) => get(savedBaseAtom));
export const canUndoFlowAtom = atom((get) => canUndo(get(historyAtom)));
export const canRedoFlowAtom = atom((get) => canRedo(get(historyAtom)));

/** The document as text, to compare with what was saved. */
export function documentText(graph: FlowGraph, stories: readonly PaxStory[]): string {
  return JSON.stringify(toFlowDocument(graph, stories));
}

export const savedFlowTextAtom = atom((get) => get(savedDocumentBaseAtom));

/** True when the graph or the stories differ from what was last loaded or saved. */
export const isFlowDirtyAtom = atom((get) => documentText(get(flowGraphAtom), get(storiesBaseAtom)) !== get(savedDocumentBaseAtom));

/** Starts over from a loaded graph: no history, nothing unsaved. */
export const loadFlowAtom = atom(null, (_get, set, loaded: { graph: FlowGraph; stories: PaxStory[]; saved: SavedFlow | null }) => {
  set(historyAtom, createHistory(loaded.graph));
  set(storiesBaseAtom, loaded.stories);
  set(savedBaseAtom, loaded.saved);
  set(savedDocumentBaseAtom, documentText(loaded.graph, loaded.stories));
});

export const markFlowSavedAtom = atom(null, (get, set, saved: SavedFlow) => {
  set(savedBaseAtom, saved);
  set(savedDocumentBaseAtom, documentText(get(flowGraphAtom), get(storiesBaseAtom)));
});

/** Someone else saved the graph meanwhile: the next save is made against theirs, by the planner's choice; the edits stay unsaved. */
export const flowSavedElsewhereAtom = atom(null, (_get, set, theirs: SavedFlow) => set(savedBaseAtom, theirs));

/** One undoable edit of the graph. */
export const editFlowAtom = atom(null, (_get, set, update: (graph: FlowGraph) => FlowGraph) => {
  set(historyAtom, (h) => record(h, update(h.present)));
});

/** A change that is no edit of its own (measurements, selection, a drag under way). */
export const touchFlowAtom = atom(null, (_get, set, update: (graph: FlowGraph) => FlowGraph) => {
  set(historyAtom, (h) => replace(h, update(h.present)));
});

/** Ends a drag as one step back to where it started (none when nothing moved). */
export const finishDragAtom = atom(null, (_get, set, origin: FlowGraph) => {
  set(historyAtom, (h) => {
    const before = new Map(origin.nodes.map((n) => [n.id, n.position]));
    const moved = h.present.nodes.some((n) => {
      const p = before.get(n.id);
      return !p || p.x !== n.position.x || p.y !== n.position.y;
    });
    return moved ? record(replace(h, origin), h.present) : h;
  });
});

export const undoFlowAtom = atom(null, (_get, set) => set(historyAtom, undo));
export const redoFlowAtom = atom(null, (_get, set) => set(historyAtom, redo));

export const editSplitsAtom = atom(null, (_get, set, args: { nodeId: string; segregation: string; edit: SplitEdit }) => {
  set(editFlowAtom, (g) => editSplits(g, args.nodeId, args.segregation, args.edit));
});

export const connectFlowAtom = atom(null, (_get, set, connection: Connection) => {
  set(editFlowAtom, (g) => connect(g, connection));
});

/** Replaces the graph and stories as one step (an import). */
export const replaceFlowDocumentAtom = atom(null, (_get, set, next: { graph: FlowGraph; stories: PaxStory[] }) => {
  set(editFlowAtom, () => next.graph);
  set(storiesBaseAtom, next.stories);
});
