// The history helper of SPEC section 9 (undo, redo, set, clear), pure: the flow editor keeps its
// graph in one. `replace` changes the present without a step, for what is not an edit of its own
// (a node being dragged, React Flow's measurements); the drag's end is then one `set`.

export type History<T> = { readonly past: readonly T[]; readonly present: T; readonly future: readonly T[] };

/** Steps kept for undo; older ones are forgotten. */
export const HISTORY_LIMIT = 100;

export function createHistory<T>(present: T): History<T> {
  return { past: [], present, future: [] };
}

/** A new present as one undoable step; whatever was undone can no longer be redone. */
export function set<T>(history: History<T>, present: T): History<T> {
  if (Object.is(present, history.present)) return history;
  return { past: [...history.past, history.present].slice(-HISTORY_LIMIT), present, future: [] };
}

export function replace<T>(history: History<T>, present: T): History<T> {
  return { ...history, present };
}

export function undo<T>(history: History<T>): History<T> {
  if (history.past.length === 0) return history;
  return { past: history.past.slice(0, -1), present: history.past[history.past.length - 1], future: [history.present, ...history.future] };
}

export function redo<T>(history: History<T>): History<T> {
  if (history.future.length === 0) return history;
  return { past: [...history.past, history.present], present: history.future[0], future: history.future.slice(1) };
}

/** Forgets every step, keeping the present (after a load or an import). */
export function clear<T>(history: History<T>): History<T> {
  return createHistory(history.present);
}

export const canUndo = (history: History<unknown>) => history.past.length > 0;
export const canRedo = (history: History<unknown>) => history.future.length > 0;
