import { describe, expect, it } from 'vitest';
import {
  SESSION_MESSAGES,
  applyRefresh,
  isAuthenticated,
  replaceUserState,
  restoreSession,
  signIn,
  signedOut,
  writeStoredRefresh,
  type Session,
  type StoredEntries,
} from './session';
import { jwtExpiringIn, makeJwt } from './testing';

type User = { email: string };

const now = new Date('2030-01-01T12:00:00Z');
const inMinutes = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
const user: User = { email: 'planner@example.com' };
const refresh = { token: 'opaque-refresh', expiresAt: inMinutes(24 * 60) };

function signedIn(): Session<User> {
  const { session, error } = signIn({ token: jwtExpiringIn(5, now), type: 'Bearer', refresh, userState: user }, now);
  expect(error).toBeNull();
  return session;
}

const signedOutSession = { auth: null, refresh: null, userState: null, isSignIn: false };

describe('messages', () => {
  it('are the catalogue words, letter for letter', () => {
    expect(SESSION_MESSAGES).toEqual({
      authExpired: 'Given Auth Token is already expired.',
      authUnparseable: 'Error pursing the Auth Token. Make sure you provided a valid JWT.',
      refreshExpired: 'Given Refresh Token is already expired.',
      noExp: 'JWT has no exp param',
    });
  });
});

describe('signIn (signed out to signed in)', () => {
  it('sets auth with the expiry of the token, the refresh token and the user state', () => {
    const session = signedIn();
    expect(session.isSignIn).toBe(true);
    expect(session.auth?.type).toBe('Bearer');
    expect(session.auth?.expiresAt.getTime()).toBe(Math.floor(inMinutes(5).getTime() / 1000) * 1000);
    expect(session.refresh).toEqual(refresh);
    expect(session.userState).toEqual(user);
  });

  it('works without a refresh token', () => {
    const { session } = signIn({ token: jwtExpiringIn(5, now), type: 'Bearer', refresh: null, userState: user }, now);
    expect(session.isSignIn).toBe(true);
    expect(session.refresh).toBeNull();
  });

  it.each([
    ['already expired', jwtExpiringIn(-1, now), SESSION_MESSAGES.authExpired],
    ['expiring this very second', makeJwt({ exp: now.getTime() / 1000 }), SESSION_MESSAGES.authExpired],
    ['unparseable', 'garbage', SESSION_MESSAGES.authUnparseable],
    ['without exp', makeJwt({ sub: '1' }), SESSION_MESSAGES.noExp],
  ])('given a token %s: reports the error and stays signed out', (_, token, message) => {
    const { session, error } = signIn({ token, type: 'Bearer', refresh, userState: user }, now);
    expect(error?.message).toBe(message);
    expect(session).toEqual(signedOutSession);
  });

  it('given an already-expired refresh token: reports it and clears everything', () => {
    const { session, error } = signIn(
      {
        token: jwtExpiringIn(5, now),
        type: 'Bearer',
        refresh: { token: 'old', expiresAt: inMinutes(-1) },
        userState: user,
      },
      now,
    );
    expect(error?.message).toBe('Given Refresh Token is already expired.');
    expect(error?.code).toBe('refreshExpired');
    expect(session).toEqual(signedOutSession);
  });
});

describe('signedOut (signed in to signed out)', () => {
  it('has no auth, no user state and no refresh token', () => {
    expect(signedOut()).toEqual(signedOutSession);
  });
});

describe('isAuthenticated', () => {
  it('holds only while the auth expiry is later than now', () => {
    const session = signedIn();
    const expiry = session.auth!.expiresAt;
    expect(isAuthenticated(session, now)).toBe(true);
    expect(isAuthenticated(session, new Date(expiry.getTime() - 1))).toBe(true);
    expect(isAuthenticated(session, expiry)).toBe(false);
    expect(isAuthenticated(session, new Date(expiry.getTime() + 1))).toBe(false);
  });

  it('is false when signed out', () => {
    expect(isAuthenticated(signedOut(), now)).toBe(false);
  });
});

