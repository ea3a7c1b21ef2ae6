// A constraint solver the engines can ask, handed in like HiGHS so they stay pure: the server, the
// command line and the benchmark pass the MiniZinc/Chuffed adapter (workers/cli/chuffed.ts).

export type CpAnswer =
  | { status: 'satisfied'; values: Record<string, unknown> }
  | { status: 'unsatisfiable' }
  /** The time ran out before it could say. */
  | { status: 'unknown' }
  /** The solver broke down (its message): asking it again is not worth the time. */
  | { status: 'failed'; error: string };

export interface CpSolver {
  /** Solves a MiniZinc satisfaction model on its JSON data within `timeLimitMs`; blocks until then. */
  satisfy(model: string, data: Record<string, unknown>, timeLimitMs: number): CpAnswer;
}
