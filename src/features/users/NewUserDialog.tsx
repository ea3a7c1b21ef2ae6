// Creates a user (POST users/): e-mail, name, a first password to pass on to them, and whether
// they are staff. The API's message for a field shows under that field.
import { useState, type FormEvent } from 'react';
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import type { User } from '../../auth/user';
import { Dialog } from '../../components/Dialog';
import { FormStatus } from '../../components/FormStatus';
import { PasswordField } from '../../components/PasswordField';
import { TextField } from '../../components/TextField';
import { useAsyncAction } from '../../components/useAsyncAction';

const FIELDS = ['email', 'first_name', 'last_name', 'password'];

type NewUserDialogProps = { onCreated: (user: User) => void; onClose: () => void };

export function NewUserDialog({ onCreated, onClose }: NewUserDialogProps) {
  const [form, setForm] = useState({ email: '', first_name: '', last_name: '', password: '', is_staff: false });
  const { busy, error, run } = useAsyncAction();
  const set = (field: keyof typeof form) => (value: string | boolean) => setForm((f) => ({ ...f, [field]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const created = await run(async () => onCreated(await unwrap(api.POST('/api/users/', { body: form }))));
    if (created) onClose();
  }

  return (
    <Dialog title="New user" onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <TextField
          label="E-mail"
          type="email"
          autoComplete="off"
          value={form.email}
          onChange={(e) => set('email')(e.target.value)}
          error={error?.fieldMessage('email')}
        />
        <TextField
          label="First name"
          autoComplete="off"
          value={form.first_name}
          onChange={(e) => set('first_name')(e.target.value)}
          error={error?.fieldMessage('first_name')}
        />
        <TextField
          label="Last name"
          autoComplete="off"
          value={form.last_name}
          onChange={(e) => set('last_name')(e.target.value)}
          error={error?.fieldMessage('last_name')}
        />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          hint="Give it to them to sign in; they can change it under My account."
          value={form.password}
          onChange={(e) => set('password')(e.target.value)}
          error={error?.fieldMessage('password')}
        />
        <label className="check-field">
          <input type="checkbox" checked={form.is_staff} onChange={(e) => set('is_staff')(e.target.checked)} />
          Staff (manages users, owns every project)
        </label>
        <FormStatus error={error?.messageBesides(FIELDS)} />
        <div className="actions">
          <button type="button" className="button button--text" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={busy || form.email.trim() === ''}>
            Create user
          </button>
        </div>
      </form>
    </Dialog>
  );
}
