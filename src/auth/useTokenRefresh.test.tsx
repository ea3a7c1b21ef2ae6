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

describe('refreshSession', () => {
  it("takes the tokens another tab stored instead of presenting its own spent refresh token", async () => {
    signInAs();
    // Another tab refreshed a moment ago and stored its new pair.
    localStorage.setItem('_airport_planner_auth', refreshed);
    localStorage.setItem('_airport_planner_auth_refresh', writeStoredRefresh({ token: 'refresh-from-other-tab', expiresAt: new Date(Date.now() + 86_400_000) }));
    expect(await refreshSession()).toBe(true);
    expect(server.sent('POST /api/auth/token/refresh/')).toEqual([]);
    expect(store.get(sessionAtom).refresh?.token).toBe('refresh-from-other-tab');
    expect(store.get(sessionAtom).auth?.token).toBe(refreshed);
  });

  it('refreshes one tab at a time through the Web Locks API', async () => {
    signInAs();
    const names: string[] = [];
    vi.stubGlobal('navigator', { ...navigator, locks: { request: (name: string, run: () => Promise<unknown>) => (names.push(name), run()) } });
    expect(await refreshSession()).toBe(true);
    expect(names).toEqual(['airport-planner-token-refresh']);
    expect(server.sent('POST /api/auth/token/refresh/')).toHaveLength(1);
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

  it('stops when unmounted', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    signInAs();
    renderHook(() => useTokenRefresh()).unmount();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(server.requests).toHaveLength(0);
  });
});
