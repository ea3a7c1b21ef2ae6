// Runs a panel's action (open, delete, compare, apply) with what the panel shows: busy while it
// runs, and what went wrong as one short sentence. The server's refusals and the engine's errors
// say what is wrong in words already; anything else is logged for the developer with its stack
// and told to the planner briefly, never as a raw dump.
import { useCallback, useState } from 'react';
import { ApiError } from '../api/errors';
import { SimError } from '../../workers/sim/errors';

export function usePanelAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const act = useCallback(async (action: () => Promise<void>): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (caught) {
      if (caught instanceof ApiError || caught instanceof SimError) setError(caught.message);
      else {
        console.error('panel action failed', caught);
        setError('That did not work (the browser console has the details). Try again, or reload the page.');
      }
    } finally {
      setBusy(false);
    }
  }, []);

  return { busy, error, act };
}
