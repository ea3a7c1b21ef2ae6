// Asks before an action that cannot simply be undone: the question as the title, what will
// happen below it, Cancel, and a button named for the action that closes and runs it.
import type { ReactNode } from 'react';
import { Dialog } from './Dialog';

type ConfirmDialogProps = { title: string; confirmLabel: string; children: ReactNode; onConfirm: () => void; onClose: () => void; wide?: boolean };

export function ConfirmDialog({ title, confirmLabel, children, onConfirm, onClose, wide }: ConfirmDialogProps) {
  return (
    <Dialog title={title} onClose={onClose} wide={wide}>
      {children}
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
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
