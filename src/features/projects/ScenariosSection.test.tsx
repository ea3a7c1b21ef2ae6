// The scenarios table on the project configuration screen (fake API): the share of passengers
// who check in at a counter is a column with its meaning on the heading, edited like any cell,
// and the API's message for a bad value shows under it.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectConsoleError } from '../../testing/consoleErrors';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cleanupApp, installFakeApi, renderApp, resetApp, signInAs, testUser } from '../../testing/app';
import { fakeApi, type FakeApi } from '../../testing/fakeApi';

let api: FakeApi;
const project = { id: 4, name: 'JFK', description: '', owner_id: 1, role: 'owner', created_at: '', updated_at: '' };
const scenario = {
  id: 7,
  project_id: 4,
  project: { id: 4, name: 'JFK' },
  name: 'Design day',
  description: '',
  selected_schedule: null,
  design_date: '2017-01-02',
  counter_share: 100,
  created_at: '',
  updated_at: '',
};

beforeEach(() => {
  resetApp('/app/projects/config?project=4');
  signInAs();
  api = installFakeApi(
    fakeApi({
      'GET /api/auth/user/': { body: testUser },
      'GET /api/projects/4/': { body: project },
      'GET /api/projects/4/members/': { body: [] },
      'GET /api/scenarios/': { body: [scenario] },
    }),
  );
});

afterEach(cleanupApp);

describe('passengers at counters in the scenarios table', () => {
  it('explains the column and saves a new share through PATCH', async () => {
    api.on('PATCH /api/scenarios/7/', ({ body }) => ({ body: { ...scenario, ...(body as object) } }));
    renderApp();
    const cell = (await screen.findByLabelText('Passengers at counters (%), Design day')) as HTMLInputElement;
    expect(cell.value).toBe('100');
    const heading = screen.getByRole('columnheader', { name: 'Passengers at counters (%)' });
    expect(heading.getAttribute('title')).toMatch(
      /check in at a staffed counter .* The rest check in online or at a kiosk without hold baggage and go straight to security/,
    );
    const user = userEvent.setup();
    await user.clear(cell);
    await user.type(cell, '45');
    await user.click(screen.getByRole('button', { name: 'Save Design day' }));
    expect(((await screen.findByLabelText('Passengers at counters (%), Design day')) as HTMLInputElement).value).toBe('45');
    expect(api.sent('PATCH /api/scenarios/7/')[0].body).toMatchObject({ counter_share: 45 });
  });

  it("shows the API's message for a share out of range under the cell", async () => {
    expectConsoleError(/PATCH \/api\/scenarios\/7\/ answered 400/);
    api.on('PATCH /api/scenarios/7/', { status: 400, body: { counter_share: ['Must be a whole percentage from 1 to 100.'] } });
    renderApp();
    const cell = await screen.findByLabelText('Passengers at counters (%), Design day');
    const user = userEvent.setup();
    await user.clear(cell);
    await user.type(cell, '0{Enter}');
    expect(await screen.findByText('Must be a whole percentage from 1 to 100.')).toBeTruthy();
    expect(cell.getAttribute('aria-invalid')).toBe('true');
  });
});
