// The flow atoms over the history helper: a drag is one undoable step (none when nothing moved),
// split edits and connections undo and redo, and the saved state follows loads and saves.
import { beforeEach, describe, expect, it } from 'vitest';
import { createStore } from 'jotai';
import {
  canUndoFlowAtom,
  connectFlowAtom,
  editSplitsAtom,
  finishDragAtom,
  flowGraphAtom,
  isFlowDirtyAtom,
  loadFlowAtom,
  markFlowSavedAtom,
  redoFlowAtom,
  touchFlowAtom,
  undoFlowAtom,
} from './atoms';
import { buildFlowGraph } from './model/buildFlowGraph';
import { sourceData } from './model/fixtures';
import type { FlowGraph } from './model/types';

let store: ReturnType<typeof createStore>;
const positionOf = (id: string) => store.get(flowGraphAtom).nodes.find((n) => n.id === id)!.position;
const moveTo = (id: string, x: number) => (g: FlowGraph) => ({ ...g, nodes: g.nodes.map((n) => (n.id === id ? { ...n, position: { x, y: 0 } } : n)) });

beforeEach(() => {
  store = createStore();
  store.set(loadFlowAtom, { graph: buildFlowGraph(sourceData), stories: [], saved: null });
});

describe('flow atoms', () => {
  it('makes a whole drag one step back to where it started', () => {
    const origin = store.get(flowGraphAtom);
    for (const x of [10, 20, 30]) store.set(touchFlowAtom, moveTo('airline-AA', x));
    expect(store.get(canUndoFlowAtom)).toBe(false);
    store.set(finishDragAtom, origin);
    expect(positionOf('airline-AA').x).toBe(30);
    store.set(undoFlowAtom);
    expect(positionOf('airline-AA')).toEqual({ x: 0, y: 0 });
    expect(store.get(canUndoFlowAtom)).toBe(false);
    store.set(redoFlowAtom);
    expect(positionOf('airline-AA').x).toBe(30);
  });

  it('records no step for a drag that moved nothing', () => {
    const origin = store.get(flowGraphAtom);
    store.set(touchFlowAtom, (g) => ({ ...g }));
    store.set(finishDragAtom, origin);
    expect(store.get(canUndoFlowAtom)).toBe(false);
  });

  it('undoes split edits and connections', () => {
    store.set(editSplitsAtom, { nodeId: 'airline-AA', segregation: 'Y', edit: { kind: 'add' } });
    store.set(connectFlowAtom, { source: 'airline-AA', target: 'queue-10-1', sourceHandle: 'AA|Y|1' });
    expect(store.get(flowGraphAtom).edges).toHaveLength(1);
    store.set(undoFlowAtom);
    expect(store.get(flowGraphAtom).edges).toHaveLength(0);
    store.set(undoFlowAtom);
    const aa = store.get(flowGraphAtom).nodes.find((n) => n.id === 'airline-AA')!;
    expect(aa.type === 'airline' && aa.data.segregations[1].splits).toEqual([]);
  });

  it('is dirty after an edit until saved, and not for measurements', () => {
    expect(store.get(isFlowDirtyAtom)).toBe(false);
    store.set(touchFlowAtom, (g) => ({ ...g, nodes: g.nodes.map((n) => ({ ...n, measured: { width: 10, height: 10 } })) }));
    expect(store.get(isFlowDirtyAtom)).toBe(false);
    store.set(editSplitsAtom, { nodeId: 'airline-DL', segregation: 'J', edit: { kind: 'add' } });
    expect(store.get(isFlowDirtyAtom)).toBe(true);
    store.set(markFlowSavedAtom, { id: 5, version: 2 });
    expect(store.get(isFlowDirtyAtom)).toBe(false);
  });
});
