// Sign-in, token refresh and rotation, logout, token verification, expired and tampered tokens.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../server/app';
import { refreshTokens } from '../../server/db/schema';
import { REFRESH_GRACE_MS } from '../../server/repositories/refreshTokens';
import { sha256 } from '../../server/auth/secrets';
import { createTestApp, type TestApp } from '../support/app';
import { APP_CLOSE_MS, APP_SETUP_MS } from '../support/waits';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.user('ada@example.com');
}, APP_SETUP_MS);
afterAll(() => t.close(), APP_CLOSE_MS);

const login = (email: string, password: unknown) => t.app.inject({ method: 'POST', url: '/api/auth/login/', payload: { email, password } });

describe('auth/login/', () => {
  it('answers access, refresh, user and access_expiration for the right password', async () => {
    const res = await login('Ada@Example.com', 'correct horse battery');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({ email: 'ada@example.com', otp_enabled: false });
    expect(body.access.split('.')).toHaveLength(3);
    expect(body.refresh).toEqual(expect.any(String));
    const lifetime = new Date(body.access_expiration).getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(4 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(5 * 60_000);
    const payload = JSON.parse(Buffer.from(body.access.split('.')[1], 'base64url').toString());
    expect(payload.exp).toBe(Math.floor(new Date(body.access_expiration).getTime() / 1000));
    const refreshLifetime = new Date(body.refresh_expiration).getTime() - Date.now();
    expect(refreshLifetime).toBeGreaterThan(23 * 3600_000);
    expect(refreshLifetime).toBeLessThanOrEqual(24 * 3600_000);
  });

  it('refuses a wrong password and an unknown e-mail with the same answer', async () => {
    const wrong = await login('ada@example.com', 'wrong password');
    const unknown = await login('nobody@example.com', 'wrong password');
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ detail: 'Unable to log in with provided credentials.' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('names every bad field of a malformed body', async () => {
    const res = await login('', 42);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json()).sort()).toEqual(['email', 'password']);
    const empty = await t.app.inject({ method: 'POST', url: '/api/auth/login/' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ non_field_errors: ['Request body is required.'] });
  });
});

describe('tokens', () => {
  it('opens data endpoints with the access token and refuses without one', async () => {
    const { access } = await t.login('ada@example.com', 'correct horse battery');
    expect((await t.as(access, { method: 'GET', url: '/api/users/me/' })).statusCode).toBe(200);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/users/me/' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
  });

  it('refuses a tampered and an expired access token', async () => {
    const { access } = await t.login('ada@example.com', 'correct horse battery');
    const [h, p, s] = access.split('.');
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
    const forged = [h, Buffer.from(JSON.stringify({ ...claims, sub: '999' })).toString('base64url'), s].join('.');
    expect((await t.as(forged, { method: 'GET', url: '/api/users/me/' })).statusCode).toBe(401);
    const expired = await t.app.accessTokens.sign(claims.sub, 'full', new Date(Date.now() - 3600_000));
    const res = await t.as(expired.token, { method: 'GET', url: '/api/users/me/' });
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toMatch(/not valid/);
    const verify = (token: string) => t.app.inject({ method: 'POST', url: '/api/auth/token/verify/', payload: { token } });
    expect((await verify(access)).statusCode).toBe(200);
    expect((await verify(expired.token)).statusCode).toBe(401);
    expect((await verify('not-a-jwt')).statusCode).toBe(401);
  });

  const refresh = (token: string) => t.app.inject({ method: 'POST', url: '/api/auth/token/refresh/', payload: { refresh: token } });

  it('rotates refresh tokens: the new pair works; the old token answers the same successor once, within the grace, then counts as theft', async () => {
    const first = await t.login('ada@example.com', 'correct horse battery');
    const rotated = await refresh(first.refresh);
    expect(rotated.statusCode).toBe(200);
    const pair = rotated.json();
    expect(pair.refresh).not.toBe(first.refresh);
    expect((await t.as(pair.access, { method: 'GET', url: '/api/users/me/' })).statusCode).toBe(200);
    // A second tab presenting the same token a moment later gets the same refresh token back.
    const again = await refresh(first.refresh);
    expect(again.statusCode).toBe(200);
    expect(again.json().refresh).toBe(pair.refresh);
    expect((await t.as(again.json().access, { method: 'GET', url: '/api/users/me/' })).statusCode).toBe(200);
    // Only once: a third presentation is taken as theft and the newer token is revoked too.
    expect((await refresh(first.refresh)).statusCode).toBe(401);
    expect((await refresh(pair.refresh)).statusCode).toBe(401);
    expect((await refresh('garbage')).json()).toEqual({ detail: 'Token is invalid or expired' });
  });

  it('takes a rotated token presented after the grace period as theft', async () => {
    const first = await t.login('ada@example.com', 'correct horse battery');
    const pair = (await refresh(first.refresh)).json();
    await t.database.db
      .update(refreshTokens)
      .set({ rotatedAt: new Date(Date.now() - REFRESH_GRACE_MS - 1000) })
      .where(eq(refreshTokens.tokenHash, sha256(first.refresh)));
    expect((await refresh(first.refresh)).statusCode).toBe(401);
    expect((await refresh(pair.refresh)).statusCode).toBe(401);
  });

  it('logout revokes the refresh token', async () => {
    const session = await t.login('ada@example.com', 'correct horse battery');
    const out = await t.as(session.access, {
      method: 'POST',
      url: '/api/auth/logout/',
      payload: { refresh: session.refresh },
    });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token/refresh/',
      payload: { refresh: session.refresh },
    });
    expect(after.statusCode).toBe(401);
  });
});

// Each test opens an app and a database of its own.
describe('rate limiting', { timeout: APP_SETUP_MS }, () => {
  it('counts attempts in the database, so two API processes together allow only the limit', async () => {
    const first = await createTestApp({ loginRateLimit: 3 });
    const second = await buildApp({ config: { ...first.app.config, loginRateLimit: 3 }, db: first.database.db, logger: false, serveClient: false });
    try {
      await first.user('dave@example.com');
      const attempt = (app: typeof second) =>
        app.inject({ method: 'POST', url: '/api/auth/login/', payload: { email: 'dave@example.com', password: 'guess' } });
      const codes = [];
      for (const app of [first.app, second, first.app, second]) codes.push((await attempt(app)).statusCode);
      expect(codes).toEqual([400, 400, 400, 429]);
    } finally {
      await second.close();
      await first.close();
    }
  });

  it('answers 429 with a clear message after too many attempts on one account', async () => {
    const limited = await createTestApp({ loginRateLimit: 3 });
    try {
      await limited.user('bob@example.com');
      const attempt = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/login/',
          payload: { email: 'bob@example.com', password: 'guess' },
        });
      for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(400);
      const blocked = await attempt();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().detail).toMatch(/^Too many attempts\. Try again in /);
      // Another account from the same address is not blocked by bob's limit.
      await limited.user('carol@example.com');
      const other = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/login/',
        payload: { email: 'carol@example.com', password: 'correct horse battery' },
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
