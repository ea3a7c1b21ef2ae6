// The selected scenario's live changes as the screens read them: a count of changes heard per
// table (and of reloads asked for everything), which a screen compares with what it has applied
// (useLiveReload). The shell follows the selected scenario for as long as it is selected.
import { useEffect, useMemo, useRef } from 'react';
import { atom, useAtomValue, useSetAtom } from 'jotai';
import { selectedScenarioAtom } from '../features/projects/scenarioSelection';
import { followScenario, type LiveEvent } from './scenarioEvents';

type HeardChanges = { scenarioId: number | null; sets: Readonly<Record<string, number>>; resyncs: number };

const heardChangesAtom = atom<HeardChanges>({ scenarioId: null, sets: {}, resyncs: 0 });

function heard(current: HeardChanges, scenarioId: number, event: LiveEvent): HeardChanges {
  if (current.scenarioId !== scenarioId) return current;
  if (event.kind === 'resync') return { ...current, resyncs: current.resyncs + 1 };
  const { set } = event.change;
  return { ...current, sets: { ...current.sets, [set]: (current.sets[set] ?? 0) + 1 } };
}

/** Follows the selected scenario's changes on the server (the shell does, once). */
export function useFollowSelectedScenario(): void {
  const scenarioId = useAtomValue(selectedScenarioAtom)?.scenarioId ?? null;
  const setHeard = useSetAtom(heardChangesAtom);
  useEffect(() => {
    setHeard({ scenarioId, sets: {}, resyncs: 0 });
    if (scenarioId === null) return;
    const abort = new AbortController();
    void followScenario(scenarioId, (event) => setHeard((current) => heard(current, scenarioId, event)), abort.signal);
    return () => abort.abort();
  }, [scenarioId, setHeard]);
}

/** What a screen has applied of its sets: the resyncs and each set's count of changes heard. */
type Applied = { resyncs: number; counts: readonly number[] };

/** The sets changed since `applied` (all of them after a resync); null when the counts started again (another scenario). */
function changedSince(applied: Applied, now: Applied, sets: readonly string[]): readonly string[] | null {
  if (now.resyncs < applied.resyncs || now.counts.some((n, i) => n < (applied.counts[i] ?? 0))) return null;
  if (now.resyncs > applied.resyncs) return sets;
  return sets.filter((_, i) => now.counts[i] > (applied.counts[i] ?? 0));
}

/**
 * Calls `reload` with the sets (tables: 'flights', 'baggage_allocations'...) of `sets` that have
 * changed on the server, by anyone (all of them when everything must be reloaded); while `busy`
 * (a drag, an edit, a save in flight) it waits, and reloads once the planner has finished.
 * Answers whether a reload is waiting so, for the screen to say so.
 */
export function useLiveReload(sets: readonly string[], reload: (changed: readonly string[]) => unknown, busy: boolean): boolean {
  const changes = useAtomValue(heardChangesAtom);
  // The sets by their names: a caller may pass a new array on each render.
  const what = sets.join(', ');
  const now = useMemo(() => ({ resyncs: changes.resyncs, counts: what.split(', ').map((set) => changes.sets[set] ?? 0) }), [changes, what]);
  const applied = useRef<Applied>(now);
  useEffect(() => {
    const changed = changedSince(applied.current, now, what.split(', '));
    // The counts start again for another scenario: nothing to reload for that.
    if (changed === null) applied.current = now;
    if (busy || !changed?.length) return;
    applied.current = now;
    // A screen's reload shows its own failures; one that throws is a fault, logged with context.
    Promise.resolve()
      .then(() => reload(changed))
      .catch((error: unknown) => console.error(`Showing a change made on the server (${what}) failed`, error));
  }, [now, busy, reload, what]);
  return busy && (changedSince(applied.current, now, sets)?.length ?? 0) > 0;
}
