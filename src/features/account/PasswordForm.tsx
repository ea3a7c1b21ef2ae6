// Changes the password (POST auth/password/change/), with the server's messages under each field.
import { useState, type FormEvent } from 'react';
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import { FormStatus } from '../../components/FormStatus';
import { PasswordField } from '../../components/PasswordField';
import { useAsyncAction } from '../../components/useAsyncAction';

const EMPTY = { old_password: '', new_password1: '', new_password2: '' };
type Passwords = typeof EMPTY;

const FIELDS: { name: keyof Passwords; label: string; autoComplete: string }[] = [
  { name: 'old_password', label: 'Current password', autoComplete: 'current-password' },
  { name: 'new_password1', label: 'New password', autoComplete: 'new-password' },
  { name: 'new_password2', label: 'Confirm new password', autoComplete: 'new-password' },
];

export function PasswordForm() {
  const [values, setValues] = useState<Passwords>(EMPTY);
  const [done, setDone] = useState<string | null>(null);
  const { busy, error, run } = useAsyncAction();

  async function change(event: FormEvent) {
    event.preventDefault();
    setDone(null);
    await run(async () => {
      const answer = await unwrap(api.POST('/api/auth/password/change/', { body: values }));
      setValues(EMPTY);
      setDone(answer.detail);
    });
  }

  return (
    <form className="card" onSubmit={change} noValidate aria-labelledby="password-heading">
      <h2 id="password-heading" className="card__title">
        Password
      </h2>
      {FIELDS.map((field) => (
        <PasswordField
          key={field.name}
          label={field.label}
          name={field.name}
          autoComplete={field.autoComplete}
          value={values[field.name]}
          onChange={(e) => setValues({ ...values, [field.name]: e.target.value })}
          error={error?.fieldMessage(field.name)}
        />
      ))}
      <FormStatus error={error?.messageBesides(FIELDS.map((f) => f.name))} success={done} />
      <div className="actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          Change password
        </button>
      </div>
    </form>
  );
}
