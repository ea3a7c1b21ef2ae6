// End to end in a real Chromium against the real server: sign-in with and without 2FA, the
// wrong-password message, every drawer link, the account screen, logout, and expired sessions.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';
import { chromiumAvailable, screenshot } from '../support/browser';
import { pagePerTest } from '../support/browserSuite';
import type { TestServer } from '../support/testServer';

const PASSWORD = 'e2e-password-1';
const AUTH_ENTRY = '_airport_planner_auth';

let server: TestServer;
let page: Page;
let userCount = 0;

/** A user of its own for each test, so tests do not share 2FA state or rate limits. */
async function newUser(): Promise<string> {
  userCount += 1;
  const email = `planner${userCount}@e2e.example.com`;
  await server.createUser(email, PASSWORD);
  return email;
}

function totpFor(secret: string): TOTP {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
}

/** A code that no step near now accepts. */
function wrongCode(secret: string): string {
  const totp = totpFor(secret);
  const near = new Set([-3, -2, -1, 0, 1, 2, 3].map((step) => totp.generate({ timestamp: Date.now() + step * 30_000 })));
  for (let n = 0; ; n += 1) {
    const code = String(n).padStart(6, '0');
    if (!near.has(code)) return code;
  }
}

async function post(path: string, body: object, token?: string): Promise<Response> {
  return fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
  });
}

/** Turns 2FA on through the API (generate, then validate a first code) and answers the secret. */
async function enableTwoFactor(email: string): Promise<string> {
  const login = await post('/api/auth/login/', { email, password: PASSWORD });
  expect(login.status).toBe(200);
  const { access } = (await login.json()) as { access: string };
  const generated = await post('/api/auth/mfa/otp/generate/', {}, access);
  expect(generated.status).toBe(200);
  const { secret } = (await generated.json()) as { secret: string };
  const validated = await post('/api/auth/mfa/otp/validate/', { token: totpFor(secret).generate() }, access);
  expect(await validated.json()).toEqual({ otp_enabled: true });
  return secret;
}

