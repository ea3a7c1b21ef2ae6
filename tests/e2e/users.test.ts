// End to end in a real Chromium against the real server: a staff member opens Users from the
// menu, creates a colleague who can then sign in, and deactivates another, who then cannot.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chromiumAvailable, screenshot, signInThroughUi } from '../support/browser';
import type { TestServer } from '../support/testServer';
import { onePage } from '../support/browserSuite';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../server/seed/demo';

const PASSWORD = 'e2e-password-1';

let server: TestServer;
let page: Page;

async function signInStatus(email: string, password: string): Promise<number> {
  const res = await fetch(`${server.baseUrl}/api/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return res.status;
}

describe.skipIf(!chromiumAvailable)('the Users screen in a real browser', () => {
  onePage((opened) => {
    ({ server, page } = opened);
  });

  it('lets staff create a user and deactivate another', async () => {
    await server.createUser('leaving@e2e.example.com', PASSWORD);
    expect(await signInStatus('leaving@e2e.example.com', PASSWORD)).toBe(200);
    await signInThroughUi(page, DEMO_EMAIL, DEMO_PASSWORD);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Main menu' }).getByRole('link', { name: 'Users', exact: true }).click();
    await page.waitForURL('**/app/users');
    const grid = page.getByRole('region', { name: 'Users grid' });
    await grid.getByText('leaving@e2e.example.com').waitFor();
    // The signed-in staff member cannot lock themselves out.
    expect(await page.getByRole('button', { name: `Deactivate ${DEMO_EMAIL}` }).count()).toBe(0);

    await page.getByRole('button', { name: 'New user' }).click();
    const dialog = page.getByRole('dialog', { name: 'New user' });
    await dialog.getByLabel('E-mail').fill('joining@e2e.example.com');
    await dialog.getByLabel('First name').fill('Jo');
    await dialog.getByLabel('Last name').fill('Ining');
    await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await screenshot(page, '60-users-new-user');
    await dialog.getByRole('button', { name: 'Create user' }).click();
    await page.getByText('Created user joining@e2e.example.com.').waitFor();
    await grid.getByText('Jo Ining').waitFor();
    expect(await signInStatus('joining@e2e.example.com', PASSWORD)).toBe(200);

    await page.getByRole('button', { name: 'Deactivate leaving@e2e.example.com' }).click();
    await page.getByText('leaving@e2e.example.com is deactivated and can no longer sign in.').waitFor();
    await page.getByRole('button', { name: 'Reactivate leaving@e2e.example.com' }).waitFor();
    const row = grid.getByRole('row').filter({ hasText: 'leaving@e2e.example.com' });
    expect(await row.getByRole('gridcell').nth(3).textContent()).toBe('No');
    expect(await signInStatus('leaving@e2e.example.com', PASSWORD)).toBe(400);
    await screenshot(page, '61-users');

    // What the screen shows is what the server keeps.
    await page.reload();
    await grid.getByText('Jo Ining').waitFor();
    await page.getByRole('button', { name: 'Reactivate leaving@e2e.example.com' }).waitFor();
  });
});
