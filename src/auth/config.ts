// How this app keeps its session (SPEC sections 3, 4 and 9). Local storage rather than cookies:
// the API authenticates by the Bearer header, so the tokens need not ride along on every request,
// and a cookie domain would have to match whatever host the server is reached by.
import type { SessionConfig } from './persistence';

export const SESSION_CONFIG: SessionConfig = {
  authName: '_airport_planner_auth',
  authType: 'localstorage',
  refreshIntervalMinutes: 4,
};

/** The refresh answer's lifetime when it carries no access_expiration. */
export const DEFAULT_ACCESS_MINUTES = 4;

/**
 * Refresh tokens are opaque and the sign-in answer does not say when they expire, so the client
 * assumes the server's default lifetime of one day; the server stays the judge of validity.
 */
export const REFRESH_TOKEN_MINUTES = 24 * 60;

/** Refresh this long before the access token would expire, when that comes before the interval. */
export const REFRESH_MARGIN_MS = 30_000;

export const OTP_CODE_LENGTH = 6;
