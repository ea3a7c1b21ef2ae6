import { beforeEach, describe, expect, it } from 'vitest';
import {
  cookieEntries,
  entriesFor,
  loadEntries,
  localStorageEntries,
  saveSession,
  storageNames,
  validateSessionConfig,
  type SessionConfig,
} from './persistence';
import { restoreSession, signIn, signedOut, type Session } from './session';
import { jwtExpiringIn } from './testing';

type User = { email: string };
const readUser = (json: unknown) => json as User;
const now = new Date();
const inMinutes = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

const base: SessionConfig = { authName: 'ap', authType: 'localstorage', refreshIntervalMinutes: 4 };

function signedIn(refreshMinutes = 24 * 60): Session<User> {
  return signIn<User>(
    {
      token: jwtExpiringIn(5, now),
      type: 'Bearer',
      refresh: { token: 'opaque', expiresAt: inMinutes(refreshMinutes) },
      userState: { email: 'a@example.com' },
    },
    now,
  ).session;
}

/** A cookie jar that honours expiry, the way a browser does for one host. */
function cookieJar() {
  const jar = new Map<string, string>();
  const writes: string[] = [];
  return {
    writes,
    get cookie() {
      return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    },
    set cookie(text: string) {
      writes.push(text);
      const [pair, ...attributes] = text.split('; ');
      const [name, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
      const expires = attributes.find((a) => a.startsWith('expires='));
      if (expires && new Date(expires.slice(8)).getTime() <= Date.now()) jar.delete(name);
      else jar.set(name, value);
    },
  };
}

describe('validateSessionConfig', () => {
  it('accepts local storage without cookie settings', () => {
    expect(() => validateSessionConfig(base)).not.toThrow();
  });

  it.each([
    ['no domain', { cookieSecure: true }],
    ['no secure flag', { cookieDomain: 'example.com' }],
    ['neither', {}],
  ])('refuses cookie storage with %s', (_, cookie) => {
    expect(() => validateSessionConfig({ ...base, authType: 'cookie', ...cookie })).toThrowError(
      "authType 'cookie' requires 'cookieDomain' and 'cookieSecure' to be present in the param",
    );
  });

  it('accepts cookie storage with a domain and a secure flag, even false', () => {
    expect(() => validateSessionConfig({ ...base, authType: 'cookie', cookieDomain: 'localhost', cookieSecure: false })).not.toThrow();
  });

  it('refuses a negative refresh interval and accepts zero', () => {
    expect(() => validateSessionConfig({ ...base, refreshIntervalMinutes: -1 })).toThrowError(expect.objectContaining({ code: 'negative-refresh-interval' }));
    expect(() => validateSessionConfig({ ...base, refreshIntervalMinutes: Number.NaN })).toThrow();
    expect(() => validateSessionConfig({ ...base, refreshIntervalMinutes: 0 })).not.toThrow();
  });
});

describe('storageNames', () => {
  it('derives every entry from the auth name', () => {
    expect(storageNames('_auth')).toEqual({
      token: '_auth',
      type: '_auth_type',
      state: '_auth_state',
      refresh: '_auth_refresh',
    });
  });
});

describe('local storage', () => {
  beforeEach(() => localStorage.clear());
  const store = () => localStorageEntries(localStorage);

  it('mirrors a signed-in session into the four entries', () => {
    const session = signedIn();
    saveSession(store(), 'ap', session);
    expect(localStorage.getItem('ap')).toBe(session.auth?.token);
    expect(localStorage.getItem('ap_type')).toBe('Bearer');
    expect(JSON.parse(localStorage.getItem('ap_state')!)).toEqual({ email: 'a@example.com' });
    expect(JSON.parse(localStorage.getItem('ap_refresh')!)).toEqual({
      token: 'opaque',
      expiresAt: session.refresh?.expiresAt.toISOString(),
    });
  });

  it('restores what it saved', () => {
    const session = signedIn();
    saveSession(store(), 'ap', session);
    expect(restoreSession(loadEntries(store(), 'ap'), readUser, now)).toEqual(session);
  });

  it('removes every entry on sign-out', () => {
    saveSession(store(), 'ap', signedIn());
    saveSession(store(), 'ap', signedOut());
    expect(localStorage.length).toBe(0);
  });

  it('removes the refresh entry when the session has no refresh token', () => {
    saveSession(store(), 'ap', signedIn());
    saveSession(store(), 'ap', { ...signedIn(), refresh: null });
    expect(localStorage.getItem('ap_refresh')).toBeNull();
    expect(localStorage.getItem('ap')).not.toBeNull();
  });

  it('clears all stored tokens when the refresh token is found expired at start-up', () => {
    saveSession(store(), 'ap', signedIn());
    localStorage.setItem('ap_refresh', JSON.stringify({ token: 'opaque', expiresAt: inMinutes(-1) }));
    const session = restoreSession(loadEntries(store(), 'ap'), readUser, now);
    saveSession(store(), 'ap', session);
    expect(session.isSignIn).toBe(false);
    expect(localStorage.length).toBe(0);
  });

  it('leaves entries under other auth names alone', () => {
    localStorage.setItem('other', 'x');
    saveSession(store(), 'ap', signedIn());
    saveSession(store(), 'ap', signedOut());
    expect(localStorage.getItem('other')).toBe('x');
  });
});

describe('cookie storage', () => {
  it('writes each entry for the configured domain, secure, expiring with its token', () => {
    const jar = cookieJar();
    const session = signedIn();
    saveSession(cookieEntries(jar, 'planner.example.com', true), 'ap', session);
    const tokenCookie = jar.writes.find((w) => w.startsWith('ap='))!;
    expect(tokenCookie).toContain('; domain=planner.example.com');
    expect(tokenCookie).toContain('; secure');
    expect(tokenCookie).toContain(`; expires=${session.auth?.expiresAt.toUTCString()}`);
    const refreshCookie = jar.writes.find((w) => w.startsWith('ap_refresh='))!;
    expect(refreshCookie).toContain(`; expires=${session.refresh?.expiresAt.toUTCString()}`);
  });

  it('is not secure when the flag is false', () => {
    const jar = cookieJar();
    saveSession(cookieEntries(jar, 'localhost', false), 'ap', signedIn());
    expect(jar.writes.every((w) => !w.includes('secure'))).toBe(true);
  });

  it('restores what it saved and clears it on sign-out', () => {
    const jar = cookieJar();
    const store = cookieEntries(jar, 'localhost', false);
    const session = signedIn();
    saveSession(store, 'ap', session);
    expect(restoreSession(loadEntries(store, 'ap'), readUser, now)).toEqual(session);
    saveSession(store, 'ap', signedOut());
    expect(jar.cookie).toBe('');
  });
});

describe('entriesFor', () => {
  it('uses local storage when asked', () => {
    localStorage.clear();
    const store = entriesFor(base, { localStorage, document: cookieJar() });
    store.write('x', '1', inMinutes(1));
    expect(localStorage.getItem('x')).toBe('1');
  });

  it('uses cookies when asked', () => {
    const jar = cookieJar();
    const config: SessionConfig = { ...base, authType: 'cookie', cookieDomain: 'localhost', cookieSecure: false };
    entriesFor(config, { localStorage, document: jar }).write('x', '1', inMinutes(1));
    expect(jar.cookie).toBe('x=1');
  });

  it('refuses an invalid configuration', () => {
    expect(() => entriesFor({ ...base, authType: 'cookie' }, { localStorage, document: cookieJar() })).toThrow();
  });
});
