// Asks before a job replaces or overwrites a planner's rows, saying exactly what it will remove,
// change and keep (the server's preview of the same plan the job runs).
import { Dialog } from '../../components/Dialog';
import type { JobGuard } from './useJobGuard';

type Props = { guard: JobGuard; lines: string[]; onConfirm: () => void; onClose: () => void };

export function ConfirmJobDialog({ guard, lines, onConfirm, onClose }: Props) {
  return (
    <Dialog title={`${guard.action}?`} onClose={onClose}>
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
      <div className="actions">
        <button type="button" className="button button--text" onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            onClose();
            onConfirm();
          }}
        >
          {guard.action}
        </button>
      </div>
    </Dialog>
  );
}
