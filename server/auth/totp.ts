// RFC 6238 time-based one-time passwords (SHA-1, 6 digits, 30 s), the settings every
// authenticator app understands. One step of clock drift either way is accepted. A code is
// matched to its time step, so the caller can refuse one already used (RFC 6238 section 5.2).
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

const ISSUER = 'Airport Planner';

export const newTotpSecret = () => new Secret({ size: 20 }).base32;

function totp(secret: string, label: string): TOTP {
  return new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
}

export function totpUri(secret: string, email: string): string {
  return totp(secret, email).toString();
}

const PERIOD_MS = 30_000;

/** The time step of a correct code (now, or one step either side), or null. */
export function totpStep(secret: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp(secret, '').validate({ token: code, window: 1, timestamp: now });
  return delta === null ? null : Math.floor(now / PERIOD_MS) + delta;
}

export function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
}
