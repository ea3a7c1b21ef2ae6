import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectConsoleError } from '../testing/consoleErrors';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentPath, renderApp, resetApp, signInAs, testUser } from '../testing/app';
import { fakeApi, type FakeApi } from '../testing/fakeApi';
import { store } from '../store';
import { sessionAtom } from './atoms';
import { jwtExpiringIn, makeJwt } from './testing';

// The screens these tests come back to are loaded on first use (React.lazy): loaded once before the
// tests, as a browser has them after the first visit, so that a test waits for what the screen
// does, not for its code to be compiled (one such wait took over Testing Library's second while a
// .ci/run loaded the machine).
beforeAll(() => Promise.all([import('../features/projects/ProjectConfigScreen'), import('../features/account/AccountScreen')]));

const pendingAccess = jwtExpiringIn(5);
const fullAccess = jwtExpiringIn(5);

function loginAnswer(access: string, refresh: string, user = testUser) {
  return { access, refresh, user, access_expiration: new Date(Date.now() + 300_000).toISOString() };
}

let api: FakeApi;

beforeEach(() => {
  resetApp('/auth/signin');
  api = fakeApi({
    'POST /api/auth/login/': { body: loginAnswer(fullAccess, 'refresh-full') },
    'GET /api/auth/mfa/otp/status/': { body: { otp_enabled: false } },
    'GET /api/projects/': { body: [] },
  });
  api.install();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function submitCredentials(email = 'planner@example.com', password = 'correct horse') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  return user;
}

function enableTwoFactor() {
  api.on('POST /api/auth/login/', { body: loginAnswer(pendingAccess, 'refresh-pending', { ...testUser, otp_enabled: true }) });
  api.on('GET /api/auth/mfa/otp/status/', { body: { otp_enabled: true } });
  api.on('POST /api/auth/mfa/otp/verify/', ({ body }) =>
    (body as { token: string }).token === '123456'
      ? { body: loginAnswer(fullAccess, 'refresh-full', { ...testUser, otp_enabled: true }) }
      : { status: 400, body: { detail: 'Invalid 2FA code' } },
  );
}

describe('sign-in screen', () => {
  it('shows the logo, the title, both fields and the button', () => {
    renderApp();
    expect(screen.getByRole('img', { name: 'Airport Planner logo' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Airport Planner Sign In' })).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('type')).toBe('email');
    expect(screen.getByLabelText('Password').getAttribute('type')).toBe('password');
  });

  it('shows and hides the password', async () => {
    renderApp();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(screen.getByLabelText('Password').getAttribute('type')).toBe('text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(screen.getByLabelText('Password').getAttribute('type')).toBe('password');
  });

  it('signs in without 2FA and goes to /app/projects', async () => {
    renderApp();
    await submitCredentials();
    expect(await screen.findByRole('heading', { name: 'Projects' })).toBeTruthy();
    expect(currentPath()).toBe('/app/projects');
    const [login] = api.sent('POST /api/auth/login/');
    expect(login.body).toEqual({ email: 'planner@example.com', password: 'correct horse' });
    expect(login.headers.get('X-CSRFToken')).toBe('test-csrf');
    expect(api.sent('GET /api/auth/mfa/otp/status/')[0].headers.get('Authorization')).toBe(`Bearer ${fullAccess}`);
    expect(store.get(sessionAtom).auth?.token).toBe(fullAccess);
    expect(localStorage.getItem('_airport_planner_auth')).toBe(fullAccess);
  });

  it("says 'Couldn't sign in with those credentials' under the password when login fails", async () => {
    expectConsoleError(/auth\/login\/ answered 400/);
    api.on('POST /api/auth/login/', { status: 400, body: { detail: 'Unable to log in with provided credentials.' } });
    renderApp();
    await submitCredentials('planner@example.com', 'wrong');
    const message = await screen.findByText("Couldn't sign in with those credentials");
    expect(screen.getByLabelText('Password').getAttribute('aria-describedby')).toBe(message.id);
    expect(currentPath()).toBe('/auth/signin');
    expect(store.get(sessionAtom).isSignIn).toBe(false);
    expect(localStorage.length).toBe(0);
  });

  it('gives the server its words when sign-in is rate limited', async () => {
    expectConsoleError(/auth\/login\/ answered 429/);
    api.on('POST /api/auth/login/', { status: 429, body: { detail: 'Too many attempts. Try again in 15 minutes.' } });
    renderApp();
    await submitCredentials();
    expect(await screen.findByText('Too many attempts. Try again in 15 minutes.')).toBeTruthy();
  });

  it('fails the sign-in when the answered token cannot be stored', async () => {
    expectConsoleError(/^Sign-in answer could not be stored/);
    api.on('POST /api/auth/login/', { body: loginAnswer(makeJwt({ sub: '1' }), 'r') });
    renderApp();
    await submitCredentials();
    expect(await screen.findByText("Couldn't sign in with those credentials")).toBeTruthy();
    expect(store.get(sessionAtom).isSignIn).toBe(false);
  });

  it('redirects an authenticated visitor to /, which leads to /app/projects', async () => {
    signInAs();
    renderApp();
    expect(await screen.findByRole('heading', { name: 'Projects' })).toBeTruthy();
    expect(currentPath()).toBe('/app/projects');
  });
});

describe('the 2FA step', () => {
  beforeEach(enableTwoFactor);

  it("asks for the code in the 'Enter 2FA Code' dialog and stores nothing yet", async () => {
    renderApp();
    await submitCredentials();
    const dialog = await screen.findByRole('dialog', { name: 'Enter 2FA Code' });
    const field = within(dialog).getByLabelText('2FA code');
    expect(field.getAttribute('maxLength')).toBe('6');
    expect(field.getAttribute('inputMode')).toBe('numeric');
    expect(within(dialog).getByRole('button', { name: 'Verify' })).toBeTruthy();
    expect(api.sent('GET /api/auth/mfa/otp/status/')[0].headers.get('Authorization')).toBe(`Bearer ${pendingAccess}`);
    expect(store.get(sessionAtom).isSignIn).toBe(false);
    expect(localStorage.length).toBe(0);
  });

  it('verifies a correct code with the pending token, stores the full tokens and goes to /app/projects', async () => {
    renderApp();
    const user = await submitCredentials();
    const dialog = await screen.findByRole('dialog', { name: 'Enter 2FA Code' });
    await user.type(within(dialog).getByLabelText('2FA code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Projects' })).toBeTruthy();
    expect(currentPath()).toBe('/app/projects');
    const [verify] = api.sent('POST /api/auth/mfa/otp/verify/');
    expect(verify.body).toEqual({ token: '123456' });
    expect(verify.headers.get('Authorization')).toBe(`Bearer ${pendingAccess}`);
    expect(store.get(sessionAtom).auth?.token).toBe(fullAccess);
    expect(store.get(sessionAtom).refresh?.token).toBe('refresh-full');
  });

  it("says 'Invalid 2FA code' for a wrong code", async () => {
    expectConsoleError(/otp\/verify\/ answered 400/);
    renderApp();
    const user = await submitCredentials();
    const dialog = await screen.findByRole('dialog', { name: 'Enter 2FA Code' });
    await user.type(within(dialog).getByLabelText('2FA code'), '654321');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByText('Invalid 2FA code')).toBeTruthy();
    expect(currentPath()).toBe('/auth/signin');
    expect(store.get(sessionAtom).isSignIn).toBe(false);
  });

  it.each([
    ['too short', '12345'],
    ['not numeric', '12a456'],
    ['empty', ''],
  ])("says 'Invalid code' and sends nothing for a code %s", async (_, code) => {
    renderApp();
    const user = await submitCredentials();
    const dialog = await screen.findByRole('dialog', { name: 'Enter 2FA Code' });
    if (code) await user.type(within(dialog).getByLabelText('2FA code'), code);
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByText('Invalid code')).toBeTruthy();
    expect(api.sent('POST /api/auth/mfa/otp/verify/')).toHaveLength(0);
  });

  it('does not accept more than six characters', async () => {
    renderApp();
    const user = await submitCredentials();
    const field = within(await screen.findByRole('dialog', { name: 'Enter 2FA Code' })).getByLabelText('2FA code');
    await user.type(field, '12345678');
    expect((field as HTMLInputElement).value).toBe('123456');
  });

  it('revokes the pending sign-in when the dialog is cancelled', async () => {
    api.on('POST /api/auth/logout/', { body: { detail: 'Successfully logged out.' } });
    renderApp();
    const user = await submitCredentials();
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(api.sent('POST /api/auth/logout/')).toHaveLength(1));
    expect(api.sent('POST /api/auth/logout/')[0].body).toEqual({ refresh: 'refresh-pending' });
  });
});

describe('coming back after a session ends', () => {
  const project = { id: 7, name: 'Terminal 2 study', description: '', role: 'owner' };
  const currentAddress = () => window.location.pathname + window.location.search;

  /**
   * The account screen, open and with its user record asked for: the screen asks on opening, and
   * a test ending before that would leave the request to the real fetch, which fails after it.
   */
  async function accountScreenLoaded() {
    await screen.findByRole('heading', { name: 'My account' });
    await waitFor(() => expect(api.sent('GET /api/auth/user/')).toHaveLength(1));
  }

  beforeEach(() => {
    // What the pages a planner comes back to ask for.
    api.on('GET /api/auth/user/', { body: testUser });
    api.on('GET /api/projects/', { body: [] });
  });

  it('says that the session ended and, signed in again, returns to the same page and query', async () => {
    signInAs();
    window.history.replaceState(null, '', '/app/projects/config?project=7');
    // The session was revoked elsewhere: the screen's requests are refused.
    api.on('GET /api/projects/7/', { status: 401, body: { detail: 'Token is invalid or expired' } });
    api.on('GET /api/scenarios/', { status: 401, body: { detail: 'Token is invalid or expired' } });
    renderApp();
    expect((await screen.findByRole('status')).textContent).toBe('Your session has ended; sign in again.');
    expect(currentPath()).toBe('/auth/signin');
    api.on('GET /api/projects/7/', { body: project });
    api.on('GET /api/scenarios/', { body: [] });
    await submitCredentials();
    expect(await screen.findByText('Terminal 2 study')).toBeTruthy();
    expect(currentAddress()).toBe('/app/projects/config?project=7');
  });

  it('brings a visitor who opened a page before signing in to that page, with no word of an ended session', async () => {
    resetApp('/app/account');
    renderApp();
    await screen.findByRole('heading', { name: 'Airport Planner Sign In' });
    expect(screen.queryByRole('status')).toBeNull();
    await submitCredentials();
    await accountScreenLoaded();
    expect(currentAddress()).toBe('/app/account');
  });

  it('returns there after the 2FA step too', async () => {
    enableTwoFactor();
    resetApp('/auth/signin?ended=1&next=%2Fapp%2Faccount');
    renderApp();
    const user = await submitCredentials();
    const dialog = await screen.findByRole('dialog', { name: 'Enter 2FA Code' });
    await user.type(within(dialog).getByLabelText('2FA code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    await accountScreenLoaded();
    expect(currentAddress()).toBe('/app/account');
  });

  it('does not follow a return address outside the app', async () => {
    resetApp('/auth/signin?next=https%3A%2F%2Fevil.example%2Fapp');
    renderApp();
    expect(screen.queryByRole('status')).toBeNull();
    await submitCredentials();
    await screen.findByRole('heading', { name: 'Projects' });
    expect(currentAddress()).toBe('/app/projects');
  });
});
