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
  /**
   * Decides a MiniZinc satisfaction question on its JSON data within `timeLimitMs`; blocks until
   * then. `models` state the same question with different searches: a solver may run several side
   * by side and answer with the first to decide (a search's time is heavy-tailed, so two searches
   * together are far less often slow than either alone), or run only the first.
   */
  satisfy(models: readonly string[], data: Record<string, unknown>, timeLimitMs: number): CpAnswer;
}
