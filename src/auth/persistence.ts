// Mirrors the session into the chosen storage (a cookie per entry, or local storage) under
// names derived from the configurable auth name, and reads those entries back at start-up.
import { type Session, type StoredEntries, writeStoredRefresh } from './session';

export type SessionConfig = {
  /** Every stored entry's name derives from this: the token, '_type', '_state', '_refresh'. */
  authName: string;
  authType: 'cookie' | 'localstorage';
  cookieDomain?: string;
  cookieSecure?: boolean;
  /** Minutes between token refreshes. */
  refreshIntervalMinutes: number;
};

type ConfigErrorCode = 'cookie-needs-domain-and-secure' | 'negative-refresh-interval';

const CONFIG_MESSAGES: Record<ConfigErrorCode, string> = {
  'cookie-needs-domain-and-secure': "authType 'cookie' requires 'cookieDomain' and 'cookieSecure' to be present in the param",
  'negative-refresh-interval': 'The refresh interval must not be negative',
};

class SessionConfigError extends Error {
  constructor(readonly code: ConfigErrorCode) {
    super(CONFIG_MESSAGES[code]);
    this.name = 'SessionConfigError';
  }
}

export function validateSessionConfig(config: SessionConfig): void {
  if (config.authType === 'cookie' && (!config.cookieDomain || typeof config.cookieSecure !== 'boolean')) {
    throw new SessionConfigError('cookie-needs-domain-and-secure');
  }
  if (!(config.refreshIntervalMinutes >= 0)) {
    throw new SessionConfigError('negative-refresh-interval');
  }
}

export type EntryName = keyof StoredEntries;

export function storageNames(authName: string): Record<EntryName, string> {
  return {
    token: authName,
    type: `${authName}_type`,
    state: `${authName}_state`,
    refresh: `${authName}_refresh`,
  };
}

/** One place that keeps named string entries; cookies also need to know when each expires. */
export type EntryStore = {
  read(name: string): string | null;
  write(name: string, value: string, expiresAt: Date): void;
  remove(name: string): void;
};

export function localStorageEntries(storage: Storage): EntryStore {
  return {
    read: (name) => storage.getItem(name),
    write: (name, value) => storage.setItem(name, value),
    remove: (name) => storage.removeItem(name),
  };
}

/** Cookies for the configured domain, secure when configured, expiring with their token. */
export function cookieEntries(doc: { cookie: string }, domain: string, secure: boolean): EntryStore {
  const attributes = (expires: Date) => `; expires=${expires.toUTCString()}; path=/; domain=${domain}; samesite=strict${secure ? '; secure' : ''}`;
  return {
    read(name) {
      const prefix = `${encodeURIComponent(name)}=`;
      const found = doc.cookie.split('; ').find((pair) => pair.startsWith(prefix));
      return found === undefined ? null : decodeURIComponent(found.slice(prefix.length));
    },
    write(name, value, expiresAt) {
      doc.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}${attributes(expiresAt)}`;
    },
    remove(name) {
      doc.cookie = `${encodeURIComponent(name)}=${attributes(new Date(0))}`;
    },
  };
}

/** The storage backend the configuration asks for, after validating the configuration. */
export function entriesFor(config: SessionConfig, env: { localStorage: Storage; document: { cookie: string } }): EntryStore {
  validateSessionConfig(config);
  return config.authType === 'cookie'
    ? cookieEntries(env.document, config.cookieDomain as string, config.cookieSecure as boolean)
    : localStorageEntries(env.localStorage);
}

export function loadEntries(store: EntryStore, authName: string): StoredEntries {
  const names = storageNames(authName);
  return {
    token: store.read(names.token),
    type: store.read(names.type),
    state: store.read(names.state),
    refresh: store.read(names.refresh),
  };
}

/** Makes storage hold exactly this session: a signed-out session leaves no entry behind. */
export function saveSession<U>(store: EntryStore, authName: string, session: Session<U>): void {
  const names = storageNames(authName);
  const { auth, refresh } = session;
  if (auth === null) {
    for (const name of Object.values(names)) store.remove(name);
    return;
  }
  store.write(names.token, auth.token, auth.expiresAt);
  store.write(names.type, auth.type, auth.expiresAt);
  store.write(names.state, JSON.stringify(session.userState), auth.expiresAt);
  if (refresh === null) store.remove(names.refresh);
  else store.write(names.refresh, writeStoredRefresh(refresh), refresh.expiresAt);
}
