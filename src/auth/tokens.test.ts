import { describe, expect, it } from 'vitest';
import { nextRefreshDelay, refreshInput, signInInput } from './tokens';
import { signIn, signedOut } from './session';
import { jwtExpiringIn } from './testing';

const now = new Date('2030-06-01T08:00:00Z');
const inMinutes = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

describe('signInInput', () => {
  it('makes a Bearer token with the refresh token and the user', () => {
    const input = signInInput({ access: 'a', refresh: 'r', user: { id: 7 } }, now);
    expect(input).toEqual({
      token: 'a',
      type: 'Bearer',
      refresh: { token: 'r', expiresAt: inMinutes(24 * 60) },
      userState: { id: 7 },
    });
  });
});

describe('refresh token expiry', () => {
  it('takes refresh_expiration from the answer when the server states it', () => {
    const answer = { access: 'a', refresh: 'r', refresh_expiration: inMinutes(30).toISOString(), user: {} };
    expect(signInInput(answer, now).refresh).toEqual({ token: 'r', expiresAt: inMinutes(30) });
    expect(refreshInput(answer, now).refresh).toEqual({ token: 'r', expiresAt: inMinutes(30) });
  });
});

describe('refreshInput', () => {
  it('computes the remaining lifetime in minutes from access_expiration', () => {
    const input = refreshInput({ access: 'a', refresh: 'r2', access_expiration: inMinutes(5).toISOString() }, now);
    expect(input.expiresInMinutes).toBe(5);
    expect(input.token).toBe('a');
    expect(input.refresh?.token).toBe('r2');
  });

  it('uses 4 minutes when access_expiration is missing or unreadable', () => {
    expect(refreshInput({ access: 'a', refresh: 'r' }, now).expiresInMinutes).toBe(4);
    expect(refreshInput({ access: 'a', refresh: 'r', access_expiration: 'soon' }, now).expiresInMinutes).toBe(4);
  });
});

describe('nextRefreshDelay', () => {
  const session = (accessMinutes: number) =>
    signIn(
      {
        token: jwtExpiringIn(accessMinutes, now),
        type: 'Bearer',
        refresh: { token: 'r', expiresAt: inMinutes(60) },
        userState: {},
      },
      now,
    ).session;

  it('waits the interval when the token outlives it', () => {
    expect(nextRefreshDelay(session(5), 4, now)).toBe(4 * 60_000);
  });

  it('refreshes 30 seconds before expiry when that comes first', () => {
    expect(nextRefreshDelay(session(2), 4, now)).toBe(90_000);
  });

  it('refreshes at once when the token is about to expire', () => {
    expect(nextRefreshDelay(session(2), 4, inMinutes(1.9))).toBe(0);
  });

  it('waits the full interval after a failed refresh, however close the expiry', () => {
    expect(nextRefreshDelay(session(2), 4, inMinutes(1.9), true)).toBe(4 * 60_000);
  });

  it('does nothing without a refresh token, when signed out, or with an interval of 0', () => {
    expect(nextRefreshDelay({ ...session(5), refresh: null }, 4, now)).toBeNull();
    expect(nextRefreshDelay(signedOut(), 4, now)).toBeNull();
    expect(nextRefreshDelay(session(5), 0, now)).toBeNull();
  });
});
