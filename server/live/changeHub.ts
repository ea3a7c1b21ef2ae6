// The server's side of live updates: the database announces each committed write to a scenario's
// data on one channel (migration 0015), and the hub hands each notice to the streams that have
// that scenario open (scenarioEvents.ts). Notices are parsed here, once, whichever stream wants
// them; one that does not parse is logged and dropped rather than sent on.
import { z } from 'zod';

export const CHANGES_CHANNEL = 'scenario_changes';

const ScenarioChangeSchema = z.object({
  scenario: z.number().int(),
  /** The table written: flights, baggage_allocations, jobs, scenarios... */
  set: z.string(),
  op: z.enum(['insert', 'update', 'delete']),
  /** The first ids the write touched (up to 100), in order. */
  ids: z.array(z.number().int()),
  /** How many rows it touched in all. */
  count: z.number().int(),
});
export type ScenarioChange = z.infer<typeof ScenarioChangeSchema>;

/** What a stream hears: a change of its scenario, or that changes may have been missed. */
export type ChangeListener = (change: ScenarioChange | 'gap') => void;

export class ChangeHub {
  readonly #listeners = new Map<number, Set<ChangeListener>>();

  constructor(private readonly onBadNotice: (payload: string, error: Error) => void) {}

  /** Hears the scenario's changes until the answered function is called. */
  subscribe(scenarioId: number, listener: ChangeListener): () => void {
    const listeners = this.#listeners.get(scenarioId) ?? new Set();
    listeners.add(listener);
    this.#listeners.set(scenarioId, listeners);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) this.#listeners.delete(scenarioId);
    };
  }

  /** A notice from the database. */
  notice(payload: string): void {
    let change: ScenarioChange;
    try {
      change = ScenarioChangeSchema.parse(JSON.parse(payload));
    } catch (error) {
      this.onBadNotice(payload, error instanceof Error ? error : new Error(String(error)));
      return;
    }
    for (const listener of this.#listeners.get(change.scenario) ?? []) listener(change);
  }

  /** The database connection was lost and is back: every stream may have missed changes. */
  gap(): void {
    for (const listeners of this.#listeners.values()) for (const listener of listeners) listener('gap');
  }

  /** How many streams are open, for the tests and the log. */
  get streams(): number {
    let n = 0;
    for (const listeners of this.#listeners.values()) n += listeners.size;
    return n;
  }
}
