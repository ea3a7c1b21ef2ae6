// Reads the expiry claim of a JWT in the browser. The client never verifies signatures (the
// server does); it only needs `exp` to know how long a session lasts, so no library is needed.

export type JwtProblem = 'unparseable' | 'no-exp';

/** Why a token's expiry could not be read; the session maps the code to the catalogue's words. */
export class JwtError extends Error {
  constructor(readonly code: JwtProblem) {
    super(code === 'no-exp' ? 'JWT has no exp param' : 'Token is not a readable JWT');
    this.name = 'JwtError';
  }
}

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
  const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The moment the token stops being valid, from its `exp` claim (seconds since the epoch). */
export function readJwtExpiry(token: string): Date {
  const parts = token.split('.');
  if (parts.length !== 3) throw new JwtError('unparseable');
  let payload: unknown;
  try {
    payload = JSON.parse(decodeBase64Url(parts[1]));
  } catch {
    throw new JwtError('unparseable');
  }
  if (typeof payload !== 'object' || payload === null) throw new JwtError('unparseable');
  const exp = (payload as { exp?: unknown }).exp;
  if (typeof exp !== 'number' || !Number.isFinite(exp)) throw new JwtError('no-exp');
  return new Date(exp * 1000);
}
