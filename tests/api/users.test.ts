// The signed-in user's record (auth/user/) and the user directory (users/): staff see and edit
// everyone, create users and reset their 2FA; others only see and edit themselves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../server/db/schema';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../support/app';
import { APP_CLOSE_MS, APP_SETUP_MS } from '../support/waits';

let t: TestApp;
let staff: string;
let kim: string;
let kimId: number;
let leeId: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.user('boss@example.com', TEST_PASSWORD, { staff: true });
  kimId = (await t.user('kim@example.com')).id;
  leeId = (await t.user('lee@example.com')).id;
  staff = (await t.login('boss@example.com', TEST_PASSWORD)).access;
  kim = (await t.login('kim@example.com', TEST_PASSWORD)).access;
}, APP_SETUP_MS);
afterAll(() => t.close(), APP_CLOSE_MS);

/** Whether the password alone gives a token that reaches the API (no second factor pending). */
async function fullySignedIn(email: string): Promise<boolean> {
  const { access } = await t.login(email, TEST_PASSWORD);
  return (await t.as(access, { method: 'GET', url: '/api/users/me/' })).statusCode === 200;
}

describe('auth/user/', () => {
  it('reads, replaces and patches the own name', async () => {
    expect((await t.as(kim, { method: 'GET', url: '/api/auth/user/' })).json()).toMatchObject({ email: 'kim@example.com', first_name: '' });
    const put = await t.as(kim, { method: 'PUT', url: '/api/auth/user/', payload: { first_name: 'Kim', last_name: 'Park' } });
    expect(put.json()).toMatchObject({ first_name: 'Kim', last_name: 'Park' });
    const patch = await t.as(kim, { method: 'PATCH', url: '/api/auth/user/', payload: { last_name: 'Lee' } });
    expect(patch.json()).toMatchObject({ first_name: 'Kim', last_name: 'Lee' });
    const badPut = await t.as(kim, { method: 'PUT', url: '/api/auth/user/', payload: { first_name: 'K' } });
    expect(badPut.statusCode).toBe(400);
    expect(badPut.json()).toHaveProperty('last_name');
  });
});

