// The client session as plain data and every transition of SPEC section 4 ("Session", "Token
// refresh") with the messages of section 8. No React and no storage here: persistence.ts mirrors
// a session into cookies or local storage and atoms.ts shares it with the app.
import { JwtError, readJwtExpiry } from './jwt';

export const SESSION_MESSAGES = {
  authExpired: 'Given Auth Token is already expired.',
  authUnparseable: 'Error pursing the Auth Token. Make sure you provided a valid JWT.',
  refreshExpired: 'Given Refresh Token is already expired.',
  noExp: 'JWT has no exp param',
} as const;

export type SessionErrorCode = keyof typeof SESSION_MESSAGES;

export class SessionError extends Error {
  constructor(readonly code: SessionErrorCode) {
    super(SESSION_MESSAGES[code]);
    this.name = 'SessionError';
  }
}

type AuthToken = { token: string; type: string; expiresAt: Date };
/** Refresh tokens are opaque to the client, so their expiry travels beside them. */
export type RefreshToken = { token: string; expiresAt: Date };

export type Session<U> = {
  auth: AuthToken | null;
  refresh: RefreshToken | null;
  userState: U | null;
  isSignIn: boolean;
};

/** A transition's result: on a session error the session is already signed out. */
export type Transition<U> = { session: Session<U>; error: SessionError | null };

export type SignInInput<U> = {
  token: string;
  type: string;
  refresh: RefreshToken | null;
  userState: U;
};

export type RefreshInput = {
  token: string;
  /** Remaining lifetime the refresh answer gave (access_expiration, or the 4-minute default). */
  expiresInMinutes: number;
  refresh: RefreshToken | null;
};

export function signedOut<U>(): Session<U> {
  return { auth: null, refresh: null, userState: null, isSignIn: false };
}

/** Authenticated only while the auth expiry is later than now (SPEC section 4, Sign-in). */
export function isAuthenticated<U>(session: Session<U>, now: Date): boolean {
  return session.auth !== null && session.auth.expiresAt.getTime() > now.getTime();
}

/** The expiry of a token that is to become the auth token; throws the catalogue's error. */
function authExpiry(token: string, now: Date): Date {
  let expiresAt: Date;
  try {
    expiresAt = readJwtExpiry(token);
  } catch (error) {
    if (error instanceof JwtError && error.code === 'no-exp') throw new SessionError('noExp');
    throw new SessionError('authUnparseable');
  }
  if (expiresAt.getTime() <= now.getTime()) throw new SessionError('authExpired');
  return expiresAt;
}

function checkRefresh(refresh: RefreshToken | null, now: Date): void {
  if (refresh && refresh.expiresAt.getTime() <= now.getTime()) {
    throw new SessionError('refreshExpired');
  }
}

/** Runs a transition; any session error signs out, as section 8 requires. */
function guarded<U>(build: () => Session<U>): Transition<U> {
  try {
    return { session: build(), error: null };
  } catch (error) {
    if (error instanceof SessionError) return { session: signedOut(), error };
    throw error;
  }
}

/** Signed out to signed in: an auth token with a future expiry is set. */
export function signIn<U>(input: SignInInput<U>, now: Date): Transition<U> {
  return guarded(() => {
    const expiresAt = authExpiry(input.token, now);
    checkRefresh(input.refresh, now);
    return {
      auth: { token: input.token, type: input.type, expiresAt },
      refresh: input.refresh,
      userState: input.userState,
      isSignIn: true,
    };
  });
}

/**
 * A successful token refresh: the new access token replaces the old one and expires at the
 * earlier of its own exp claim and the lifetime the answer gave. A rotated refresh token
 * replaces the old one, which the server no longer accepts.
 */
export function applyRefresh<U>(session: Session<U>, input: RefreshInput, now: Date): Transition<U> {
  return guarded(() => {
    const claimed = authExpiry(input.token, now);
    const answered = now.getTime() + input.expiresInMinutes * 60_000;
    if (answered <= now.getTime()) throw new SessionError('authExpired');
    const expiresAt = new Date(Math.min(claimed.getTime(), answered));
    checkRefresh(input.refresh, now);
    return {
      ...session,
      auth: { token: input.token, type: session.auth?.type ?? 'Bearer', expiresAt },
      refresh: input.refresh ?? session.refresh,
      isSignIn: true,
    };
  });
}

/** The user record changed (e.g. the name was edited); only a signed-in session keeps one. */
export function replaceUserState<U>(session: Session<U>, userState: U): Session<U> {
  return session.isSignIn ? { ...session, userState } : session;
}

/** The raw entries as found in storage, each null when absent. */
export type StoredEntries = {
  token: string | null;
  type: string | null;
  state: string | null;
  refresh: string | null;
};

/** Reads the '_refresh' entry; null when it is not a refresh token with a valid expiry. */
function readStoredRefresh(entry: string): RefreshToken | null {
  try {
    const parsed: unknown = JSON.parse(entry);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { token, expiresAt } = parsed as { token?: unknown; expiresAt?: unknown };
    if (typeof token !== 'string' || token === '' || typeof expiresAt !== 'string') return null;
    const date = new Date(expiresAt);
    return Number.isNaN(date.getTime()) ? null : { token, expiresAt: date };
  } catch {
    return null;
  }
}

/** The '_refresh' entry's text for a refresh token. */
export function writeStoredRefresh(refresh: RefreshToken): string {
  return JSON.stringify({ token: refresh.token, expiresAt: refresh.expiresAt.toISOString() });
}

/**
 * The session at start-up. It is restored only if the token, its type and the state entry are
 * all present and valid (the state parses as JSON and passes `readUserState`, the token is an
 * unexpired JWT). An expired or unreadable refresh token signs out, so saving the result clears
 * every stored token.
 */
export function restoreSession<U>(entries: StoredEntries, readUserState: (json: unknown) => U, now: Date): Session<U> {
  const { token, type, state, refresh } = entries;
  if (!token || !type || !state) return signedOut();
  let userState: U;
  try {
    userState = readUserState(JSON.parse(state));
  } catch {
    return signedOut();
  }
  let storedRefresh: RefreshToken | null = null;
  if (refresh !== null) {
    storedRefresh = readStoredRefresh(refresh);
    if (storedRefresh === null || storedRefresh.expiresAt.getTime() <= now.getTime()) {
      return signedOut();
    }
  }
  return signIn({ token, type, refresh: storedRefresh, userState }, now).session;
}
