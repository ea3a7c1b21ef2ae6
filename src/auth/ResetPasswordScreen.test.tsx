import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectConsoleError } from '../testing/consoleErrors';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentPath, renderApp, resetApp } from '../testing/app';
import { fakeApi, type FakeApi } from '../testing/fakeApi';

let api: FakeApi;

beforeEach(() => {
  api = fakeApi({
    'POST /api/auth/password/reset/': { body: { detail: 'Password reset e-mail has been sent.' } },
    'POST /api/auth/password/reset/confirm/': ({ body }) =>
      (body as { token: string }).token === 'good'
        ? { body: { detail: 'Password has been reset with the new password.' } }
        : { status: 400, body: { token: ['Invalid value'] } },
  });
  api.install();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('password reset screen', () => {
  it('is reached from the sign-in screen and asks the server to mail a link', async () => {
    resetApp('/auth/signin');
    renderApp();
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Forgot your password?' }));
    expect(currentPath()).toBe('/auth/reset');
    await user.type(screen.getByLabelText('Email'), 'planner@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Password reset e-mail has been sent.')).toBeTruthy();
    expect(api.sent('POST /api/auth/password/reset/')[0].body).toEqual({ email: 'planner@example.com' });
  });

  it('sets the new password from the link, and explains a bad link', async () => {
    expectConsoleError(/reset\/confirm\/ answered 400/);
    resetApp('/auth/reset?uid=7&token=good');
    renderApp();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New password'), 'brand new pw');
    await user.type(screen.getByLabelText('Confirm new password'), 'brand new pw');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('heading', { name: 'Password changed' })).toBeTruthy();
    expect(api.sent('POST /api/auth/password/reset/confirm/')[0].body).toEqual({
      uid: '7',
      token: 'good',
      new_password1: 'brand new pw',
      new_password2: 'brand new pw',
    });

    cleanup();
    resetApp('/auth/reset?uid=7&token=stale');
    renderApp();
    await user.type(screen.getByLabelText('New password'), 'brand new pw');
    await user.type(screen.getByLabelText('Confirm new password'), 'brand new pw');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('This reset link is invalid, used or expired. Ask for a new one.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toBeTruthy();
  });
});
