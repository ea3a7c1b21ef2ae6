// Test helper: renders the whole app at a path with the app's own store, starting signed out
// with empty storage, and signs a user in without going through the sign-in screen.
import { cleanup, render } from '@testing-library/react';
import { vi } from 'vitest';
import { Provider } from 'jotai';
import { App } from '../App';
import { signInAtom, signOutAtom } from '../auth/atoms';
import { jwtExpiringIn } from '../auth/testing';
import type { User } from '../auth/user';
import { selectScenarioAtom } from '../features/projects/scenarioSelection';
import { store } from '../store';
import type { FakeApi } from './fakeApi';

export const testUser: User = {
  id: 1,
  email: 'planner@example.com',
  first_name: 'Pat',
  last_name: 'Planner',
  is_staff: false,
  is_active: true,
  otp_enabled: false,
  version: 1,
};

/** Forgets everything a previous test left: session, scenario, storage, cookies, location. */
export function resetApp(path = '/'): void {
  store.set(signOutAtom);
  store.set(selectScenarioAtom, null);
  localStorage.clear();
  document.cookie = 'csrftoken=test-csrf; path=/';
  window.history.replaceState(null, '', path);
}

export function signInAs(user: User = testUser): void {
  store.set(signInAtom, {
    token: jwtExpiringIn(5),
    type: 'Bearer',
    refresh: { token: 'refresh-1', expiresAt: new Date(Date.now() + 86_400_000) },
    userState: user,
  });
}

export function renderApp() {
  return render(
    <Provider store={store}>
      <App />
    </Provider>,
  );
}

export const currentPath = () => window.location.pathname;

/** Puts the fake API behind fetch for one test (errors the client logs must be expected: consoleErrors.ts). */
export function installFakeApi(api: FakeApi): FakeApi {
  api.install();
  return api;
}

/** Undoes a screen test: unmounts, and restores fetch and every spy. */
export function cleanupApp(): void {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
}
