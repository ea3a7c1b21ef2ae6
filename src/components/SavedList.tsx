// A scenario's saved items (runs, plans): each with its name, when it was saved, what else the
// screen says of it, Open, and Delete after a confirmation (a saved item cannot be restored).
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from './ConfirmDialog';

export type SavedItem = { id: number; name: string; createdAt: string; extra?: ReactNode };

type SavedListProps = {
  items: SavedItem[];
  /** "run", "plan": in the confirmation. */
  noun: string;
  busy: boolean;
  onOpen: (id: number) => void;
  onDelete: (id: number) => void;
};

export const savedWhen = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

export function SavedList({ items, noun, busy, onOpen, onDelete }: SavedListProps) {
  const [deleting, setDeleting] = useState<SavedItem | null>(null);
  return (
    <>
      <ul className="sim-runs__list">
        {items.map((item) => (
          <li key={item.id}>
            <span className="sim-runs__name">{item.name}</span>
            <span className="muted">{savedWhen(item.createdAt)}</span>
            {item.extra}
            <button type="button" className="button button--small" disabled={busy} onClick={() => onOpen(item.id)} aria-label={`Open ${item.name}`}>
              Open
            </button>
            <button
              type="button"
              className="button button--small button--danger-text"
              disabled={busy}
              onClick={() => setDeleting(item)}
              aria-label={`Delete ${item.name}`}
            >
              Delete
            </button>
          </li>
        ))}
      </ul>
      {deleting && (
        <ConfirmDialog
          title={`Delete the saved ${noun} “${deleting.name}”?`}
          confirmLabel={`Delete ${noun}`}
          onConfirm={() => onDelete(deleting.id)}
          onClose={() => setDeleting(null)}
        >
          <p className="muted">It is removed for everyone on the project and cannot be restored.</p>
        </ConfirmDialog>
      )}
    </>
  );
}
