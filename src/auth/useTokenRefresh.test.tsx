import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { store } from '../store';
import { resetApp, signInAs, testUser } from '../testing/app';
import { fakeApi, type FakeApi } from '../testing/fakeApi';
import { sessionAtom } from './atoms';
import { jwtExpiringIn } from './testing';
import { writeStoredRefresh } from './session';
import { refreshSession, useTokenRefresh } from './useTokenRefresh';

let server: FakeApi;
const refreshed = jwtExpiringIn(5);

beforeEach(() => {
  resetApp('/app/projects');
  server = fakeApi({
    'POST /api/auth/token/refresh/': {
      body: { access: refreshed, refresh: 'refresh-2', access_expiration: new Date(Date.now() + 300_000).toISOString() },
    },
  });
  server.install();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** What another tab of the browser leaves in the shared storage when its refresh succeeds. */
function storeOtherTabsRefresh(access = refreshed): void {
  localStorage.setItem('_airport_planner_auth', access);
  localStorage.setItem('_airport_planner_auth_refresh', writeStoredRefresh({ token: 'refresh-from-other-tab', expiresAt: new Date(Date.now() + 86_400_000) }));
}

/** Web Locks as a browser grants them: one holder of a name at a time, the others queued. */
function queuedLocks() {
  let held = 0;
  let tail: Promise<unknown> = Promise.resolve();
  return {
    request<T>(_name: string, options: { ifAvailable?: boolean }, run: (lock: unknown) => Promise<T>): Promise<T> {
      if (options.ifAvailable && held) return run(null);
      held += 1;
      const granted = tail.then(() => run({})).finally(() => (held -= 1));
      tail = granted.catch(() => {});
      return granted;
    },
  };
}

/** Another tab takes the refresh lock and holds it until the answer is released. */
function otherTabRefreshing(locks: ReturnType<typeof queuedLocks>): () => void {
  let release = () => {};
  const answered = new Promise<void>((resolve) => (release = resolve));
  void locks.request('airport-planner-token-refresh', {}, () => answered);
  return release;
}

describe('refreshSession', () => {
  it('takes the tokens another tab stored instead of presenting its own spent refresh token', async () => {
    signInAs();
    // Another tab refreshed a moment ago and stored its new pair.
    storeOtherTabsRefresh();
    expect(await refreshSession()).toBe(true);
    expect(server.sent('POST /api/auth/token/refresh/')).toEqual([]);
    expect(store.get(sessionAtom).refresh?.token).toBe('refresh-from-other-tab');
    expect(store.get(sessionAtom).auth?.token).toBe(refreshed);
  });

  it('waits while another tab holds the refresh lock, then takes the tokens it stored, even when they arrive late', async () => {
    signInAs();
    const locks = queuedLocks();
    vi.stubGlobal('navigator', { ...navigator, locks });
    const releaseOtherTab = otherTabRefreshing(locks);
    const mine = refreshSession();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.sent('POST /api/auth/token/refresh/')).toEqual([]);
    releaseOtherTab();
    // The other tab's write reaches this tab's view of the storage a moment after the lock.
    setTimeout(storeOtherTabsRefresh, 200);
    expect(await mine).toBe(true);
    expect(server.sent('POST /api/auth/token/refresh/')).toEqual([]);
    expect(store.get(sessionAtom).refresh?.token).toBe('refresh-from-other-tab');
  });

  it('refreshes itself when the tab that held the lock stored nothing (its refresh failed)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    signInAs();
    const locks = queuedLocks();
    vi.stubGlobal('navigator', { ...navigator, locks });
    const releaseOtherTab = otherTabRefreshing(locks);
    const mine = refreshSession();
    releaseOtherTab();
    await vi.advanceTimersByTimeAsync(1_900);
    expect(server.sent('POST /api/auth/token/refresh/')).toEqual([]);
    await vi.advanceTimersByTimeAsync(200);
    expect(await mine).toBe(true);
    expect(server.sent('POST /api/auth/token/refresh/').map((r) => r.body)).toEqual([{ refresh: 'refresh-1' }]);
  });

  it('sends the refresh token and stores the new access token and the rotated refresh token', async () => {
    signInAs();
    expect(await refreshSession()).toBe(true);
    expect(server.sent('POST /api/auth/token/refresh/')[0].body).toEqual({ refresh: 'refresh-1' });
    const session = store.get(sessionAtom);
    expect(session.auth?.token).toBe(refreshed);
    expect(session.refresh?.token).toBe('refresh-2');
    expect(session.userState).toEqual(testUser);
    expect(localStorage.getItem('_airport_planner_auth')).toBe(refreshed);
    expect(JSON.parse(localStorage.getItem('_airport_planner_auth_refresh')!).token).toBe('refresh-2');
  });

  it('logs a failure and reports it, keeping the session', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    signInAs();
    server.on('POST /api/auth/token/refresh/', { status: 500, body: { detail: 'Internal Server Error' } });
    expect(await refreshSession()).toBe(false);
    expect(log).toHaveBeenCalledWith('Token refresh failed:', expect.anything());
    expect(store.get(sessionAtom).refresh?.token).toBe('refresh-1');
  });

  it('reports failure when there is no refresh token', async () => {
    expect(await refreshSession()).toBe(false);
    expect(server.requests).toHaveLength(0);
  });
});