async function fillCredentials(email: string, password: string): Promise<void> {
  await page.goto('/auth/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

async function signIn(email: string): Promise<void> {
  await fillCredentials(email, PASSWORD);
  await page.waitForURL('**/app/projects');
  await page.getByRole('heading', { name: 'Projects' }).waitFor();
}

const heading = (name: string) => page.getByRole('heading', { name, exact: true });

describe.skipIf(!chromiumAvailable)('in a real browser', () => {
  pagePerTest((opened) => {
    ({ server, page } = opened);
  });

  it('sends a visitor to the sign-in screen and signs in without 2FA', async () => {
    const email = await newUser();
    await page.goto('/');
    await page.waitForURL(/\/auth\/signin(\?|$)/);
    await heading('Airport Planner Sign In').waitFor();
    expect(await page.getByRole('img', { name: 'Airport Planner logo' }).isVisible()).toBe(true);
    await screenshot(page, '01-sign-in');
    await signIn(email);
    const banner = page.getByRole('banner');
    expect(await banner.textContent()).toContain('Airport Planner');
    expect(await banner.textContent()).toContain('No Scenario Selected');
    expect(await page.title()).toBe('Airport Planner · No Scenario Selected');
    await screenshot(page, '02-projects');
    await page.reload();
    await heading('Projects').waitFor();
    expect(new URL(page.url()).pathname).toBe('/app/projects');
  });

  it("says 'Couldn't sign in with those credentials' for a wrong password", async () => {
    const email = await newUser();
    await fillCredentials(email, 'not-the-password');
    await page.getByText("Couldn't sign in with those credentials").waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth/signin');
    await screenshot(page, '03-sign-in-wrong-password');
  });

  it('signs in with 2FA: refuses a badly formed and a wrong code, accepts the right one', async () => {
    const email = await newUser();
    const secret = await enableTwoFactor(email);
    await fillCredentials(email, PASSWORD);
    const dialog = page.getByRole('dialog', { name: 'Enter 2FA Code' });
    await dialog.waitFor();
    await screenshot(page, '04-two-factor-dialog');
    const field = dialog.getByLabel('2FA code');
    expect(await field.getAttribute('maxlength')).toBe('6');

    await field.fill('123');
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await dialog.getByText('Invalid code', { exact: true }).waitFor();

    await field.fill(wrongCode(secret));
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await dialog.getByText('Invalid 2FA code').waitFor();
    await screenshot(page, '05-two-factor-wrong-code');
    expect(await page.evaluate((name) => localStorage.getItem(name), AUTH_ENTRY)).toBeNull();

    // The next step's code: the current one was spent turning 2FA on, and a code counts once.
    await field.fill(totpFor(secret).generate({ timestamp: Date.now() + 30_000 }));
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/app/projects');
    await heading('Projects').waitFor();
    // The stored token is the full one: it opens the user's own record.
    const token = await page.evaluate((name) => localStorage.getItem(name), AUTH_ENTRY);
    const me = await fetch(`${server.baseUrl}/api/auth/user/`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
  });

  it('opens each drawer link and shows its screen', async () => {
    await signIn(await newUser());
    const links: [string, string, string][] = [
      ['Configuration', '/app/allocation/config', 'Baggage configuration'],
      ['Flights', '/app/allocation/flight', 'Baggage flights'],
      ['Containers', '/app/allocation/container', 'Baggage containers'],
      ['Flows', '/app/checkin/flows', 'Check-in flows'],
      ['Simulation', '/app/simulation', 'Simulation'],
      ['Projects', '/app/projects', 'Projects'],
    ];
    for (const [index, [label, path, title]] of links.entries()) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      const drawer = page.getByRole('dialog', { name: 'Main menu' });
      await drawer.waitFor();
      if (index === 0) await screenshot(page, '06-drawer');
      await drawer.getByRole('link', { name: label, exact: true }).click();
      await drawer.waitFor({ state: 'detached' });
      await heading(title).waitFor();
      expect(new URL(page.url()).pathname).toBe(path);
      if (index === 0) await screenshot(page, '07-baggage-configuration');
    }
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Close menu' }).click();
    await page.getByRole('dialog', { name: 'Main menu' }).waitFor({ state: 'detached' });
  });

  it('opens the account screen from the avatar menu and turns 2FA on there', async () => {
    await signIn(await newUser());
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menu').waitFor();
    await screenshot(page, '08-account-menu');
    await page.getByRole('menuitem', { name: 'My account' }).click();
    await page.waitForURL('**/app/account');
    await heading('My account').waitFor();

    const profile = page.getByRole('form', { name: 'Profile' });
    await profile.getByLabel('First name').fill('Ada');
    await profile.getByLabel('Last name').fill('Lovelace');
    await profile.getByRole('button', { name: 'Save name' }).click();
    await profile.getByText('Your name is saved.').waitFor();
    expect(await page.getByRole('button', { name: 'Account menu' }).textContent()).toBe('AL');

    const twoFactor = page.getByRole('region', { name: 'Two-factor authentication' });
    await twoFactor.getByRole('button', { name: 'Turn on 2FA' }).click();
    await twoFactor.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = (await twoFactor.locator('code').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]+$/);
    await screenshot(page, '09-account-two-factor-setup');
    await twoFactor.getByLabel('Code from your app').fill(totpFor(secret).generate());
    await twoFactor.getByRole('button', { name: 'Confirm code' }).click();
    await twoFactor.getByText('Two-factor authentication is on.').waitFor();
    await screenshot(page, '10-account-two-factor-on');
  });

  it('logs out: revokes the refresh token and lands on the sign-in screen', async () => {
    await signIn(await newUser());
    const stored = await page.evaluate((name) => localStorage.getItem(`${name}_refresh`), AUTH_ENTRY);
    const refresh = (JSON.parse(stored ?? '{}') as { token?: string }).token;
    expect(refresh).toBeTruthy();
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL(/\/auth\/signin(\?|$)/);
    await heading('Airport Planner Sign In').waitFor();
    expect(await page.evaluate((name) => localStorage.getItem(name), AUTH_ENTRY)).toBeNull();
    expect((await post('/api/auth/token/refresh/', { refresh: refresh as string })).status).toBe(401);
    await page.goto('/app/projects');
    await page.waitForURL(/\/auth\/signin(\?|$)/);
  });

  it('sends the browser to sign-in when the stored session has expired', async () => {
    await signIn(await newUser());
    await page.evaluate((name) => {
      const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
      const expired = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: '1', exp: Math.floor(Date.now() / 1000) - 60 })}.x`;
      localStorage.setItem(name, expired);
    }, AUTH_ENTRY);
    await page.goto('/app/projects');
    await page.waitForURL(/\/auth\/signin(\?|$)/);
    await heading('Airport Planner Sign In').waitFor();
    expect(await page.evaluate((name) => localStorage.getItem(`${name}_refresh`), AUTH_ENTRY)).toBeNull();
    await screenshot(page, '11-expired-session');
  });

  it('sends the browser to sign-in when the server refuses the token (401)', async () => {
    await signIn(await newUser());
    // Unexpired by its claim, but not signed by the server: the next API call answers 401.
    await page.evaluate((name) => {
      const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
      const forged = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: '1', exp: Math.floor(Date.now() / 1000) + 600 })}.x`;
      localStorage.setItem(name, forged);
    }, AUTH_ENTRY);
    await page.goto('/app/account');
    await page.waitForURL(/\/auth\/signin(\?|$)/);
    await heading('Airport Planner Sign In').waitFor();
    expect(await page.evaluate((name) => localStorage.getItem(name), AUTH_ENTRY)).toBeNull();
  });
});
