// Turns the API's token answers into session inputs (SPEC section 4, "Token refresh"), and
// decides when the next refresh runs. Pure: the clock comes in as `now`.
import { DEFAULT_ACCESS_MINUTES, REFRESH_MARGIN_MS, REFRESH_TOKEN_MINUTES } from './config';
import type { RefreshInput, Session, SignInInput } from './session';

type TokenAnswer = { access: string; refresh: string; access_expiration?: string; refresh_expiration?: string };

const minutesFrom = (now: Date, minutes: number) => new Date(now.getTime() + minutes * 60_000);

/** The refresh token's expiry as the server states it, else the server's default lifetime. */
function refreshExpiry(answer: TokenAnswer, now: Date): Date {
  const stated = answer.refresh_expiration ? Date.parse(answer.refresh_expiration) : Number.NaN;
  return Number.isNaN(stated) ? minutesFrom(now, REFRESH_TOKEN_MINUTES) : new Date(stated);
}

/** A sign-in (login or 2FA verify) answer as the session's sign-in input. */
export function signInInput<U>(answer: TokenAnswer & { user: U }, now: Date): SignInInput<U> {
  return {
    token: answer.access,
    type: 'Bearer',
    refresh: { token: answer.refresh, expiresAt: refreshExpiry(answer, now) },
    userState: answer.user,
  };
}

/**
 * A refresh answer: the new access token, its remaining lifetime in minutes from
 * access_expiration when present (4 otherwise), and the rotated refresh token.
 */
export function refreshInput(answer: TokenAnswer, now: Date): RefreshInput {
  const expiration = answer.access_expiration ? Date.parse(answer.access_expiration) : Number.NaN;
  return {
    token: answer.access,
    expiresInMinutes: Number.isNaN(expiration) ? DEFAULT_ACCESS_MINUTES : (expiration - now.getTime()) / 60_000,
    refresh: { token: answer.refresh, expiresAt: refreshExpiry(answer, now) },
  };
}

/**
 * Milliseconds until the next refresh: the interval, or sooner when the access token would expire
 * first (a session restored at start-up may be minutes old); after a failed refresh always the
 * full interval, so a server that is down is not called in a loop. Null when nothing is to be
 * refreshed: signed out, no refresh token, or an interval of 0, which turns refreshing off.
 */
export function nextRefreshDelay<U>(session: Session<U>, intervalMinutes: number, now: Date, lastFailed = false): number | null {
  if (session.auth === null || session.refresh === null || intervalMinutes === 0) return null;
  const interval = intervalMinutes * 60_000;
  if (lastFailed) return interval;
  const beforeExpiry = session.auth.expiresAt.getTime() - now.getTime() - REFRESH_MARGIN_MS;
  return Math.max(0, Math.min(interval, beforeExpiry));
}
