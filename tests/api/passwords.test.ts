// Password change and reset: the reset mail lands in the outbox, the answer never reveals
// whether an address exists, a reset link works once and ends every session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { outbox } from '../../server/db/schema';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../support/app';
import { APP_CLOSE_MS, APP_SETUP_MS } from '../support/waits';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, APP_SETUP_MS);
afterAll(() => t.close(), APP_CLOSE_MS);

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });

async function lastMailTo(email: string) {
  const [mail] = await t.database.db.select().from(outbox).where(eq(outbox.recipient, email)).orderBy(desc(outbox.id)).limit(1);
  return mail;
}

describe('auth/password/change/', () => {
  it('needs the old password and two matching new ones, then the new password signs in', async () => {
    await t.user('hal@example.com');
    const { access } = await t.login('hal@example.com', TEST_PASSWORD);
    const change = (payload: object) => t.as(access, { method: 'POST', url: '/api/auth/password/change/', payload });
    const wrongOld = await change({ old_password: 'nope', new_password1: 'new secret 1', new_password2: 'new secret 1' });
    expect(wrongOld.json()).toEqual({ old_password: ['Your old password was entered incorrectly.'] });
    const mismatch = await change({ old_password: TEST_PASSWORD, new_password1: 'new secret 1', new_password2: 'new secret 2' });
    expect(mismatch.json()).toEqual({ new_password2: ["The two password fields didn't match."] });
    const short = await change({ old_password: TEST_PASSWORD, new_password1: 'short', new_password2: 'short' });
    expect(short.json()).toHaveProperty('new_password1');
    expect((await change({ old_password: TEST_PASSWORD, new_password1: 'new secret 1', new_password2: 'new secret 1' })).statusCode).toBe(200);
    expect((await post('/api/auth/login/', { email: 'hal@example.com', password: TEST_PASSWORD })).statusCode).toBe(400);
    expect((await post('/api/auth/login/', { email: 'hal@example.com', password: 'new secret 1' })).statusCode).toBe(200);
  });
});

describe('auth/password/reset/', () => {
  it('answers the same for known and unknown addresses and mails only the known one', async () => {
    await t.user('ivy@example.com');
    const known = await post('/api/auth/password/reset/', { email: 'ivy@example.com' });
    const unknown = await post('/api/auth/password/reset/', { email: 'ghost@example.com' });
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(await lastMailTo('ivy@example.com')).toBeDefined();
    expect(await lastMailTo('ghost@example.com')).toBeUndefined();
    expect((await post('/api/auth/password/reset/', { email: 'not an email' })).json()).toEqual({
      email: ['Enter a valid email address.'],
    });
  });

  it('sets a new password once with the mailed uid and token, and ends existing sessions', async () => {
    await t.user('jo@example.com');
    const session = await t.login('jo@example.com', TEST_PASSWORD);
    await post('/api/auth/password/reset/', { email: 'jo@example.com' });
    const mail = await lastMailTo('jo@example.com');
    const [, uid, token] = mail.body.match(/uid (\d+) and token (\S+)\./) ?? [];
    expect(mail.body).toContain(`/auth/reset?uid=${uid}&token=${token}`);
    const confirm = (payload: object) => post('/api/auth/password/reset/confirm/', payload);
    expect((await confirm({ uid, token: 'wrong', new_password1: 'brand new pw', new_password2: 'brand new pw' })).json()).toEqual({ token: ['Invalid value'] });
    expect((await confirm({ uid, token, new_password1: 'brand new pw', new_password2: 'brand new pw' })).statusCode).toBe(200);
    expect((await confirm({ uid, token, new_password1: 'again new pw', new_password2: 'again new pw' })).statusCode).toBe(400);
    expect((await post('/api/auth/login/', { email: 'jo@example.com', password: 'brand new pw' })).statusCode).toBe(200);
    expect((await post('/api/auth/token/refresh/', { refresh: session.refresh })).statusCode).toBe(401);
  });
});