describe('useTokenRefresh', () => {
  /** A signed-in session on a fake clock, and refresh answers that stay valid however far it runs. */
  const signInOnFakeClock = () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    signInAs();
    server.on('POST /api/auth/token/refresh/', () => ({ body: { access: jwtExpiringIn(5), refresh: 'refresh-3' } }));
  };

  it('refreshes after the 4-minute interval, not before', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    signInAs();
    const { unmount } = renderHook(() => useTokenRefresh());
    await vi.advanceTimersByTimeAsync(4 * 60_000 - 1);
    expect(server.sent('POST /api/auth/token/refresh/')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.sent('POST /api/auth/token/refresh/')).toHaveLength(1);
    expect(store.get(sessionAtom).refresh?.token).toBe('refresh-2');
    unmount();
  });

  it("follows another tab's refresh and counts the interval from it", async () => {
    signInOnFakeClock();
    const { unmount } = renderHook(() => useTokenRefresh());
    await vi.advanceTimersByTimeAsync(3 * 60_000);
    storeOtherTabsRefresh(jwtExpiringIn(5));
    window.dispatchEvent(new StorageEvent('storage', { key: '_airport_planner_auth' }));
    expect(store.get(sessionAtom).refresh?.token).toBe('refresh-from-other-tab');
    await vi.advanceTimersByTimeAsync(4 * 60_000 - 1);
    expect(server.sent('POST /api/auth/token/refresh/')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.sent('POST /api/auth/token/refresh/').map((r) => r.body)).toEqual([{ refresh: 'refresh-from-other-tab' }]);
    expect(store.get(sessionAtom).refresh?.token).toBe('refresh-3');
    unmount();
  });

  it('keeps one timer when another tab refreshes while this one waits for the lock', async () => {
    signInOnFakeClock();
    const locks = queuedLocks();
    vi.stubGlobal('navigator', { ...navigator, locks });
    const { unmount } = renderHook(() => useTokenRefresh());
    const releaseOtherTab = otherTabRefreshing(locks);
    await vi.advanceTimersByTimeAsync(4 * 60_000);
    storeOtherTabsRefresh(jwtExpiringIn(5));
    window.dispatchEvent(new StorageEvent('storage', { key: '_airport_planner_auth_refresh' }));
    releaseOtherTab();
    await vi.advanceTimersByTimeAsync(4 * 60_000);
    expect(server.sent('POST /api/auth/token/refresh/').map((r) => r.body)).toEqual([{ refresh: 'refresh-from-other-tab' }]);
    unmount();
  });

  it('stops when unmounted', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    signInAs();
    renderHook(() => useTokenRefresh()).unmount();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(server.requests).toHaveLength(0);
  });
});
