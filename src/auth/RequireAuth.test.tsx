import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { store } from '../store';
import { renderApp, resetApp, signInAs } from '../testing/app';
import { restoreSessionAtom, signOutAtom } from './atoms';

const ENDED = 'Your session has ended; sign in again.';
const currentAddress = () => window.location.pathname + window.location.search;

/** The clock moves on past the access token's 5 minutes (the app closed, the computer asleep). */
function sixMinutesLater(): void {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + 6 * 60_000);
}

beforeEach(() => resetApp('/'));

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

async function openApp(path: string): Promise<void> {
  window.history.replaceState(null, '', path);
  renderApp();
  await screen.findByRole('heading', { name: 'Airport Planner Sign In' });
}

describe('the sign-in screen a page of the app sends a visitor to', () => {
  it('says the session ended when the stored session expired while the app was closed', async () => {
    signInAs();
    sixMinutesLater();
    store.set(restoreSessionAtom);
    await openApp('/app/simulation?run=3');
    expect(screen.getByRole('status').textContent).toBe(ENDED);
    expect(currentAddress()).toBe('/auth/signin?ended=1&next=%2Fapp%2Fsimulation%3Frun%3D3');
  });

  it('says the session ended when it expired while the computer slept', async () => {
    signInAs();
    sixMinutesLater();
    await openApp('/app/account');
    expect(screen.getByRole('status').textContent).toBe(ENDED);
  });

  it('says nothing of a session on a first visit, or after signing out', async () => {
    store.set(restoreSessionAtom);
    await openApp('/app/account');
    expect(screen.queryByRole('status')).toBeNull();
    cleanup();
    signInAs();
    sixMinutesLater();
    store.set(restoreSessionAtom);
    store.set(signOutAtom);
    await openApp('/app/account');
    expect(screen.queryByRole('status')).toBeNull();
    expect(currentAddress()).toBe('/auth/signin?next=%2Fapp%2Faccount');
  });
});
