// Edits the user's first and last name (PATCH auth/user/).
import { useState, type FormEvent } from 'react';
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import type { User } from '../../auth/user';
import { FormStatus } from '../../components/FormStatus';
import { TextField } from '../../components/TextField';
import { useAsyncAction } from '../../components/useAsyncAction';

const FIELDS = ['first_name', 'last_name'];

type ProfileFormProps = { user: User; onSaved: (user: User) => void };

export function ProfileForm({ user, onSaved }: ProfileFormProps) {
  const [firstName, setFirstName] = useState(user.first_name);
  const [lastName, setLastName] = useState(user.last_name);
  const [saved, setSaved] = useState(false);
  const { busy, error, run } = useAsyncAction();

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    const ok = await run(async () => {
      onSaved(await unwrap(api.PATCH('/api/auth/user/', { body: { first_name: firstName, last_name: lastName } })));
    });
    setSaved(ok);
  }

  return (
    <form className="card" onSubmit={save} noValidate aria-labelledby="profile-heading">
      <h2 id="profile-heading" className="card__title">
        Profile
      </h2>
      <div className="field-row">
        <TextField
          label="First name"
          name="first_name"
          autoComplete="given-name"
          value={firstName}
          onChange={(e) => setFirstName(e.target.value)}
          error={error?.fieldMessage('first_name')}
        />
        <TextField
          label="Last name"
          name="last_name"
          autoComplete="family-name"
          value={lastName}
          onChange={(e) => setLastName(e.target.value)}
          error={error?.fieldMessage('last_name')}
        />
      </div>
      <FormStatus error={error?.messageBesides(FIELDS)} success={saved ? 'Your name is saved.' : null} />
      <div className="actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          Save name
        </button>
      </div>
    </form>
  );
}
