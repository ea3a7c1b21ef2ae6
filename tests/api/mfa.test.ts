// Two-factor authentication: set-up, sign-in with a second factor, wrong and malformed codes,
// a pending token refused by data endpoints, turning it off.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const codeFor = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offsetSteps * 30_000 });
const wrongCode = (secret: string) => String((Number(codeFor(secret)) + 500_000) % 1_000_000).padStart(6, '0');

async function enable2fa(email: string): Promise<string> {
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
  const ok = await t.as(access, { method: 'POST', url: '/api/auth/mfa/otp/validate/', payload: { token: codeFor(secret) } });
  expect(ok.json()).toEqual({ otp_enabled: true });
  return secret;
}

describe('two-factor sign-in', () => {
  it('issues a pending token that reaches only status and verify, then a full pair after a code', async () => {
    const secret = await enable2fa('eve@example.com');
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

    const verified = await t.as(pending.access, { method: 'POST', url: '/api/auth/mfa/otp/verify/', payload: { token: codeFor(secret) } });
    expect(verified.statusCode).toBe(200);
    const full = verified.json();
    expect(Object.keys(full).sort()).toEqual(['access', 'access_expiration', 'refresh', 'refresh_expiration', 'user']);
    expect((await t.as(full.access, { method: 'GET', url: '/api/users/me/' })).statusCode).toBe(200);
    // The pending refresh token died with the verification.
    const stale = await t.app.inject({ method: 'POST', url: '/api/auth/token/refresh/', payload: { refresh: refreshed.json().refresh } });
    expect(stale.statusCode).toBe(401);
  });

  it('accepts a code from the previous time step (clock drift) but not one far away', async () => {
    const secret = await enable2fa('drift@example.com');
    const pending = await t.login('drift@example.com', TEST_PASSWORD);
    const far = await t.as(pending.access, { method: 'POST', url: '/api/auth/mfa/otp/verify/', payload: { token: codeFor(secret, -10) } });
    expect(far.statusCode).toBe(400);
    const near = await t.as(pending.access, { method: 'POST', url: '/api/auth/mfa/otp/verify/', payload: { token: codeFor(secret, -1) } });
    expect(near.statusCode).toBe(200);
  });

  it('turns 2FA off with the password or a current code, not with a wrong one', async () => {
    const secret = await enable2fa('frank@example.com');
    const pending = await t.login('frank@example.com', TEST_PASSWORD);
    const { access } = (await t.as(pending.access, { method: 'POST', url: '/api/auth/mfa/otp/verify/', payload: { token: codeFor(secret) } })).json();
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
