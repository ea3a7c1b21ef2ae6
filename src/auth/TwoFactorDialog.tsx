// The 'Enter 2FA Code' dialog (SPEC sections 2 and 5): a numeric field of at most six characters
// and a Verify button; a badly formed code is refused here and never sent.
import { useState, type FormEvent } from 'react';
import { Dialog } from '../components/Dialog';
import { TextField } from '../components/TextField';
import { OTP_CODE_LENGTH } from './config';
import { SignInError, submitCode, type PendingTokens } from './signInFlow';

type TwoFactorDialogProps = {
  pending: PendingTokens;
  onVerified: () => void;
  onCancel: () => void;
};

export function TwoFactorDialog({ pending, onVerified, onCancel }: TwoFactorDialogProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function verify(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      await submitCode(pending, code);
      onVerified();
    } catch (caught) {
      if (!(caught instanceof SignInError)) throw caught;
      setError(caught.message);
      setBusy(false);
    }
  }

  return (
    <Dialog title="Enter 2FA Code" onClose={onCancel}>
      <form onSubmit={verify} noValidate>
        <p className="muted">Enter the six-digit code from your authenticator app.</p>
        <TextField
          label="2FA code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={OTP_CODE_LENGTH}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={error}
        />
        <div className="actions">
          <button type="button" className="button button--text" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={busy}>
            Verify
          </button>
        </div>
      </form>
    </Dialog>
  );
}
