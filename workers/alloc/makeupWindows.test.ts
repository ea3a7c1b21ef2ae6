// The placement windows of large parts: a window whose MIP stops at its time limit is tried again
// with a longer one (a slow or busy machine needs it), while a window proven unable to place more
// is not solved again until the layout changes, in a later round too. The MIP is scripted here:
// what is tested is which windows are asked, with which limits.
import { describe, expect, it } from 'vitest';
import { buildMakeupProblem } from './makeupModel';
import { parseMakeupDocument } from './schema';
import { type WindowOutcome, type WindowSearch, largePart, placeMore } from './makeupWindows';
import type { Highs } from './mip';

// Two resources of one position; A and B sit on the first, X (alive with A) and Y (alive with B)
// are left out. The window around X is {A, X}, the one around Y is {B, Y}.
const problem = buildMakeupProblem(
  parseMakeupDocument({
    buffer_minutes: 5,
    resources: ['R1', 'R2'].map((id) => ({ id, zone: 'Z', positions: 1 })),
    segregations: [
      { id: 'A', flight: 'FA', zone: 'Z', start: 0, end: 100 },
      { id: 'X', flight: 'FX', zone: 'Z', start: 10, end: 50 },
      { id: 'B', flight: 'FB', zone: 'Z', start: 300, end: 400 },
      { id: 'Y', flight: 'FY', zone: 'Z', start: 310, end: 350 },
    ],
  }),
);
const [A, X, B, Y] = [0, 1, 2, 3];
const ids = [A, X, B, Y];

/**
 * A search with `budget` seconds and a scripted MIP: X's window is proven unable to place more;
 * Y's stops at its limit below `ySeconds`, and with that much places Y on R2. Each solve uses its
 * whole limit. `asked` lists the windows solved ('X' or 'Y') with their limits.
 */
function scripted(chosen: Int32Array, budget: number, ySeconds: number) {
  const asked: string[] = [];
  let left = budget;
  const search: WindowSearch = {
    highs: {} as Highs,
    problem,
    ids,
    chosen,
    weights: { unassigned: 3, split: 2 },
    peakFloor: 0,
    left: () => left,
    now: () => 0,
    adopt: (_, candidate) => chosen.set(candidate),
  };
  const solve = (_: WindowSearch, window: readonly number[], __: unknown, seconds: number): WindowOutcome => {
    const name = window.includes(X) ? 'X' : 'Y';
    asked.push(`${name} ${seconds} s`);
    left -= seconds;
    const out = window.filter((i) => chosen[i] < 0).length;
    if (name === 'X') return { changed: false, bound: out };
    if (seconds < ySeconds) return { changed: false, bound: out - 1 };
    search.adopt(
      ids,
      Int32Array.from(chosen, (r, i) => (i === Y ? 1 : r)),
    );
    return { changed: true, bound: out - 1 };
  };
  return { search, solve, asked };
}

describe('placeMore', () => {
  it('doubles the limit of windows that stop at it, and does not solve a proven window again', () => {
    const chosen = Int32Array.of(0, -1, 0, -1);
    const part = largePart(0, ids, 1);
    const { search, solve, asked } = scripted(chosen, 100, 4);
    placeMore(search, part, solve);
    expect(asked).toEqual(['X 1 s', 'Y 1 s', 'Y 2 s', 'Y 4 s']);
    expect(Array.from(chosen)).toEqual([0, -1, 0, 1]);
  });

  it('keeps the longer limit and the proven windows for the next round', () => {
    const chosen = Int32Array.of(0, -1, 0, -1);
    const part = largePart(0, ids, 1);
    // The first round's time runs out after one try of each window.
    const first = scripted(chosen, 2, 2);
    placeMore(first.search, part, first.solve);
    expect(first.asked).toEqual(['X 1 s', 'Y 1 s']);
    expect(chosen[Y]).toBe(-1);

    const second = scripted(chosen, 100, 2);
    placeMore(second.search, part, second.solve);
    expect(second.asked).toEqual(['Y 2 s']);
    expect(chosen[Y]).toBe(1);
  });

  it('solves a proven window again once the layout has changed around it', () => {
    const chosen = Int32Array.of(0, -1, 0, -1);
    // Aiming to place both: after Y is placed, X's window is asked again (and proven again).
    const { search, solve, asked } = scripted(chosen, 100, 2);
    placeMore(search, largePart(0, ids, 0), solve);
    expect(asked).toEqual(['X 1 s', 'Y 1 s', 'Y 2 s', 'X 2 s']);
    expect(chosen[X]).toBe(-1);
  });
});
