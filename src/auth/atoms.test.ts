import { beforeEach, describe, expect, it } from 'vitest';
import { store } from '../store';
import { resetApp, signInAs, testUser } from '../testing/app';
import { applyRefreshAtom, currentUserAtom, replaceUserAtom, restoreSessionAtom, sessionAtom, signInAtom } from './atoms';
import { SESSION_MESSAGES } from './session';
import { jwtExpiringIn, makeJwt } from './testing';

const NAME = '_airport_planner_auth';

function storeEntries(token: string, refreshExpiresAt: Date) {
  localStorage.setItem(NAME, token);
  localStorage.setItem(`${NAME}_type`, 'Bearer');
  localStorage.setItem(`${NAME}_state`, JSON.stringify(testUser));
  localStorage.setItem(`${NAME}_refresh`, JSON.stringify({ token: 'r', expiresAt: refreshExpiresAt.toISOString() }));
}

const tomorrow = () => new Date(Date.now() + 86_400_000);

beforeEach(() => resetApp());

describe('start-up', () => {
  it('restores a complete, valid stored session', () => {
    const token = jwtExpiringIn(3);
    storeEntries(token, tomorrow());
    store.set(restoreSessionAtom);
    expect(store.get(sessionAtom).auth?.token).toBe(token);
    expect(store.get(currentUserAtom)).toEqual(testUser);
  });

  it('clears all stored tokens when the refresh token has expired', () => {
    storeEntries(jwtExpiringIn(3), new Date(Date.now() - 1000));
    store.set(restoreSessionAtom);
    expect(store.get(sessionAtom).isSignIn).toBe(false);
    expect(localStorage.length).toBe(0);
  });

  it('clears the stored session when its token has expired', () => {
    storeEntries(jwtExpiringIn(-1), tomorrow());
    store.set(restoreSessionAtom);
    expect(store.get(sessionAtom).isSignIn).toBe(false);
    expect(localStorage.length).toBe(0);
  });

  it('discards a state entry that is not a user', () => {
    storeEntries(jwtExpiringIn(3), tomorrow());
    localStorage.setItem(`${NAME}_state`, '{"id":"one"}');
    store.set(restoreSessionAtom);
    expect(store.get(sessionAtom).isSignIn).toBe(false);
  });
});

describe('actions', () => {
  it('signInAtom raises the session error, signs out and leaves storage empty', () => {
    signInAs();
    expect(() => store.set(signInAtom, { token: makeJwt({}), type: 'Bearer', refresh: null, userState: testUser })).toThrowError(SESSION_MESSAGES.noExp);
    expect(store.get(sessionAtom).isSignIn).toBe(false);
    expect(localStorage.length).toBe(0);
  });

  it('applyRefreshAtom with an expired token signs out', () => {
    signInAs();
    expect(() => store.set(applyRefreshAtom, { token: jwtExpiringIn(-1), expiresInMinutes: 4, refresh: null })).toThrowError(SESSION_MESSAGES.authExpired);
    expect(store.get(sessionAtom).isSignIn).toBe(false);
    expect(localStorage.length).toBe(0);
  });

  it('replaceUserAtom updates the stored state entry', () => {
    signInAs();
    store.set(replaceUserAtom, { ...testUser, first_name: 'Sam' });
    expect(JSON.parse(localStorage.getItem(`${NAME}_state`)!).first_name).toBe('Sam');
  });
});
