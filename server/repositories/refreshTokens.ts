// Refresh token lifecycle: issue, rotate (the old token stops working), revoke. Presenting a
// token that was already rotated away is treated as theft: every session of that user ends,
// with one exception: two tabs of one browser refreshing a moment apart. The token rotated away
// less than REFRESH_GRACE_MS ago is answered once more, with the same successor.
import { and, eq, isNull } from 'drizzle-orm';
import type { Database, Executor } from '../db/database';
import { refreshTokens } from '../db/schema';
import { randomToken, sha256 } from '../auth/secrets';

export type IssuedRefreshToken = { token: string; expiresAt: Date };

/** How long a rotated refresh token may be presented again (once) for its successor. */
export const REFRESH_GRACE_MS = 10_000;

export async function issueRefreshToken(
  ex: Executor,
  userId: number,
  mfaPending: boolean,
  lifetimeMinutes: number,
  token = randomToken(),
): Promise<IssuedRefreshToken> {
  const expiresAt = new Date(Date.now() + lifetimeMinutes * 60_000);
  await ex.insert(refreshTokens).values({ userId, tokenHash: sha256(token), mfaPending, expiresAt });
  return { token, expiresAt };
}

export type Rotation =
  { ok: true; userId: number; mfaPending: boolean; refresh: IssuedRefreshToken } | { ok: false; reason: 'unknown' | 'expired' | 'revoked' };

/**
 * Exchanges `token` for its successor (`successorOf(token)`, see AccessTokens.successorToken).
 * Within the grace period after a rotation the old token answers the same successor, once.
 */
export function rotateRefreshToken(db: Database, token: string, lifetimeMinutes: number, successorOf: (token: string) => string): Promise<Rotation> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(token)))
      .for('update');
    if (!row) return { ok: false, reason: 'unknown' } as const;
    if (row.revokedAt) {
      const successor = await graceSuccessor(tx, row, successorOf(token));
      if (successor) return { ok: true, userId: row.userId, mfaPending: row.mfaPending, refresh: successor } as const;
      await revokeUserRefreshTokens(tx, row.userId);
      return { ok: false, reason: 'revoked' } as const;
    }
    if (row.expiresAt.getTime() <= Date.now()) return { ok: false, reason: 'expired' } as const;
    const now = new Date();
    await tx.update(refreshTokens).set({ revokedAt: now, rotatedAt: now }).where(eq(refreshTokens.id, row.id));
    const next = await issueRefreshToken(tx, row.userId, row.mfaPending, lifetimeMinutes, successorOf(token));
    return { ok: true, userId: row.userId, mfaPending: row.mfaPending, refresh: next } as const;
  });
}

/** The live successor of a token rotated away within the grace period and not yet re-presented. */
async function graceSuccessor(tx: Executor, row: typeof refreshTokens.$inferSelect, successor: string): Promise<IssuedRefreshToken | null> {
  if (!row.rotatedAt || row.graceUsed || Date.now() - row.rotatedAt.getTime() > REFRESH_GRACE_MS) return null;
  const [next] = await tx
    .select()
    .from(refreshTokens)
    .where(and(eq(refreshTokens.tokenHash, sha256(successor)), isNull(refreshTokens.revokedAt)));
  if (!next) return null;
  await tx.update(refreshTokens).set({ graceUsed: true }).where(eq(refreshTokens.id, row.id));
  return { token: successor, expiresAt: next.expiresAt };
}

export async function revokeRefreshToken(ex: Executor, token: string): Promise<void> {
  await ex
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.tokenHash, sha256(token)), isNull(refreshTokens.revokedAt)));
}

export async function revokeUserRefreshTokens(ex: Executor, userId: number, options: { pendingOnly?: boolean } = {}): Promise<void> {
  const conditions = [eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)];
  if (options.pendingOnly) conditions.push(eq(refreshTokens.mfaPending, true));
  await ex
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(...conditions));
}