describe('applyRefresh (token refresh)', () => {
  it('stores the new token, keeps the user state and rotates the refresh token', () => {
    const rotated = { token: 'rotated', expiresAt: inMinutes(24 * 60) };
    const token = jwtExpiringIn(5, now);
    const { session, error } = applyRefresh(signedIn(), { token, expiresInMinutes: 5, refresh: rotated }, now);
    expect(error).toBeNull();
    expect(session.auth?.token).toBe(token);
    expect(session.auth?.type).toBe('Bearer');
    expect(session.refresh).toEqual(rotated);
    expect(session.userState).toEqual(user);
    expect(session.isSignIn).toBe(true);
  });

  it('keeps the current refresh token when the answer has none', () => {
    const { session } = applyRefresh(signedIn(), { token: jwtExpiringIn(5, now), expiresInMinutes: 5, refresh: null }, now);
    expect(session.refresh).toEqual(refresh);
  });

  it('expires at the lifetime the answer gave when it is shorter than the exp claim', () => {
    const { session } = applyRefresh(signedIn(), { token: jwtExpiringIn(10, now), expiresInMinutes: 4, refresh: null }, now);
    expect(session.auth?.expiresAt).toEqual(inMinutes(4));
  });

  it('expires at the exp claim when it is earlier than the lifetime the answer gave', () => {
    const token = makeJwt({ exp: inMinutes(2).getTime() / 1000 });
    const { session } = applyRefresh(signedIn(), { token, expiresInMinutes: 4, refresh: null }, now);
    expect(session.auth?.expiresAt).toEqual(inMinutes(2));
  });

  it.each([
    ['an expired token', jwtExpiringIn(-1, now), 4, SESSION_MESSAGES.authExpired],
    ['no lifetime left', jwtExpiringIn(5, now), 0, SESSION_MESSAGES.authExpired],
    ['an unparseable token', 'x.y', 4, SESSION_MESSAGES.authUnparseable],
    ['a token without exp', makeJwt({}), 4, SESSION_MESSAGES.noExp],
  ])('given %s: reports the error and signs out', (_, token, minutes, message) => {
    const { session, error } = applyRefresh(signedIn(), { token, expiresInMinutes: minutes, refresh: null }, now);
    expect(error?.message).toBe(message);
    expect(session).toEqual(signedOutSession);
  });

  it('given an expired rotated refresh token: reports it and signs out', () => {
    const { session, error } = applyRefresh(
      signedIn(),
      {
        token: jwtExpiringIn(5, now),
        expiresInMinutes: 5,
        refresh: { token: 'r', expiresAt: inMinutes(-5) },
      },
      now,
    );
    expect(error?.message).toBe(SESSION_MESSAGES.refreshExpired);
    expect(session).toEqual(signedOutSession);
  });
});

describe('replaceUserState', () => {
  it('replaces the user of a signed-in session', () => {
    expect(replaceUserState(signedIn(), { email: 'new@example.com' }).userState).toEqual({
      email: 'new@example.com',
    });
  });

  it('leaves a signed-out session signed out', () => {
    expect(replaceUserState(signedOut<User>(), user)).toEqual(signedOutSession);
  });
});

describe('restoreSession (start-up)', () => {
  const readUser = (json: unknown): User => {
    if (typeof json === 'object' && json !== null && typeof (json as User).email === 'string') {
      return json as User;
    }
    throw new Error('not a user');
  };
  const stored = (overrides: Partial<StoredEntries> = {}): StoredEntries => ({
    token: jwtExpiringIn(3, now),
    type: 'Bearer',
    state: JSON.stringify(user),
    refresh: writeStoredRefresh(refresh),
    ...overrides,
  });

  it('restores a session whose token, type and state are present and valid', () => {
    const entries = stored();
    const session = restoreSession(entries, readUser, now);
    expect(session.isSignIn).toBe(true);
    expect(session.auth?.token).toBe(entries.token);
    expect(session.userState).toEqual(user);
    expect(session.refresh).toEqual(refresh);
  });

  it('restores a session stored without a refresh token', () => {
    const session = restoreSession(stored({ refresh: null }), readUser, now);
    expect(session.isSignIn).toBe(true);
    expect(session.refresh).toBeNull();
  });

  it.each(['token', 'type', 'state'] as const)('does not restore without the %s entry', (name) => {
    expect(restoreSession(stored({ [name]: null }), readUser, now)).toEqual(signedOutSession);
  });

  it.each([
    ['a state entry that is not JSON', { state: '{not json' }],
    ['a state entry that is not a user', { state: '{"id": 1}' }],
    ['a stored token found expired', { token: jwtExpiringIn(-1, now) }],
    ['an unparseable stored token', { token: 'nonsense' }],
    ['a stored token without exp', { token: makeJwt({ sub: '1' }) }],
    ['an expired refresh token', { refresh: writeStoredRefresh({ token: 'r', expiresAt: inMinutes(-1) }) }],
    ['an unreadable refresh entry', { refresh: 'r' }],
    ['a refresh entry without a date', { refresh: '{"token":"r","expiresAt":"someday"}' }],
    ['a refresh entry without a token', { refresh: `{"expiresAt":"${inMinutes(5).toISOString()}"}` }],
  ])('signs out given %s', (_, overrides) => {
    expect(restoreSession(stored(overrides), readUser, now)).toEqual(signedOutSession);
  });
});
