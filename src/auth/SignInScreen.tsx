// The sign-in screen (/auth/signin, SPEC section 2): logo, title, e-mail, password with a
// show/hide toggle and Sign In; the 2FA dialog when the account needs a code. Already signed-in
// visitors are sent to /, a finished sign-in goes back to the page the planner was on (`next`),
// or to /app/projects; a session that ended says so.
import { useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { Link, Redirect, useLocation, useSearch } from 'wouter';
import { PasswordField } from '../components/PasswordField';
import { TextField } from '../components/TextField';
import { PRODUCT_NAME } from '../product';
import { sessionAtom } from './atoms';
import { isAuthenticated } from './session';
import { SignInError, abandonPendingSignIn, submitCredentials, type PendingTokens } from './signInFlow';
import { TwoFactorDialog } from './TwoFactorDialog';
import { safeReturnPath, SESSION_ENDED_MESSAGE } from './returnPath';

export default function SignInScreen() {
  const session = useAtomValue(sessionAtom);
  const [, navigate] = useLocation();
  const query = new URLSearchParams(useSearch());
  const afterSignIn = safeReturnPath(query.get('next'));
  const ended = query.get('ended') === '1';
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<PendingTokens | null>(null);

  // A sign-in in progress navigates itself once it has finished.
  if (isAuthenticated(session, new Date()) && !busy && !pending) return <Redirect to="/" replace />;

  async function signIn(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const outcome = await submitCredentials(email, password);
      if (outcome.kind === 'needs-code') {
        setPending(outcome.pending);
        setBusy(false);
      } else {
        navigate(afterSignIn);
      }
    } catch (caught) {
      if (!(caught instanceof SignInError)) throw caught;
      setError(caught.message);
      setBusy(false);
    }
  }

  function cancelCode(tokens: PendingTokens) {
    setPending(null);
    abandonPendingSignIn(tokens).catch((failure: unknown) => console.error('Could not revoke the pending sign-in:', failure));
  }

  return (
    <main className="sign-in">
      <form className="sign-in__card" onSubmit={signIn} noValidate>
        <img className="sign-in__logo" src="/logo.svg" alt={`${PRODUCT_NAME} logo`} width={64} height={64} />
        <h1 className="sign-in__title">{PRODUCT_NAME} Sign In</h1>
        {ended && (
          <p className="notice notice--warning" role="status">
            {SESSION_ENDED_MESSAGE}
          </p>
        )}
        <TextField label="Email" name="email" type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} required />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={error}
          required
        />
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          Sign In
        </button>
        <Link href="/auth/reset" className="sign-in__link">
          Forgot your password?
        </Link>
      </form>
      {pending && <TwoFactorDialog pending={pending} onVerified={() => navigate(afterSignIn)} onCancel={() => cancelCode(pending)} />}
    </main>
  );
}
