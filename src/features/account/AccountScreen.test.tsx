import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectConsoleError } from '../../testing/consoleErrors';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentUserAtom } from '../../auth/atoms';
import { store } from '../../store';
import { renderApp, resetApp, signInAs, testUser } from '../../testing/app';
import { fakeApi, type FakeApi } from '../../testing/fakeApi';

let api: FakeApi;

beforeEach(() => {
  resetApp('/app/account');
  signInAs();
  api = fakeApi({ 'GET /api/auth/user/': { body: testUser } });
  api.install();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const section = async (name: string) => {
  await screen.findByRole('heading', { name: 'My account' });
  return screen.getByRole(name === 'Two-factor authentication' ? 'region' : 'form', { name });
};

describe('profile', () => {
  it('saves the first and last name and keeps them in the session', async () => {
    api.on('PATCH /api/auth/user/', ({ body }) => ({ body: { ...testUser, ...(body as object) } }));
    renderApp();
    const form = await section('Profile');
    const user = userEvent.setup();
    const first = within(form).getByLabelText('First name');
    expect((first as HTMLInputElement).value).toBe('Pat');
    await user.clear(first);
    await user.type(first, 'Alex');
    await user.click(within(form).getByRole('button', { name: 'Save name' }));
    expect(await within(form).findByText('Your name is saved.')).toBeTruthy();
    expect(api.sent('PATCH /api/auth/user/')[0].body).toEqual({ first_name: 'Alex', last_name: 'Planner' });
    expect(store.get(currentUserAtom)?.first_name).toBe('Alex');
    expect(screen.getByRole('button', { name: 'Account menu' }).textContent).toBe('AP');
  });

  it("shows a field's error under it", async () => {
    expectConsoleError(/PATCH \/api\/auth\/user\/ answered 400/);
    api.on('PATCH /api/auth/user/', { status: 400, body: { last_name: ['Ensure this field has no more than 150 characters.'] } });
    renderApp();
    const form = await section('Profile');
    await userEvent.setup().click(within(form).getByRole('button', { name: 'Save name' }));
    expect(await within(form).findByText('Ensure this field has no more than 150 characters.')).toBeTruthy();
    expect(within(form).getByLabelText('Last name').getAttribute('aria-invalid')).toBe('true');
  });
});

describe('password', () => {
  it('changes the password and clears the fields', async () => {
    api.on('POST /api/auth/password/change/', { body: { detail: 'New password has been saved.' } });
    renderApp();
    const form = await section('Password');
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText('Current password'), 'old-secret');
    await user.type(within(form).getByLabelText('New password'), 'new-secret-1');
    await user.type(within(form).getByLabelText('Confirm new password'), 'new-secret-1');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText('New password has been saved.')).toBeTruthy();
    expect(api.sent('POST /api/auth/password/change/')[0].body).toEqual({
      old_password: 'old-secret',
      new_password1: 'new-secret-1',
      new_password2: 'new-secret-1',
    });
    expect((within(form).getByLabelText('Current password') as HTMLInputElement).value).toBe('');
  });

  it("shows the server's messages under the fields they concern", async () => {
    expectConsoleError(/password\/change\/ answered 400/);
    api.on('POST /api/auth/password/change/', {
      status: 400,
      body: { old_password: ['Your old password was entered incorrectly.'], new_password2: ["The two password fields didn't match."] },
    });
    renderApp();
    const form = await section('Password');
    await userEvent.setup().click(within(form).getByRole('button', { name: 'Change password' }));
    const mismatch = await within(form).findByText("The two password fields didn't match.");
    expect(within(form).getByLabelText('Confirm new password').getAttribute('aria-describedby')).toBe(mismatch.id);
    expect(within(form).getByText('Your old password was entered incorrectly.')).toBeTruthy();
  });
});

