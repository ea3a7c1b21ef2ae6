// Short-lived access tokens: HS256 JWTs carrying the user id, an exp claim and a scope.
// Scope 'mfa' marks a token issued before the second factor was verified; it opens nothing but
// the one-time-password status and verify calls (and logout, which needs no token).
import { createHmac } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

export type TokenScope = 'full' | 'mfa';

export type AccessToken = { token: string; expiresAt: Date };

export type AccessClaims = { userId: number; scope: TokenScope };

export class AccessTokens {
  constructor(
    private readonly key: Uint8Array,
    private readonly lifetimeMinutes: number,
  ) {}

  /**
   * The refresh token that follows `token` on rotation, derived with the server's key rather
   * than drawn at random, so a second presentation of `token` within the grace period can be
   * answered with the same successor although only hashes are stored.
   */
  successorToken(token: string): string {
    return createHmac('sha256', this.key).update(`refresh-successor:${token}`).digest('base64url');
  }

  async sign(userId: number, scope: TokenScope, now = new Date()): Promise<AccessToken> {
    const expiresAt = new Date(now.getTime() + this.lifetimeMinutes * 60_000);
    const token = await new SignJWT({ scope, token_type: 'access' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(userId))
      .setIssuedAt(Math.floor(now.getTime() / 1000))
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
    return { token, expiresAt };
  }

  /** The claims of a valid, unexpired token; null for anything else (bad signature, expired, garbage). */
  async verify(token: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const userId = Number(payload.sub);
      const scope = payload.scope;
      if (payload.token_type !== 'access' || !Number.isInteger(userId)) return null;
      if (scope !== 'full' && scope !== 'mfa') return null;
      return { userId, scope };
    } catch {
      return null;
    }
  }
}
