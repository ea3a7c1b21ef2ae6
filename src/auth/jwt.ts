// Reads the expiry claim of a JWT in the browser. The client never verifies signatures (the
// server does); it only needs `exp` to know how long a session lasts: jose's decodeJwt reads
// the payload without verifying it.
import { decodeJwt, type JWTPayload } from 'jose';

export type JwtProblem = 'unparseable' | 'no-exp';

/** Why a token's expiry could not be read; the session maps the code to the catalogue's words. */
export class JwtError extends Error {
  constructor(readonly code: JwtProblem) {
    super(code === 'no-exp' ? 'JWT has no exp param' : 'Token is not a readable JWT');
    this.name = 'JwtError';
  }
}

/** The moment the token stops being valid, from its `exp` claim (seconds since the epoch). */
export function readJwtExpiry(token: string): Date {
  let claims: JWTPayload;
  try {
    claims = decodeJwt(token);
  } catch {
    throw new JwtError('unparseable');
  }
  const exp: unknown = claims.exp;
  if (typeof exp !== 'number' || !Number.isFinite(exp)) throw new JwtError('no-exp');
  return new Date(exp * 1000);
}
