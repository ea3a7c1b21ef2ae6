// RFC 6238 time-based one-time passwords (SHA-1, 6 digits, 30 s), the settings every
// authenticator app understands. One step of clock drift either way is accepted.
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

export function checkTotp(secret: string, code: string): boolean {
  if (!/^\d{6}$/.test(code)) return false;
  return totp(secret, '').validate({ token: code, window: 1 }) !== null;
}

export function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
}
