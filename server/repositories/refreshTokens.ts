// Refresh token lifecycle: issue, rotate (the old token stops working), revoke. Presenting a
// token that was already rotated away is treated as theft: every session of that user ends.
import { and, eq, isNull } from 'drizzle-orm';
import type { Database, Executor } from '../db/database';
import { refreshTokens } from '../db/schema';
import { randomToken, sha256 } from '../auth/secrets';

export type IssuedRefreshToken = { token: string; expiresAt: Date };

export async function issueRefreshToken(
  ex: Executor,
  userId: number,
  mfaPending: boolean,
  lifetimeMinutes: number,
): Promise<IssuedRefreshToken> {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + lifetimeMinutes * 60_000);
  await ex.insert(refreshTokens).values({ userId, tokenHash: sha256(token), mfaPending, expiresAt });
  return { token, expiresAt };
}

export type Rotation =
  | { ok: true; userId: number; mfaPending: boolean; refresh: IssuedRefreshToken }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' };

export function rotateRefreshToken(
  db: Database,
  token: string,
  lifetimeMinutes: number,
): Promise<Rotation> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(token)))
      .for('update');
    if (!row) return { ok: false, reason: 'unknown' } as const;
    if (row.revokedAt) {
      await revokeUserRefreshTokens(tx, row.userId);
      return { ok: false, reason: 'revoked' } as const;
    }
    if (row.expiresAt.getTime() <= Date.now()) return { ok: false, reason: 'expired' } as const;
    await tx.update(refreshTokens).set({ revokedAt: new Date() }).where(eq(refreshTokens.id, row.id));
    const next = await issueRefreshToken(tx, row.userId, row.mfaPending, lifetimeMinutes);
    return { ok: true, userId: row.userId, mfaPending: row.mfaPending, refresh: next } as const;
  });
}

export async function revokeRefreshToken(ex: Executor, token: string): Promise<void> {
  await ex
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.tokenHash, sha256(token)), isNull(refreshTokens.revokedAt)));
}

export async function revokeUserRefreshTokens(
  ex: Executor,
  userId: number,
  options: { pendingOnly?: boolean } = {},
): Promise<void> {
  const conditions = [eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)];
  if (options.pendingOnly) conditions.push(eq(refreshTokens.mfaPending, true));
  await ex.update(refreshTokens).set({ revokedAt: new Date() }).where(and(...conditions));
}
