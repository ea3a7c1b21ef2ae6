// How a job card's allocations stand now, fetched again whenever a job finishes: the latest
// job's result describes the run, but bars moved, locked or removed since then (by hand or by
// regenerating segregations) are only seen in the rows themselves.
import { useEffect, useState } from 'react';
import { allocationsNow } from './allocationJobGuards';
import type { AllocationJobKind } from './allocationApi';

/** `changes` is anything that changes when jobs finish (the card's own job's status, a counter). */
export function useAllocationsNow(kind: AllocationJobKind, scenarioId: number, changes: unknown) {
  const [state, setState] = useState<{ now: string | null; error: string | null }>({ now: null, error: null });
  useEffect(() => {
    let live = true;
    allocationsNow(kind, scenarioId).then(
      (now) => live && setState({ now, error: null }),
      (caught: unknown) =>
        live && setState({ now: null, error: `Could not read the allocations now: ${caught instanceof Error ? caught.message : String(caught)}` }),
    );
    return () => {
      live = false;
    };
  }, [kind, scenarioId, changes]);
  return state;
}
