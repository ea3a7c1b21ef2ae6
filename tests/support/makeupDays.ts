// Make-up days and checks shared by the local searches' tests (makeupConsolidate, makeupPerturb).
import { expect } from 'vitest';
import { parseMakeupDocument } from '../../workers/alloc/schema';
import { buildMakeupProblem, peakLoadOf, type MakeupProblem } from '../../workers/alloc/makeupModel';
import { mulberry32 as rng } from '../../workers/alloc/random';

/**
 * Sixty segregations, three per flight sharing the flight's hour (as a make-up rule gives them),
 * on four resources of four positions, each segregation allowed on a random few of them.
 */
export function crowdedMakeupDay(seed: number): MakeupProblem {
  const random = rng(seed);
  const resources = ['R0', 'R1', 'R2', 'R3'];
  const segregations = Array.from({ length: 60 }, (_, i) => {
    const flight = Math.floor(i / 3);
    const start = (flight * 37) % 300;
    const positions = random() < 0.2 ? 2 : 1;
    const eligible = resources.filter(() => random() < 0.8);
    return { id: `S${i}`, flight: `F${flight}`, zone: 'Z', start, end: start + 60, positions, eligible: eligible.length ? eligible : ['R0'] };
  });
  return buildMakeupProblem(parseMakeupDocument({ buffer_minutes: 0, resources: resources.map((id) => ({ id, zone: 'Z', positions: 4 })), segregations }));
}

/** Resources holding more than their positions at some time. */
export function overfilled(problem: MakeupProblem, chosen: Int32Array): string[] {
  const ids = problem.segs.map((_, i) => i);
  return problem.resources
    .filter(
      (r, k) =>
        peakLoadOf(
          problem,
          ids.filter((i) => chosen[i] === k),
        ) > r.positions,
    )
    .map((r) => r.id);
}

/** A search's layout is still a placement of the same segregations: none overfilled, each on a resource it may use. */
export function expectSamePlacement(problem: MakeupProblem, chosen: Int32Array, placed: readonly boolean[]): void {
  expect(overfilled(problem, chosen)).toEqual([]);
  expect(Array.from(chosen, (r) => r >= 0)).toEqual(placed);
  problem.segs.forEach((s, i) => chosen[i] >= 0 && expect(s.eligible).toContain(chosen[i]));
}
