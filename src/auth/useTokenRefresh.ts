// Keeps a signed-in session alive: refreshes the access token on the configured interval (or
// just before it expires), storing the rotated pair. Tabs share the stored session: a refresh
// holds a lock across tabs and first takes what another tab stored, and each tab follows the
// others' refreshes through storage events. A failed refresh is logged and reported; a refused
// refresh token answers 401, which the API middleware turns into a sign-out.
import { useEffect } from 'react';
import { api } from '../api/client';
import { unwrap } from '../api/errors';
import { store } from '../store';
import { adoptStoredSessionAtom, applyRefreshAtom, sessionAtom } from './atoms';
import { withRefreshLock } from './refreshLock';
import { SESSION_CONFIG } from './config';
import { nextRefreshDelay, refreshInput } from './tokens';

/** One refresh (or another tab's, when it came first); true when new tokens are stored. */
export function refreshSession(): Promise<boolean> {
  return withRefreshLock(async () => {
    if (store.set(adoptStoredSessionAtom)) return true;
    const { refresh } = store.get(sessionAtom);
    if (refresh === null) return false;
    try {
      const answer = await unwrap(api.POST('/api/auth/token/refresh/', { body: { refresh: refresh.token } }));
      store.set(applyRefreshAtom, refreshInput(answer, new Date()));
      return true;
    } catch (error) {
      console.error('Token refresh failed:', error);
      return false;
    }
  });
}

export function useTokenRefresh(): void {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const schedule = (lastFailed: boolean) => {
      const session = store.get(sessionAtom);
      const delay = nextRefreshDelay(session, SESSION_CONFIG.refreshIntervalMinutes, new Date(), lastFailed);
      if (delay !== null && !stopped) timer = setTimeout(run, delay);
    };
    const run = async () => schedule(!(await refreshSession()));
    // Another tab refreshed: take its tokens and count the interval from now.
    const followOtherTab = () => {
      if (!store.set(adoptStoredSessionAtom)) return;
      clearTimeout(timer);
      schedule(false);
    };
    window.addEventListener('storage', followOtherTab);
    schedule(false);
    return () => {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener('storage', followOtherTab);
    };
  }, []);
}
