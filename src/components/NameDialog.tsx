// Asks for a name (a clone's, a new item's) in a dialog and runs the action with it, showing the
// API's message for the name under the field.
import { useState, type FormEvent } from 'react';
import { Dialog } from './Dialog';
import { FormStatus } from './FormStatus';
import { TextField } from './TextField';
import { useAsyncAction } from './useAsyncAction';

type NameDialogProps = {
  title: string;
  label: string;
  initial: string;
  submitLabel: string;
  onSubmit: (name: string) => Promise<void>;
  onClose: () => void;
};

export function NameDialog({ title, label, initial, submitLabel, onSubmit, onClose }: NameDialogProps) {
  const [name, setName] = useState(initial);
  const { busy, error, run } = useAsyncAction();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (await run(() => onSubmit(name.trim()))) onClose();
  }

  return (
    <Dialog title={title} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <TextField label={label} value={name} onChange={(e) => setName(e.target.value)} error={error?.fieldMessage('name')} />
        <FormStatus error={error?.messageBesides(['name'])} />
        <div className="actions">
          <button type="button" className="button button--text" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={busy || name.trim() === ''}>
            {submitLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
