// What the flights grid tells a planner whose save was refused because another planner changed
// the same flights meanwhile (PATCH flights/bulk/ answered 412 with those flights as they are):
// which flight, who changed it and when (from the History), and what they changed, from the
// values the grid had shown.
import { byWhomAndWhen, type LastChange } from '../../live/lastChange';
import type { Flight } from './flightRows';

/** Fields that change with every write and say nothing of what the planner sees. */
const BOOKKEEPING = new Set(['id', 'scenario_id', 'created_at', 'updated_at', 'version']);

const show = (value: unknown) => (value === null || value === undefined || value === '' ? '(none)' : String(value));

/**
 * One sentence per flight the other planner changed: `shown` is the row as the grid had it
 * before this planner's edit, `theirs` the row as it is now, `authors` who changed each (by id)
 * as far as the History said.
 */
export function describeChangedFlights(
  theirs: readonly Flight[],
  shown: (id: number) => Flight | undefined,
  flightName: (id: number) => string,
  authors: ReadonlyMap<number, LastChange> = new Map(),
): string[] {
  return theirs.map((row) => {
    const before = shown(row.id) as Record<string, unknown> | undefined;
    const changes = Object.entries(row)
      .filter(([field, value]) => !BOOKKEEPING.has(field) && before !== undefined && field in before && before[field] !== value)
      .map(([field, value]) => `${field.replace(/_/g, ' ')} ${show(before![field])} → ${show(value)}`);
    const what = changes.length > 0 ? `: ${changes.join(', ')}` : '';
    return `${flightName(row.id)} was changed ${byWhomAndWhen(authors.get(row.id), row.updated_at)} since you opened it${what}. Their values are shown; make your change again to keep yours.`;
  });
}
