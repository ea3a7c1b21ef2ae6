// Asks before a job replaces or overwrites a planner's rows, saying exactly what it will remove,
// change and keep (the server's preview of the same plan the job runs).
import { ConfirmDialog } from '../../components/ConfirmDialog';
import type { JobGuard } from './useJobGuard';

type Props = { guard: JobGuard; lines: string[]; onConfirm: () => void; onClose: () => void };

export function ConfirmJobDialog({ guard, lines, onConfirm, onClose }: Props) {
  return (
    <ConfirmDialog title={`${guard.action}?`} confirmLabel={guard.action} onConfirm={onConfirm} onClose={onClose} wide>
      <div className="confirm-lines">
        {lines.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </div>
    </ConfirmDialog>
  );
}
