// Asks before a job replaces or overwrites a planner's rows, saying exactly what it will remove,
// change and keep (the server's preview of the same plan the job runs).
import { ConfirmDialog } from '../../components/ConfirmDialog';
/** `action` is what the button says (e.g. "Generate segregations"); the dialog asks it as a question. */
type Props = { action: string; lines: string[]; onConfirm: () => void; onClose: () => void };

export function ConfirmJobDialog({ action, lines, onConfirm, onClose }: Props) {
  return (
    <ConfirmDialog title={`${action}?`} confirmLabel={action} onConfirm={onConfirm} onClose={onClose} wide>
      <div className="confirm-lines">
        {lines.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </div>
    </ConfirmDialog>
  );
}
