// The layout the local searches change: its fit check, which reads loads kept up to date by every
// move and undo, must say what a sweep over the resource's segregations says, for any window.
import { describe, expect, it } from 'vitest';
import { Layout, type Window } from './makeupLayout';
import type { MakeupProblem } from './makeupModel';
import { mulberry32 as rng } from './random';
import { crowdedMakeupDay } from '../../tests/support/makeupDays';

/** The highest load on the window's resource at any moment inside the window, by a sweep. */
function fitsBySweep(problem: MakeupProblem, chosen: Int32Array, { resource, start, stop }: Window): boolean {
  const on = problem.segs.filter((s, i) => chosen[i] === resource && s.start < stop && start < s.stop);
  const moments = [start, ...on.map((s) => s.start)].filter((t) => t >= start && t < stop && Number.isFinite(t));
  const load = (t: number) => on.reduce((sum, s) => sum + (s.start <= t && t < s.stop ? s.width : 0), 0);
  return moments.every((t) => load(t) <= problem.resources[resource].positions);
}

describe('Layout', () => {
  it('says whether a resource fits in a window as a sweep does, through moves and undos', () => {
    let disagreements = 0;
    let overfull = 0;
    for (let seed = 1; seed <= 5; seed++) {
      const problem = crowdedMakeupDay(seed);
      const random = rng(seed);
      const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)];
      const ids = problem.segs.map((_, i) => i);
      // Every segregation on a random resource of its own, so resources overflow somewhere.
      const chosen = Int32Array.from(problem.segs, (s) => (random() < 0.1 ? -1 : pick(s.eligible)));
      const layout = new Layout(problem, ids, chosen);
      const times = problem.segs.flatMap((s) => [s.start, s.stop]);
      for (let step = 0; step < 300; step++) {
        const mark = layout.mark();
        const i = pick(ids.filter((k) => chosen[k] >= 0));
        layout.move(i, pick(problem.segs[i].eligible));
        if (random() < 0.3) layout.undo(mark);
        // Windows on the segregations' times, between them, unbounded, and one the layout makes
        // from segregations (with their stretches, as the searches ask).
        const a = pick(times) + pick([0, -7, 13]);
        const b = a + pick([1, 30, 90]);
        for (const window of [
          { resource: pick(problem.resources.map((_, r) => r)), start: a, stop: b },
          { resource: chosen[i], start: -Infinity, stop: Infinity },
          layout.windowOf(chosen[i], [i, pick(ids)]),
        ]) {
          const swept = fitsBySweep(problem, chosen, window);
          if (layout.fits(window) !== swept) disagreements++;
          if (!swept) overfull++;
        }
      }
    }
    expect(disagreements).toBe(0);
    // Both answers were asked for often (not a check that only ever says yes).
    expect(overfull).toBeGreaterThan(200);
  });
});