describe('two-factor authentication', () => {
  const qr = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>';

  beforeEach(() => {
    api.on('POST /api/auth/mfa/otp/generate/', { body: { secret: 'JBSWY3DPEHPK3PXP', otpauth_url: 'otpauth://totp/x', qr_svg: qr } });
    api.on('POST /api/auth/mfa/otp/validate/', ({ body }) =>
      (body as { token: string }).token === '123456' ? { body: { otp_enabled: true } } : { status: 400, body: { detail: 'Invalid 2FA code' } },
    );
  });

  async function startSetup() {
    renderApp();
    const region = await section('Two-factor authentication');
    const user = userEvent.setup();
    await user.click(within(region).getByRole('button', { name: 'Turn on 2FA' }));
    await within(region).findByRole('img', { name: 'QR code for your authenticator app' });
    return { region, user };
  }

  it('shows the QR code and the secret, then turns 2FA on with a first correct code', async () => {
    const { region, user } = await startSetup();
    const image = within(region).getByRole('img', { name: 'QR code for your authenticator app' });
    expect(decodeURIComponent(image.getAttribute('src')!.split(',')[1])).toBe(qr);
    expect(within(region).getByText('JBSWY3DPEHPK3PXP')).toBeTruthy();
    await user.type(within(region).getByLabelText('Code from your app'), '123456');
    await user.click(within(region).getByRole('button', { name: 'Confirm code' }));
    expect(await within(region).findByText('Two-factor authentication is on.')).toBeTruthy();
    expect(api.sent('POST /api/auth/mfa/otp/validate/')[0].body).toEqual({ token: '123456' });
    expect(store.get(currentUserAtom)?.otp_enabled).toBe(true);
    expect(within(region).getByRole('button', { name: 'Turn off 2FA' })).toBeTruthy();
  });

  it("refuses a badly formed code with 'Invalid code' without sending it", async () => {
    const { region, user } = await startSetup();
    await user.type(within(region).getByLabelText('Code from your app'), '12');
    await user.click(within(region).getByRole('button', { name: 'Confirm code' }));
    expect(await within(region).findByText('Invalid code')).toBeTruthy();
    expect(api.sent('POST /api/auth/mfa/otp/validate/')).toHaveLength(0);
  });

  it("shows 'Invalid 2FA code' for a wrong code and stays off", async () => {
    expectConsoleError(/otp\/validate\/ answered 400/);
    const { region, user } = await startSetup();
    await user.type(within(region).getByLabelText('Code from your app'), '000000');
    await user.click(within(region).getByRole('button', { name: 'Confirm code' }));
    expect(await within(region).findByText('Invalid 2FA code')).toBeTruthy();
    expect(store.get(currentUserAtom)?.otp_enabled).toBe(false);
  });

  describe('when on', () => {
    beforeEach(() => {
      signInAs({ ...testUser, otp_enabled: true });
      api.on('GET /api/auth/user/', { body: { ...testUser, otp_enabled: true } });
    });

    it('turns 2FA off with the password', async () => {
      api.on('POST /api/auth/mfa/otp/disable/', { body: { otp_enabled: false } });
      renderApp();
      const region = await section('Two-factor authentication');
      const user = userEvent.setup();
      await user.type(within(region).getByLabelText('Or your password'), 'secret');
      await user.click(within(region).getByRole('button', { name: 'Turn off 2FA' }));
      expect(await within(region).findByText('Two-factor authentication is off.')).toBeTruthy();
      expect(api.sent('POST /api/auth/mfa/otp/disable/')[0].body).toEqual({ password: 'secret' });
      expect(within(region).getByRole('button', { name: 'Turn on 2FA' })).toBeTruthy();
    });

    it('turns 2FA off with a code', async () => {
      api.on('POST /api/auth/mfa/otp/disable/', { body: { otp_enabled: false } });
      renderApp();
      const region = await section('Two-factor authentication');
      const user = userEvent.setup();
      await user.type(within(region).getByLabelText('Current 2FA code'), '123456');
      await user.click(within(region).getByRole('button', { name: 'Turn off 2FA' }));
      await within(region).findByText('Two-factor authentication is off.');
      expect(api.sent('POST /api/auth/mfa/otp/disable/')[0].body).toEqual({ token: '123456' });
    });

    it('shows a wrong password under the password field and the request-level message above the button', async () => {
      expectConsoleError(/otp\/disable\/ answered 400/);
      api.on('POST /api/auth/mfa/otp/disable/', { status: 400, body: { password: ['Wrong password.'] } });
      renderApp();
      const region = await section('Two-factor authentication');
      const user = userEvent.setup();
      await user.type(within(region).getByLabelText('Or your password'), 'nope');
      await user.click(within(region).getByRole('button', { name: 'Turn off 2FA' }));
      expect(await within(region).findByText('Wrong password.')).toBeTruthy();
      api.on('POST /api/auth/mfa/otp/disable/', { status: 400, body: { non_field_errors: ['Give a current code or your password.'] } });
      await user.clear(within(region).getByLabelText('Or your password'));
      await user.click(within(region).getByRole('button', { name: 'Turn off 2FA' }));
      expect(await within(region).findByText('Give a current code or your password.')).toBeTruthy();
    });
  });
});
