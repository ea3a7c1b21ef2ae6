// Throttles for the calls that guess secrets (password, one-time code, reset mail): a limit per
// account and a wider one per address, each answering 429 with a clear message. Attempts are
// counted in the database (auth_attempts), one atomic upsert per attempt, in fixed windows, so
// every API process behind a balancer shares the same counts.
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { lt, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { authAttempts } from '../db/schema';
import { ApiError } from '../errors';
import { normaliseEmail } from '../repositories/users';

type KeyOf = (request: FastifyRequest) => string;

/** The e-mail in a JSON body, for limits per account before anyone is authenticated. */
export const bodyEmail: KeyOf = (request) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? `email:${normaliseEmail(email)}` : 'email:';
};

export const authenticatedUser: KeyOf = (request) => `user:${request.user?.id ?? 0}`;

function minutesText(ms: number): string {
  const minutes = Math.ceil(ms / 60_000);
  return minutes <= 1 ? '1 minute' : `${minutes} minutes`;
}

/** Counts one attempt of `key` in the current window; answers the count and when the window ends. */
async function countAttempt(db: Database, key: string, windowMs: number, now = Date.now()) {
  const windowStart = new Date(Math.floor(now / windowMs) * windowMs);
  const [row] = await db
    .insert(authAttempts)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({ target: [authAttempts.key, authAttempts.windowStart], set: { count: sql`${authAttempts.count} + 1` } })
    .returning({ count: authAttempts.count });
  return { count: row.count, resetInMs: windowStart.getTime() + windowMs - now };
}

/** Deletes the counts of windows that have ended, at most once a minute per process. */
function pruner(db: Database, windowMs: number) {
  let last = 0;
  return async () => {
    if (Date.now() - last < 60_000) return;
    last = Date.now();
    await db.delete(authAttempts).where(lt(authAttempts.windowStart, new Date(Date.now() - windowMs)));
  };
}

export function throttle(app: FastifyInstance, accountKey: KeyOf): preHandlerAsyncHookHandler[] {
  const { loginRateLimit, rateLimitWindowMinutes } = app.config;
  const windowMs = rateLimitWindowMinutes * 60_000;
  const prune = pruner(app.db, windowMs);
  const limits: Array<[number, KeyOf]> = [
    [loginRateLimit * 5, (r) => `address:${r.ip}`],
    [loginRateLimit, accountKey],
  ];
  return limits.map(([max, keyOf]) => async (request: FastifyRequest) => {
    await prune();
    const { count, resetInMs } = await countAttempt(app.db, `${request.routeOptions.url}|${keyOf(request)}`, windowMs);
    if (count > max) throw new ApiError(429, 'throttled', `Too many attempts. Try again in ${minutesText(resetInMs)}.`);
  });
}
