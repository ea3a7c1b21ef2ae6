// The history helper (SPEC section 9): undo, redo, set, clear, and replace for transient changes.
import { describe, expect, it } from 'vitest';
import { canRedo, canUndo, clear, createHistory, HISTORY_LIMIT, redo, replace, set, undo } from './history';

describe('history', () => {
  it('undoes and redoes steps in order', () => {
    let h = set(set(createHistory('a'), 'b'), 'c');
    expect(h.present).toBe('c');
    h = undo(h);
    expect(h.present).toBe('b');
    h = undo(h);
    expect(h.present).toBe('a');
    expect(canUndo(h)).toBe(false);
    expect(undo(h)).toBe(h);
    h = redo(h);
    expect(h.present).toBe('b');
    h = redo(redo(h));
    expect(h.present).toBe('c');
    expect(canRedo(h)).toBe(false);
  });

  it('forgets the undone future on a new set', () => {
    const h = set(undo(set(createHistory(1), 2)), 3);
    expect(h.present).toBe(3);
    expect(canRedo(h)).toBe(false);
    expect(undo(h).present).toBe(1);
  });

  it('ignores setting the same value', () => {
    const h = createHistory({ n: 1 });
    expect(set(h, h.present)).toBe(h);
  });

  it('replaces the present without a step, so a drag ends as one step', () => {
    let h = createHistory({ x: 0 });
    const start = h.present;
    h = replace(h, { x: 5 });
    h = replace(h, { x: 10 });
    expect(canUndo(h)).toBe(false);
    h = set(replace(h, start), { x: 10 });
    expect(undo(h).present).toEqual({ x: 0 });
  });

  it('clears every step and keeps the present', () => {
    const h = clear(undo(set(set(createHistory('a'), 'b'), 'c')));
    expect(h).toEqual({ past: [], present: 'b', future: [] });
  });

  it('keeps at most the limit of steps', () => {
    let h = createHistory(0);
    for (let i = 1; i <= HISTORY_LIMIT + 10; i += 1) h = set(h, i);
    expect(h.past.length).toBe(HISTORY_LIMIT);
    expect(h.past[0]).toBe(10);
  });
});
