// Two-factor authentication: set-up, sign-in with a second factor, wrong, malformed and replayed
// codes, a pending token refused by data endpoints, turning it off.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../support/app';
import { APP_CLOSE_MS, APP_SETUP_MS } from '../support/waits';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, APP_SETUP_MS);
afterAll(() => t.close(), APP_CLOSE_MS);

const codeFor = (secret: string, offsetSteps = 0) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offsetSteps * 30_000 });
const wrongCode = (secret: string) => String((Number(codeFor(secret)) + 500_000) % 1_000_000).padStart(6, '0');

/** Turns 2FA on for a new user with the current code; answers the secret and that code. */
async function enable2fa(email: string): Promise<{ secret: string; used: string }> {
  await t.user(email);
  const { access } = await t.login(email, TEST_PASSWORD);
  const generated = await t.as(access, { method: 'POST', url: '/api/auth/mfa/otp/generate/' });
  expect(generated.statusCode).toBe(200);
  const { secret, otpauth_url, qr_svg } = generated.json();
  expect(otpauth_url).toMatch(/^otpauth:\/\/totp\/Airport%20Planner:/);
  expect(otpauth_url).toContain(`secret=${secret}`);
  expect(qr_svg).toMatch(/^<svg/);
  const status = await t.as(access, { method: 'GET', url: '/api/auth/mfa/otp/status/' });
  expect(status.json()).toEqual({ otp_enabled: false });
  const wrong = await t.as(access, { method: 'POST', url: '/api/auth/mfa/otp/validate/', payload: { token: wrongCode(secret) } });
  expect(wrong.statusCode).toBe(400);
  expect(wrong.json()).toEqual({ detail: 'Invalid 2FA code' });
  const used = codeFor(secret);
  const ok = await t.as(access, { method: 'POST', url: '/api/auth/mfa/otp/validate/', payload: { token: used } });
  expect(ok.json()).toEqual({ otp_enabled: true });
  return { secret, used };
}

/** The next step's code: the one just used to enable 2FA is spent. */
const nextCode = (secret: string) => codeFor(secret, 1);

describe('two-factor sign-in', () => {
  it('issues a pending token that reaches only status and verify, then a full pair after a code', async () => {
    const { secret } = await enable2fa('eve@example.com');
    const pending = await t.login('eve@example.com', TEST_PASSWORD);
    expect(pending.user).toMatchObject({ otp_enabled: true });

    const status = await t.as(pending.access, { method: 'GET', url: '/api/auth/mfa/otp/status/' });
    expect(status.json()).toEqual({ otp_enabled: true });
    for (const url of ['/api/users/me/', '/api/auth/user/', '/api/users/']) {
      const res = await t.as(pending.access, { method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ detail: 'Two-factor verification required.' });
    }
    // Refreshing a pending token yields another pending token, never a full one.
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/auth/token/refresh/', payload: { refresh: pending.refresh } });
    expect((await t.as(refreshed.json().access, { method: 'GET', url: '/api/users/me/' })).statusCode).toBe(401);

    const wrong = await t.as(pending.access, { method: 'POST', url: '/api/auth/mfa/otp/verify/', payload: { token: wrongCode(secret) } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ detail: 'Invalid 2FA code' });
    const malformed = await t.as(pending.access, { method: 'POST', url: '/api/auth/mfa/otp/verify/', payload: { token: '12ab' } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ token: ['Invalid code'] });

    const verified = await t.as(pending.access, { method: 'POST', url: '/api/auth/mfa/otp/verify/', payload: { token: nextCode(secret) } });
    expect(verified.statusCode).toBe(200);
    const full = verified.json();
    expect(Object.keys(full).sort()).toEqual(['access', 'access_expiration', 'refresh', 'refresh_expiration', 'user']);
    expect((await t.as(full.access, { method: 'GET', url: '/api/users/me/' })).statusCode).toBe(200);
    // The pending refresh token died with the verification.
    const stale = await t.app.inject({ method: 'POST', url: '/api/auth/token/refresh/', payload: { refresh: refreshed.json().refresh } });
    expect(stale.statusCode).toBe(401);
  });

  it('accepts a code from the previous time step (clock drift) but not one far away', async () => {
    await t.user('drift@example.com');
    const { access } = await t.login('drift@example.com', TEST_PASSWORD);
    const { secret } = (await t.as(access, { method: 'POST', url: '/api/auth/mfa/otp/generate/' })).json();
    const validate = (token: string) => t.as(access, { method: 'POST', url: '/api/auth/mfa/otp/validate/', payload: { token } });
    expect((await validate(codeFor(secret, -10))).statusCode).toBe(400);
    expect((await validate(codeFor(secret, -1))).statusCode).toBe(200);
  });

  it('takes each code once: the code that enabled 2FA, or one already used to sign in, is refused', async () => {
    const { secret, used } = await enable2fa('replay@example.com');
    const verify = async (token: string) => {
      const pending = await t.login('replay@example.com', TEST_PASSWORD);
      return t.as(pending.access, { method: 'POST', url: '/api/auth/mfa/otp/verify/', payload: { token } });
    };
    const replayed = await verify(used);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json()).toEqual({ detail: 'Invalid 2FA code' });
    const next = nextCode(secret);
    expect((await verify(next)).statusCode).toBe(200);
    expect((await verify(next)).statusCode).toBe(400);
    // Nor an older code still inside the drift window.
    expect((await verify(used)).statusCode).toBe(400);
  });

  it('turns 2FA off with the password or a current code, not with a wrong one', async () => {
    const { secret } = await enable2fa('frank@example.com');
    const pending = await t.login('frank@example.com', TEST_PASSWORD);
    const { access } = (await t.as(pending.access, { method: 'POST', url: '/api/auth/mfa/otp/verify/', payload: { token: nextCode(secret) } })).json();
    const disable = (payload: object) => t.as(access, { method: 'POST', url: '/api/auth/mfa/otp/disable/', payload });
    expect((await disable({})).json()).toEqual({ non_field_errors: ['Give a current code or your password.'] });
    expect((await disable({ password: 'nope' })).json()).toEqual({ password: ['Wrong password.'] });
    expect((await disable({ token: wrongCode(secret) })).statusCode).toBe(400);
    expect((await disable({ password: TEST_PASSWORD })).json()).toEqual({ otp_enabled: false });
    const again = await t.login('frank@example.com', TEST_PASSWORD);
    expect((await t.as(again.access, { method: 'GET', url: '/api/users/me/' })).statusCode).toBe(200);
  });

  it('refuses generate from a pending token (a skipped second factor opens nothing)', async () => {
    await enable2fa('gina@example.com');
    const pending = await t.login('gina@example.com', TEST_PASSWORD);
    const res = await t.as(pending.access, { method: 'POST', url: '/api/auth/mfa/otp/generate/' });
    expect(res.statusCode).toBe(401);
  });
});
