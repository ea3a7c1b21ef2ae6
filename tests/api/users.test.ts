// The signed-in user's record (auth/user/) and the user directory (users/): staff see and edit
// everyone, others only themselves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../support/app';

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
});
afterAll(() => t.close());

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
});
