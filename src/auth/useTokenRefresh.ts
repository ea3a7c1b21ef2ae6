// Keeps a signed-in session alive: refreshes the access token on the configured interval (or
// just before it expires), storing the rotated pair. A failed refresh is logged and reported;
// a refused refresh token answers 401, which the API middleware turns into a sign-out.
import { useEffect } from 'react';
import { api } from '../api/client';
import { unwrap } from '../api/errors';
import { store } from '../store';
import { applyRefreshAtom, sessionAtom } from './atoms';
import { SESSION_CONFIG } from './config';
import { nextRefreshDelay, refreshInput } from './tokens';

/** One refresh; true when the new tokens are stored. */
export async function refreshSession(): Promise<boolean> {
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
    schedule(false);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, []);
}
