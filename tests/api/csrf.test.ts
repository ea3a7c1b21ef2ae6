// Double-submit CSRF: a browser (a request with cookies) must echo the csrftoken cookie in
// X-CSRFToken on unsafe methods; clients without cookies are not checked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../support/app';
import { APP_CLOSE_MS, APP_SETUP_MS } from '../support/waits';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.user('csrf@example.com');
}, APP_SETUP_MS);
afterAll(() => t.close(), APP_CLOSE_MS);

describe('CSRF', () => {
  it('sets the cookie and answers its value on auth/csrf/', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/csrf/' });
    const cookie = res.cookies.find((c) => c.name === 'csrftoken');
    expect(cookie?.value).toBe(res.json().csrftoken);
    expect(cookie?.sameSite).toBe('Lax');
  });

  it('refuses an unsafe request with cookies and a missing or wrong header, accepts the right one', async () => {
    const { csrftoken } = (await t.app.inject({ method: 'GET', url: '/api/auth/csrf/' })).json();
    const login = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login/',
        cookies: { csrftoken },
        headers,
        payload: { email: 'csrf@example.com', password: TEST_PASSWORD },
      });
    const missing = await login({});
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toEqual({ detail: 'CSRF Failed: CSRF token missing or incorrect.' });
    expect((await login({ 'x-csrftoken': 'forged' })).statusCode).toBe(403);
    expect((await login({ 'x-csrftoken': csrftoken })).statusCode).toBe(200);
  });
});
