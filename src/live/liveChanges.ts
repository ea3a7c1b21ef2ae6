// The selected scenario's live changes as the screens read them: a count of changes heard per
// table (and of reloads asked for everything), which a screen compares with what it has applied
// (useLiveReload). The shell follows the selected scenario for as long as it is selected.
import { useEffect, useRef } from 'react';
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

/**
 * Calls `reload` when one of `sets` (tables: 'flights', 'baggage_allocations'...) has changed on
 * the server, by anyone, or everything must be reloaded; while `busy` (a drag, an edit, a save in
 * flight) it waits, and reloads once the planner has finished. Answers whether a reload is waiting
 * so, for the screen to say so.
 */
export function useLiveReload(sets: readonly string[], reload: () => unknown, busy: boolean): boolean {
  const changes = useAtomValue(heardChangesAtom);
  const count = changes.resyncs + sets.reduce((n, set) => n + (changes.sets[set] ?? 0), 0);
  const what = sets.join(', ');
  const applied = useRef(count);
  useEffect(() => {
    // The counts start again for another scenario: nothing to reload for that.
    if (count < applied.current) applied.current = count;
    if (busy || count === applied.current) return;
    applied.current = count;
    // A screen's reload shows its own failures; one that throws is a fault, logged with context.
    Promise.resolve()
      .then(reload)
      .catch((error: unknown) => console.error(`Showing a change made on the server (${what}) failed`, error));
  }, [count, busy, reload, what]);
  return busy && count > applied.current;
}
