// Starting a job that rewrites a planner's rows (generating segregations, applying import rules,
// the allocations): the server's preview first, and a confirmation naming what the run would
// remove or overwrite whenever it would; nothing is asked when nothing is lost.
import { useCallback, useState } from 'react';
import { ApiError } from '../../api/errors';
import { ConfirmJobDialog } from './ConfirmJobDialog';

export type JobGuard = {
  /** What the button says, e.g. "Generate segregations"; the dialog asks it as a question. */
  action: string;
  /** The lines to confirm from the server's preview, or null when running loses nothing. */
  check: () => Promise<string[] | null>;
};

type Pending = { guard: JobGuard; lines: string[]; proceed: () => void };

export function useJobGuard() {
  const [pending, setPending] = useState<Pending | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** Runs `proceed` at once when `guard` is null or nothing would be lost, otherwise once the planner confirms. */
  const run = useCallback(async (guard: JobGuard | null, proceed: () => void) => {
    setError(null);
    if (!guard) return proceed();
    try {
      const lines = await guard.check();
      if (lines) setPending({ guard, lines, proceed });
      else proceed();
    } catch (caught) {
      if (!(caught instanceof ApiError)) throw caught;
      setError(caught.message);
    }
  }, []);
  /** The confirmation while it is open, or why the preview failed. */
  const ui = pending ? (
    <ConfirmJobDialog action={pending.guard.action} lines={pending.lines} onConfirm={pending.proceed} onClose={() => setPending(null)} />
  ) : (
    error && (
      <p className="notice notice--error" role="alert">
        {error}
      </p>
    )
  );
  return { run, ui };
}
