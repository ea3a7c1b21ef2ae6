import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionAtom } from '../auth/atoms';
import { store } from '../store';
import { resetApp, signInAs, testUser } from '../testing/app';
import { fakeApi, type FakeApi } from '../testing/fakeApi';
import { api } from './client';
import { ApiError, unwrap } from './errors';

let server: FakeApi;

beforeEach(() => {
  resetApp('/app/projects');
  server = fakeApi({
    'GET /api/auth/user/': { body: testUser },
    'PATCH /api/auth/user/': { body: testUser },
    'GET /api/auth/csrf/': { body: { csrftoken: 'fresh-csrf' } },
  });
  server.install();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('requests', () => {
  it('carry the Bearer token of the session', async () => {
    signInAs();
    await api.GET('/api/auth/user/');
    const token = store.get(sessionAtom).auth?.token;
    expect(server.sent('GET /api/auth/user/')[0].headers.get('Authorization')).toBe(`Bearer ${token}`);
  });

  it('carry no Authorization header when signed out', async () => {
    await api.GET('/api/auth/user/');
    expect(server.sent('GET /api/auth/user/')[0].headers.has('Authorization')).toBe(false);
  });

  it('keep a token the caller gives', async () => {
    signInAs();
    await api.GET('/api/auth/user/', { headers: { Authorization: 'Bearer pending' } });
    expect(server.sent('GET /api/auth/user/')[0].headers.get('Authorization')).toBe('Bearer pending');
  });

  it('repeat the csrftoken cookie in X-CSRFToken on unsafe methods only', async () => {
    await api.PATCH('/api/auth/user/', { body: { first_name: 'A' } });
    await api.GET('/api/auth/user/');
    expect(server.sent('PATCH /api/auth/user/')[0].headers.get('X-CSRFToken')).toBe('test-csrf');
    expect(server.sent('GET /api/auth/user/')[0].headers.has('X-CSRFToken')).toBe(false);
    expect(server.sent('GET /api/auth/csrf/')).toHaveLength(0);
  });

  it('fetch the CSRF token first when the cookie is missing', async () => {
    document.cookie = 'csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    await api.PATCH('/api/auth/user/', { body: { first_name: 'A' } });
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/auth/csrf/', 'PATCH /api/auth/user/']);
    expect(server.sent('PATCH /api/auth/user/')[0].headers.get('X-CSRFToken')).toBe('fresh-csrf');
  });
});

describe('answers', () => {
  it('a 401 signs out and sends the browser to /auth/signin, saying the session ended and where it was', async () => {
    signInAs();
    window.history.replaceState(null, '', '/app/projects/config?project=7');
    server.on('GET /api/auth/user/', { status: 401, body: { detail: 'Token is invalid or expired' } });
    await api.GET('/api/auth/user/');
    expect(window.location.pathname).toBe('/auth/signin');
    expect(new URLSearchParams(window.location.search).get('ended')).toBe('1');
    expect(new URLSearchParams(window.location.search).get('next')).toBe('/app/projects/config?project=7');
    expect(store.get(sessionAtom).isSignIn).toBe(false);
  });

  it('keeps that address when several requests are refused together', async () => {
    signInAs();
    server.on('GET /api/auth/user/', { status: 401, body: { detail: 'Token is invalid or expired' } });
    await Promise.all([api.GET('/api/auth/user/'), api.GET('/api/auth/user/'), api.GET('/api/auth/user/')]);
    expect(window.location.pathname + window.location.search).toBe('/auth/signin?ended=1&next=%2Fapp%2Fprojects');
  });

  it('a 401 without a session says nothing ended', async () => {
    server.on('GET /api/auth/user/', { status: 401, body: { detail: 'Authentication credentials were not provided.' } });
    await api.GET('/api/auth/user/');
    expect(window.location.pathname + window.location.search).toBe('/auth/signin?next=%2Fapp%2Fprojects');
  });

  it('other errors are logged and raised by unwrap with the server words', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.on('PATCH /api/auth/user/', { status: 400, body: { first_name: ['Too long.'] } });
    const failure = unwrap(api.PATCH('/api/auth/user/', { body: { first_name: 'A' } }));
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 400, fields: { first_name: ['Too long.'] } });
    expect(log).toHaveBeenCalledWith('PATCH /api/auth/user/ answered 400', '{"first_name":["Too long."]}');
    expect(window.location.pathname).toBe('/app/projects');
  });
});
