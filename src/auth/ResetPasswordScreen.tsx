// The password reset screen (/auth/reset): without a link it asks for the e-mail address and the
// server mails a link; opened from that link (?uid=&token=) it sets the new password. The
// answer to the request never tells whether the address has an account.
import { useState, type FormEvent } from 'react';
import { Link, useSearch } from 'wouter';
import { api } from '../api/client';
import { unwrap } from '../api/errors';
import { FormStatus } from '../components/FormStatus';
import { PasswordField } from '../components/PasswordField';
import { TextField } from '../components/TextField';
import { useAsyncAction } from '../components/useAsyncAction';
import { PRODUCT_NAME } from '../product';

function RequestLink() {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const { busy, error, run } = useAsyncAction();

  async function request(event: FormEvent) {
    event.preventDefault();
    await run(async () => {
      setSent((await unwrap(api.POST('/api/auth/password/reset/', { body: { email } }))).detail);
    });
  }

  return (
    <form className="sign-in__card" onSubmit={request} noValidate>
      <h1 className="sign-in__title">Reset your password</h1>
      <p>Enter the e-mail address you sign in with and we will send you a link to choose a new password.</p>
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="username"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={error?.fieldMessage('email')}
        required
      />
      <FormStatus error={error?.messageBesides(['email'])} success={sent} />
      <button type="submit" className="button button--primary button--block" disabled={busy}>
        Send reset link
      </button>
      <Link href="/auth/signin" className="sign-in__link">
        Back to sign in
      </Link>
    </form>
  );
}

const PASSWORD_FIELDS = ['new_password1', 'new_password2'] as const;

function ChooseNewPassword({ uid, token }: { uid: string; token: string }) {
  const [passwords, setPasswords] = useState({ new_password1: '', new_password2: '' });
  const [done, setDone] = useState(false);
  const { busy, error, run } = useAsyncAction();

  async function confirm(event: FormEvent) {
    event.preventDefault();
    const ok = await run(async () => {
      await unwrap(api.POST('/api/auth/password/reset/confirm/', { body: { uid, token, ...passwords } }));
    });
    setDone(ok);
  }

  if (done) {
    return (
      <div className="sign-in__card">
        <h1 className="sign-in__title">Password changed</h1>
        <FormStatus success="Your new password is set. Every other session has been signed out." />
        <Link href="/auth/signin" className="button button--primary button--block">
          Sign in
        </Link>
      </div>
    );
  }
  const linkProblem = error?.fieldMessage('token') || error?.fieldMessage('uid');
  return (
    <form className="sign-in__card" onSubmit={confirm} noValidate>
      <h1 className="sign-in__title">Choose a new password</h1>
      {PASSWORD_FIELDS.map((name) => (
        <PasswordField
          key={name}
          label={name === 'new_password1' ? 'New password' : 'Confirm new password'}
          name={name}
          autoComplete="new-password"
          value={passwords[name]}
          onChange={(e) => setPasswords({ ...passwords, [name]: e.target.value })}
          error={error?.fieldMessage(name)}
        />
      ))}
      <FormStatus
        error={linkProblem ? 'This reset link is invalid, used or expired. Ask for a new one.' : error?.messageBesides([...PASSWORD_FIELDS, 'token', 'uid'])}
      />
      <button type="submit" className="button button--primary button--block" disabled={busy}>
        Set new password
      </button>
      {linkProblem && (
        <Link href="/auth/reset" className="sign-in__link">
          Ask for a new link
        </Link>
      )}
    </form>
  );
}

export default function ResetPasswordScreen() {
  const params = new URLSearchParams(useSearch());
  const uid = params.get('uid');
  const token = params.get('token');
  return (
    <main className="sign-in" aria-label={`${PRODUCT_NAME} password reset`}>
      {uid && token ? <ChooseNewPassword uid={uid} token={token} /> : <RequestLink />}
    </main>
  );
}
