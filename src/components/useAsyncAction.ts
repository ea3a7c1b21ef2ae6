// Runs a form's async action with the state every form shows: busy while it runs, and the
// API's error (its detail and field messages) when it fails. Other failures are rethrown.
import { useCallback, useState } from 'react';
import { ApiError } from '../api/errors';

export function useAsyncAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);

  const run = useCallback(async (action: () => Promise<void>): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      await action();
      return true;
    } catch (caught) {
      if (!(caught instanceof ApiError)) throw caught;
      setError(caught);
      return false;
    } finally {
      setBusy(false);
    }
  }, []);

  return { busy, error, run };
}