describe('users/', () => {
  it('lists everyone for staff and only oneself for others', async () => {
    const all = (await t.as(staff, { method: 'GET', url: '/api/users/' })).json();
    expect(all.map((u: { email: string }) => u.email)).toEqual(['boss@example.com', 'kim@example.com', 'lee@example.com']);
    const own = (await t.as(kim, { method: 'GET', url: '/api/users/' })).json();
    expect(own.map((u: { email: string }) => u.email)).toEqual(['kim@example.com']);
    expect((await t.as(kim, { method: 'GET', url: '/api/users/me/' })).json().id).toBe(kimId);
  });

  it('hides other users from non-staff (404) and lets staff edit anyone', async () => {
    expect((await t.as(kim, { method: 'GET', url: `/api/users/${leeId}/` })).statusCode).toBe(404);
    expect((await t.as(kim, { method: 'PATCH', url: `/api/users/${leeId}/`, payload: { first_name: 'X' } })).statusCode).toBe(404);
    const edited = await t.as(staff, { method: 'PATCH', url: `/api/users/${leeId}/`, payload: { first_name: 'Lee', is_staff: true } });
    expect(edited.json()).toMatchObject({ first_name: 'Lee', is_staff: true });
    const bad = await t.as(staff, { method: 'GET', url: '/api/users/abc/' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('id');
  });

  it('refuses a change made against an older version with 412 and the user as they are, changing nothing', async () => {
    const read = await t.as(staff, { method: 'GET', url: `/api/users/${kimId}/` });
    const { version } = read.json();
    expect(read.headers.etag).toBe(`"${version}"`);
    // Someone else renames Kim meanwhile.
    const theirs = await t.as(staff, { method: 'PATCH', url: `/api/users/${kimId}/`, headers: { 'if-match': `"${version}"` }, payload: { last_name: 'Park' } });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().version).toBe(version + 1);
    const stale = await t.as(staff, { method: 'PATCH', url: `/api/users/${kimId}/`, headers: { 'if-match': `"${version}"` }, payload: { last_name: 'Lim' } });
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toMatchObject({ id: kimId, last_name: 'Park', version: version + 1 });
    const put = await t.as(staff, {
      method: 'PUT',
      url: `/api/users/${kimId}/`,
      headers: { 'if-match': `"${version}"` },
      payload: { email: 'kim@example.com', first_name: '', last_name: 'Lim' },
    });
    expect(put.statusCode).toBe(412);
    expect((await t.as(staff, { method: 'GET', url: `/api/users/${kimId}/` })).json()).toMatchObject({ last_name: 'Park', version: version + 1 });
  });

  it('refuses a non-staff user promoting themselves and a duplicate e-mail, changing nothing', async () => {
    const promote = await t.as(kim, { method: 'PATCH', url: `/api/users/${kimId}/`, payload: { is_staff: true, first_name: 'Sneaky' } });
    expect(promote.statusCode).toBe(403);
    const dup = await t.as(kim, { method: 'PATCH', url: `/api/users/${kimId}/`, payload: { email: 'LEE@example.com' } });
    expect(dup.json()).toEqual({ email: ['A user with that email already exists.'] });
    const me = (await t.as(kim, { method: 'GET', url: '/api/users/me/' })).json();
    expect(me).toMatchObject({ email: 'kim@example.com', is_staff: false });
    expect(me.first_name).not.toBe('Sneaky');
  });

  it('lets staff create users, who can then sign in; others may not', async () => {
    const created = await t.as(staff, { method: 'POST', url: '/api/users/', payload: { email: 'new@example.com', password: 'long enough pw' } });
    expect(created.statusCode).toBe(201);
    expect((await t.login('new@example.com', 'long enough pw')).user.id).toBe(created.json().id);
    expect((await t.as(kim, { method: 'POST', url: '/api/users/', payload: { email: 'x@example.com', password: 'long enough pw' } })).statusCode).toBe(403);
    const weak = await t.as(staff, { method: 'POST', url: '/api/users/', payload: { email: 'y@example.com', password: 'short' } });
    expect(weak.json()).toEqual({ password: ['Use at least 8 characters.'] });
  });

  it('deactivated users cannot sign in and their tokens stop working', async () => {
    const { id } = await t.user('gone@example.com');
    const session = await t.login('gone@example.com', TEST_PASSWORD);
    await t.as(staff, { method: 'PATCH', url: `/api/users/${id}/`, payload: { is_active: false } });
    expect((await t.as(session.access, { method: 'GET', url: '/api/users/me/' })).statusCode).toBe(401);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login/', payload: { email: 'gone@example.com', password: TEST_PASSWORD } });
    expect(login.statusCode).toBe(400);
  });

  it("lets staff reset a user's 2FA, who then signs in with the password alone; others get 403", async () => {
    const { id } = await t.user('otp@example.com');
    await t.database.db.update(users).set({ otpEnabled: true, otpSecret: 'JBSWY3DPEHPK3PXP', otpLastStep: 5 }).where(eq(users.id, id));
    expect(await fullySignedIn('otp@example.com')).toBe(false);
    const refused = await t.as(kim, { method: 'POST', url: `/api/users/${id}/otp/reset/` });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: 'Only staff may reset two-factor authentication.' });
    expect(await fullySignedIn('otp@example.com')).toBe(false);

    const reset = await t.as(staff, { method: 'POST', url: `/api/users/${id}/otp/reset/` });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ id, otp_enabled: false });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ otpEnabled: false, otpSecret: null, otpLastStep: null });
    expect(await fullySignedIn('otp@example.com')).toBe(true);
    expect((await t.as(staff, { method: 'POST', url: '/api/users/999999/otp/reset/' })).statusCode).toBe(404);
  });

  it('refuses staff deactivating or un-staffing themselves, naming the field and changing nothing', async () => {
    const bossId = (await t.as(staff, { method: 'GET', url: '/api/users/me/' })).json().id;
    const deactivate = await t.as(staff, { method: 'PATCH', url: `/api/users/${bossId}/`, payload: { is_active: false, first_name: 'Gone' } });
    expect(deactivate.statusCode).toBe(400);
    expect(deactivate.json()).toEqual({ is_active: ['You cannot deactivate your own account.'] });
    const unstaff = await t.as(staff, {
      method: 'PUT',
      url: `/api/users/${bossId}/`,
      payload: { email: 'boss@example.com', first_name: '', last_name: '', is_staff: false },
    });
    expect(unstaff.statusCode).toBe(400);
    expect(unstaff.json()).toEqual({ is_staff: ['You cannot remove your own staff status.'] });
    expect((await t.as(staff, { method: 'GET', url: '/api/users/me/' })).json()).toMatchObject({ is_staff: true, is_active: true, first_name: '' });
    const keep = await t.as(staff, { method: 'PATCH', url: `/api/users/${bossId}/`, payload: { is_staff: true, is_active: true } });
    expect(keep.statusCode).toBe(200);
  });

  it('lets staff take staff status away from someone else and give it back', async () => {
    const { id } = await t.user('helper@example.com', TEST_PASSWORD, { staff: true });
    const down = await t.as(staff, { method: 'PATCH', url: `/api/users/${id}/`, payload: { is_staff: false } });
    expect(down.json()).toMatchObject({ id, is_staff: false });
    const helper = (await t.login('helper@example.com', TEST_PASSWORD)).access;
    expect((await t.as(helper, { method: 'POST', url: '/api/users/', payload: { email: 'z@example.com', password: 'long enough pw' } })).statusCode).toBe(403);
    const up = await t.as(staff, { method: 'PATCH', url: `/api/users/${id}/`, payload: { is_staff: true } });
    expect(up.json()).toMatchObject({ id, is_staff: true });
  });

  it('answers a bad create with 400 naming the field and creates no one', async () => {
    const before = (await t.as(staff, { method: 'GET', url: '/api/users/' })).json().length;
    const badEmail = await t.as(staff, { method: 'POST', url: '/api/users/', payload: { email: 'not-an-address', password: 'long enough pw' } });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json()).toHaveProperty('email');
    const dup = await t.as(staff, { method: 'POST', url: '/api/users/', payload: { email: 'KIM@example.com', password: 'long enough pw' } });
    expect(dup.json()).toEqual({ email: ['A user with that email already exists.'] });
    const noPassword = await t.as(staff, { method: 'POST', url: '/api/users/', payload: { email: 'np@example.com' } });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json()).toHaveProperty('password');
    expect((await t.as(staff, { method: 'GET', url: '/api/users/' })).json()).toHaveLength(before);
  });
});
