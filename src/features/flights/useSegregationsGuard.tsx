// Generating segregations from the Flights and Configuration screens alike: the server's preview
// first, and a confirmation when the run would remove segregations or baggage allocations.
import { useCallback, useState } from 'react';
import { api } from '../../api/client';
import { ApiError, unwrap } from '../../api/errors';
import { RegenerateSegregationsDialog } from './RegenerateSegregationsDialog';
import { losesWork, type SegregationPreview } from './segregationChanges';

type Pending = { preview: SegregationPreview; proceed: () => void };

export function useSegregationsGuard(scenarioId: number) {
  const [pending, setPending] = useState<Pending | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** Runs `proceed` at once when nothing would be lost, otherwise once the planner confirms. */
  const guard = useCallback(
    async (proceed: () => void) => {
      setError(null);
      try {
        const preview = await unwrap(api.GET('/api/allocation/generate/segregations/preview/', { params: { query: { scenario_id: scenarioId } } }));
        if (losesWork(preview)) setPending({ preview, proceed });
        else proceed();
      } catch (caught) {
        if (!(caught instanceof ApiError)) throw caught;
        setError(caught.message);
      }
    },
    [scenarioId],
  );
  /** The confirmation while it is open, or why the preview failed. */
  const ui = pending ? (
    <RegenerateSegregationsDialog preview={pending.preview} onConfirm={pending.proceed} onClose={() => setPending(null)} />
  ) : (
    error && (
      <p className="notice notice--error" role="alert">
        {error}
      </p>
    )
  );
  return { guard, ui };
}
