// Who last changed a row and when, from the scenario's History (GET /api/scenarios/{id}/history/),
// for what a write refused because the row changed meanwhile (412) tells the planner: "changed
// by Ana Ruiz at 14:02". Asked only at a refusal; when the History cannot say (a failed request,
// a row changed by the server itself), the words say "someone else".
import { api } from '../api/client';
import { CHANGED_MEANWHILE, unwrap, type ChangedWords } from '../api/errors';
import { displayName } from '../auth/user';

export type LastChange = { by: string | null; at: string };

/** Clock time of a change, as the planner's browser tells time. */
export const clock = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/** The last change of each of `ids` in `set` (a table: 'flights', 'baggage_allocations'...) that the History holds. */
export async function lastChanges(scenarioId: number, set: string, ids: readonly number[]): Promise<Map<number, LastChange>> {
  const found = await Promise.all(
    ids.map(async (row) => {
      const page = await unwrap(api.GET('/api/scenarios/{id}/history/', { params: { path: { id: scenarioId }, query: { set, row, limit: 1 } } })).catch(
        () => null,
      );
      const entry = page?.entries[0];
      return entry ? ([row, { by: entry.user ? displayName(entry.user) : null, at: entry.at }] as const) : null;
    }),
  );
  return new Map(found.filter((f) => f !== null));
}

/** "by Ana Ruiz at 14:02", or "by someone else at 14:02" (the time of `fallbackAt` when the History has none). */
export function byWhomAndWhen(change: LastChange | undefined, fallbackAt?: string): string {
  const who = change?.by ?? 'someone else';
  const at = change?.at ?? fallbackAt;
  return at ? `by ${who} at ${clock(at)}` : `by ${who}`;
}

/** The ids of a refused write's current row, or rows (a bulk write's). */
const idsOf = (current: unknown): number[] =>
  (Array.isArray(current) ? current : [current]).flatMap((row) => (typeof (row as { id?: unknown })?.id === 'number' ? [(row as { id: number }).id] : []));

/**
 * What a write refused because the row changed meanwhile tells the planner, with who changed it
 * and when: `current` is the refusal's row as it is now (ApiError.current). Bound to a scenario
 * and set, it is the `words` of unlessChanged.
 */
export async function changedMeanwhile(scenarioId: number, set: string, current: unknown): Promise<string> {
  const [id] = idsOf(current);
  if (id === undefined) return CHANGED_MEANWHILE;
  const change = (await lastChanges(scenarioId, set, [id])).get(id);
  if (!change) return CHANGED_MEANWHILE;
  return `Changed ${byWhomAndWhen(change)} since you opened it: their values are shown now. Make your change again to keep yours.`;
}

/** changedMeanwhile for rows of `set` in the scenario, as unlessChanged takes it. */
export const changedIn =
  (scenarioId: number, set: string): ChangedWords =>
  (current) =>
    changedMeanwhile(scenarioId, set, current);
