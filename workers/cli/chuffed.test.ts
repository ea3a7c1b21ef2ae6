// The MiniZinc/Chuffed adapter (chuffed.ts): answers as the engines read them, its failures
// reported rather than thrown, and a question's searches raced on the machine's cores.
import { availableParallelism } from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { Chuffed } from './chuffed';

/** n + 1 pigeons in n holes, told pairwise: clause learning needs a long time to refuse it. */
const PIGEONS_PAIRWISE = 'int: n; array[1..n+1] of var 1..n: p; constraint forall(i, j in 1..n+1 where i < j)(p[i] != p[j]); solve satisfy;';
/** The same question with a domain-consistent alldifferent: refused while MiniZinc flattens it. */
const PIGEONS_ALLDIFFERENT = 'include "alldifferent.mzn"; int: n; array[1..n+1] of var 1..n: p; constraint alldifferent(p) :: domain; solve satisfy;';

describe('the Chuffed adapter', () => {
  const heard: string[] = [];
  const solver = new Chuffed((message) => heard.push(message));
  afterAll(() => solver.close());

  it('answers failed, and says why, when MiniZinc rejects the model', () => {
    heard.length = 0;
    const answer = solver.satisfy(['var 1..3: x; constraint x = y; solve satisfy;'], { z: 1 }, 20_000);
    expect(answer.status).toBe('failed');
    expect(heard).toHaveLength(1);
    expect(heard[0]).toMatch(/^Chuffed failed: undefined identifier `y'/);
  }, 60_000);

  it('reads a refusal that MiniZinc gives while flattening the model', () => {
    expect(solver.satisfy([PIGEONS_ALLDIFFERENT], { n: 13 }, 20_000).status).toBe('unsatisfiable');
  }, 60_000);

  it.runIf(availableParallelism() >= 2)(
    "runs a question's searches side by side and answers with the first to decide",
    () => {
      // Alone, the pairwise statement stays undecided for the whole limit.
      expect(solver.satisfy([PIGEONS_PAIRWISE], { n: 13 }, 3_000).status).toBe('unknown');
      expect(solver.satisfy([PIGEONS_PAIRWISE, PIGEONS_ALLDIFFERENT], { n: 13 }, 20_000).status).toBe('unsatisfiable');
      expect(heard).toHaveLength(1);
    },
    60_000,
  );
});
