// Turns two-factor authentication on (generate a secret, scan the QR code, confirm a first code
// with validate) and off (a current code or the password, with disable).
import { useState, type FormEvent } from 'react';
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import { OTP_CODE_LENGTH } from '../../auth/config';
import { SIGN_IN_MESSAGES, isWellFormedCode } from '../../auth/signInFlow';
import type { User } from '../../auth/user';
import { FormStatus } from '../../components/FormStatus';
import { PasswordField } from '../../components/PasswordField';
import { TextField } from '../../components/TextField';
import { useAsyncAction } from '../../components/useAsyncAction';

type Setup = { secret: string; qr_svg: string };
type SectionProps = { user: User; onChanged: (user: User) => void };

const svgDataUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

export function TwoFactorSection({ user, onChanged }: SectionProps) {
  const changed = (otpEnabled: boolean) => onChanged({ ...user, otp_enabled: otpEnabled });
  return (
    <section className="card" aria-labelledby="two-factor-heading">
      <h2 id="two-factor-heading" className="card__title">
        Two-factor authentication
      </h2>
      <p role="status" className={`status-line status-line--${user.otp_enabled ? 'on' : 'off'}`}>
        Two-factor authentication is {user.otp_enabled ? 'on' : 'off'}.
      </p>
      {user.otp_enabled ? <TurnOff onDone={() => changed(false)} /> : <TurnOn onDone={() => changed(true)} />}
    </section>
  );
}

function TurnOn({ onDone }: { onDone: () => void }) {
  const [setup, setSetup] = useState<Setup | null>(null);
  const [code, setCode] = useState('');
  const [formatError, setFormatError] = useState<string | null>(null);
  const { busy, error, run } = useAsyncAction();

  async function start() {
    await run(async () => setSetup(await unwrap(api.POST('/api/auth/mfa/otp/generate/'))));
  }

  async function confirm(event: FormEvent) {
    event.preventDefault();
    setFormatError(isWellFormedCode(code) ? null : SIGN_IN_MESSAGES['bad-code-format']);
    if (!isWellFormedCode(code)) return;
    await run(async () => {
      await unwrap(api.POST('/api/auth/mfa/otp/validate/', { body: { token: code } }));
      onDone();
    });
  }

  if (!setup) {
    return (
      <>
        <p>Turn it on to be asked for a code from an authenticator app each time you sign in.</p>
        <FormStatus error={error?.message} />
        <div className="actions">
          <button type="button" className="button button--primary" onClick={start} disabled={busy}>
            Turn on 2FA
          </button>
        </div>
      </>
    );
  }
  return (
    <form onSubmit={confirm} noValidate>
      <p>Scan this QR code with your authenticator app, or enter the secret by hand, then type the code it shows.</p>
      <div className="otp-setup">
        <img className="otp-setup__qr" src={svgDataUrl(setup.qr_svg)} alt="QR code for your authenticator app" width={180} height={180} />
        <div>
          <p className="field__hint">Secret</p>
          <code className="otp-setup__secret">{setup.secret}</code>
        </div>
      </div>
      <TextField
        label="Code from your app"
        name="token"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={OTP_CODE_LENGTH}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={formatError ?? error?.fieldMessage('token')}
      />
      <FormStatus error={error?.messageBesides(['token'])} />
      <div className="actions">
        <button type="button" className="button button--text" onClick={() => setSetup(null)}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={busy}>
          Confirm code
        </button>
      </div>
    </form>
  );
}

function TurnOff({ onDone }: { onDone: () => void }) {
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [formatError, setFormatError] = useState<string | null>(null);
  const { busy, error, run } = useAsyncAction();

  async function disable(event: FormEvent) {
    event.preventDefault();
    const badCode = code !== '' && !isWellFormedCode(code);
    setFormatError(badCode ? SIGN_IN_MESSAGES['bad-code-format'] : null);
    if (badCode) return;
    await run(async () => {
      const body = code ? { token: code } : { password };
      await unwrap(api.POST('/api/auth/mfa/otp/disable/', { body }));
      onDone();
    });
  }

  return (
    <form onSubmit={disable} noValidate>
      <p>To turn it off, give a current code from your authenticator app or your password.</p>
      <div className="field-row">
        <TextField
          label="Current 2FA code"
          name="token"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={OTP_CODE_LENGTH}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={formatError ?? error?.fieldMessage('token')}
        />
        <PasswordField
          label="Or your password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={error?.fieldMessage('password')}
        />
      </div>
      <FormStatus error={error?.messageBesides(['token', 'password'])} />
      <div className="actions">
        <button type="submit" className="button button--danger" disabled={busy}>
          Turn off 2FA
        </button>
      </div>
    </form>
  );
}
