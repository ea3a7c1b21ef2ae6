// Keeps a signed-in session alive: refreshes the access token on the configured interval (or
// just before it expires), storing the rotated pair. Tabs share the stored session: a refresh
// holds a lock across tabs, and a tab that had to wait for it takes the tokens the tab before it
// stored instead of refreshing again; each tab also follows the others' refreshes through
// storage events. A failed refresh is logged and reported; a refused refresh token answers 401,
// which the API middleware turns into a sign-out.
import { useEffect } from 'react';
import { api } from '../api/client';
import { unwrap } from '../api/errors';
import { store } from '../store';
import { adoptStoredSessionAtom, applyRefreshAtom, sessionAtom } from './atoms';
import { withRefreshLock } from './refreshLock';
import { SESSION_CONFIG } from './config';
import { nextRefreshDelay, refreshInput } from './tokens';

/**
 * How long a tab that waited for the lock looks for the other tab's tokens: a write to local
 * storage reaches another tab's view of it a moment after that tab released the lock.
 */
const OTHER_TAB_WAIT_MS = 2_000;
const OTHER_TAB_POLL_MS = 50;

/** One refresh, or another tab's when it came first; true when new tokens are stored. */
export function refreshSession(): Promise<boolean> {
  const presented = store.get(sessionAtom).refresh?.token;
  return withRefreshLock(async (waited) => {
    if (await otherTabRefreshed(presented, waited)) return true;
    const { refresh } = store.get(sessionAtom);
    return refresh !== null && postRefresh(refresh.token);
  });
}

/** Whether this tab now holds tokens another tab got by rotating `presented`. */
async function otherTabRefreshed(presented: string | undefined, waited: boolean): Promise<boolean> {
  const followed = () => {
    if (store.set(adoptStoredSessionAtom)) return true;
    const current = store.get(sessionAtom).refresh?.token;
    return current !== undefined && current !== presented;
  };
  if (followed()) return true;
  if (!waited) return false;
  for (const end = Date.now() + OTHER_TAB_WAIT_MS; Date.now() < end;) {
    await new Promise((resolve) => setTimeout(resolve, OTHER_TAB_POLL_MS));
    if (followed()) return true;
  }
  return false;
}

async function postRefresh(token: string): Promise<boolean> {
  try {
    const answer = await unwrap(api.POST('/api/auth/token/refresh/', { body: { refresh: token } }));
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
    // One timer at a time: both a finished refresh and another tab's refresh reschedule.
    const schedule = (lastFailed: boolean) => {
      clearTimeout(timer);
      const session = store.get(sessionAtom);
      const delay = nextRefreshDelay(session, SESSION_CONFIG.refreshIntervalMinutes, new Date(), lastFailed);
      if (delay !== null && !stopped) timer = setTimeout(run, delay);
    };
    const run = async () => schedule(!(await refreshSession()));
    // Another tab refreshed: take its tokens and count the interval from now.
    const followOtherTab = () => {
      if (store.set(adoptStoredSessionAtom)) schedule(false);
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
