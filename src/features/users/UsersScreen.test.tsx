import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '../../auth/user';
import { expectConsoleError } from '../../testing/consoleErrors';
import { cleanupApp, currentPath, installFakeApi, renderApp, resetApp, signInAs, testUser } from '../../testing/app';
import { fakeApi, type FakeApi } from '../../testing/fakeApi';

const boss: User = { ...testUser, id: 1, email: 'boss@example.com', first_name: 'Bo', last_name: 'Boss', is_staff: true };
const kim: User = { ...testUser, id: 2, email: 'kim@example.com', first_name: 'Kim', last_name: 'Park', otp_enabled: true };
const lee: User = { ...testUser, id: 3, email: 'lee@example.com', first_name: '', last_name: '', is_active: false };

let api: FakeApi;

beforeEach(() => {
  resetApp('/app/users');
  signInAs(boss);
  api = installFakeApi(fakeApi({ 'GET /api/users/': { body: [boss, kim, lee] } }));
});

afterEach(cleanupApp);

const grid = () => screen.findByRole('region', { name: 'Users grid' });

describe('the users screen', () => {
  it('lists every user with their staff, active and 2FA state', async () => {
    renderApp();
    const table = await grid();
    expect(await within(table).findByText('kim@example.com')).toBeTruthy();
    expect(within(table).getByText('Kim Park')).toBeTruthy();
    const row = (email: string) => within(table).getByText(email).closest('[role="row"]') as HTMLElement;
    const cells = (email: string) =>
      within(row(email))
        .getAllByRole('gridcell')
        .map((c) => c.textContent);
    expect(cells('boss@example.com').slice(0, 5)).toEqual(['boss@example.com', 'Bo Boss', 'Yes', 'Yes', 'Off']);
    expect(cells('kim@example.com').slice(0, 5)).toEqual(['kim@example.com', 'Kim Park', 'No', 'Yes', 'On']);
    expect(cells('lee@example.com').slice(0, 5)).toEqual(['lee@example.com', '', 'No', 'No', 'Off']);
  });

  it('offers the signed-in staff member no way to deactivate or un-staff themselves', async () => {
    renderApp();
    await within(await grid()).findByText('kim@example.com');
    expect(screen.queryByRole('button', { name: 'Deactivate boss@example.com' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove staff boss@example.com' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Deactivate kim@example.com' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reactivate lee@example.com' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reset 2FA lee@example.com' })).toBeNull();
  });

  it.each([
    ['Deactivate', kim, { is_active: false }, 'kim@example.com is deactivated and can no longer sign in.', 'Reactivate'],
    ['Reactivate', lee, { is_active: true }, 'lee@example.com can sign in again.', 'Deactivate'],
    ['Make staff', lee, { is_staff: true }, 'lee@example.com is now staff.', 'Remove staff'],
  ] as const)('%s: PATCHes the user and offers the opposite', async (label, target, change, message, opposite) => {
    api.on(`PATCH /api/users/${target.id}/`, ({ body }) => ({ body: { ...target, ...(body as object) } }));
    renderApp();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `${label} ${target.email}` }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(api.sent(`PATCH /api/users/${target.id}/`).map((r) => r.body)).toEqual([change]);
    // Made against the version shown: refused if another staff member changed the user meanwhile.
    expect(api.sent(`PATCH /api/users/${target.id}/`)[0].headers.get('if-match')).toBe(`"${target.version}"`);
    expect(await screen.findByRole('button', { name: `${opposite} ${target.email}` })).toBeTruthy();
    expect(screen.queryByRole('button', { name: `${label} ${target.email}` })).toBeNull();
  });

  it('resets 2FA only after confirming', async () => {
    api.on('POST /api/users/2/otp/reset/', { body: { ...kim, otp_enabled: false } });
    renderApp();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reset 2FA kim@example.com' }));
    const dialog = screen.getByRole('dialog', { name: 'Reset 2FA for kim@example.com?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.sent('POST /api/users/2/otp/reset/')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Reset 2FA kim@example.com' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Reset 2FA' }));
    expect(await screen.findByText('Two-factor authentication is off for kim@example.com.')).toBeTruthy();
    expect(api.sent('POST /api/users/2/otp/reset/')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Reset 2FA kim@example.com' })).toBeNull());
  });

  it('creates a user from the dialog and lists them', async () => {
    const sam: User = { ...testUser, id: 4, email: 'sam@example.com', first_name: 'Sam', last_name: 'Lo', is_staff: true };
    api.on('POST /api/users/', { status: 201, body: sam });
    renderApp();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New user' }));
    const dialog = screen.getByRole('dialog', { name: 'New user' });
    await user.type(within(dialog).getByLabelText('E-mail'), 'sam@example.com');
    await user.type(within(dialog).getByLabelText('First name'), 'Sam');
    await user.type(within(dialog).getByLabelText('Last name'), 'Lo');
    await user.type(within(dialog).getByLabelText('Password'), 'a long password');
    await user.click(within(dialog).getByLabelText(/Staff/));
    await user.click(within(dialog).getByRole('button', { name: 'Create user' }));
    expect(await screen.findByText('Created user sam@example.com.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.sent('POST /api/users/')[0].body).toEqual({
      email: 'sam@example.com',
      first_name: 'Sam',
      last_name: 'Lo',
      password: 'a long password',
      is_staff: true,
    });
    expect(await within(await grid()).findByText('sam@example.com')).toBeTruthy();
  });

  it("keeps the dialog open with the API's message under the field it names", async () => {
    expectConsoleError(/POST \/api\/users\/ answered 400/);
    api.on('POST /api/users/', { status: 400, body: { email: ['A user with that email already exists.'] } });
    renderApp();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New user' }));
    const dialog = screen.getByRole('dialog', { name: 'New user' });
    await user.type(within(dialog).getByLabelText('E-mail'), 'kim@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'a long password');
    await user.click(within(dialog).getByRole('button', { name: 'Create user' }));
    expect(await within(dialog).findByText('A user with that email already exists.')).toBeTruthy();
    expect(within(dialog).getByLabelText('E-mail').getAttribute('aria-invalid')).toBe('true');
  });

  it("shows the API's refusal and leaves the row as it was", async () => {
    expectConsoleError(/PATCH \/api\/users\/2\/ answered 400/);
    api.on('PATCH /api/users/2/', { status: 400, body: { is_staff: ['Refused for a reason.'] } });
    renderApp();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Make staff kim@example.com' }));
    expect(await screen.findByText('Make staff kim@example.com: Refused for a reason.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Make staff kim@example.com' })).toBeTruthy();
  });
});

describe('who sees Users', () => {
  it('tells a planner who is not staff that the screen is for staff, without asking for the list', async () => {
    resetApp('/app/users');
    signInAs(kim);
    renderApp();
    expect(await screen.findByText('Only staff manage users.')).toBeTruthy();
    expect(api.sent('GET /api/users/')).toHaveLength(0);
  });

  it.each([
    ['a staff member', true, boss],
    ['a planner', false, kim],
  ])('the menu of %s lists Users: %s', async (_, shown, who) => {
    resetApp('/app/projects');
    signInAs(who);
    api.on('GET /api/projects/', { body: [] });
    renderApp();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const drawer = screen.getByRole('dialog', { name: 'Main menu' });
    expect(within(drawer).queryByRole('link', { name: 'Users' }) !== null).toBe(shown);
    if (!shown) return;
    await user.click(within(drawer).getByRole('link', { name: 'Users' }));
    expect(currentPath()).toBe('/app/users');
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeTruthy();
  });
});
