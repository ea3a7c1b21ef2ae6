import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectConsoleError } from '../../testing/consoleErrors';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, resetApp, signInAs, testUser } from '../../testing/app';
import { fakeApi, type FakeApi } from '../../testing/fakeApi';
import { CHANGED_MEANWHILE } from '../../api/errors';
import { DEMO_POLL_MS } from './DemoProgress';

let api: FakeApi;

const project = { id: 4, name: 'Heathrow', description: '', owner_id: 1, role: 'owner', created_at: '', updated_at: '' };

beforeEach(() => {
  resetApp('/app/projects');
  signInAs();
  api = fakeApi({ 'GET /api/auth/user/': { body: testUser }, 'GET /api/projects/': { body: [project] } });
  api.install();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the projects screen', () => {
  it('lists the projects with the caller role and renames one through PATCH', async () => {
    api.on('PATCH /api/projects/4/', ({ body }) => ({ body: { ...project, ...(body as object) } }));
    renderApp();
    const name = await screen.findByLabelText('Name, Heathrow');
    expect(screen.getByText('Owner')).toBeTruthy();
    const user = userEvent.setup();
    await user.clear(name);
    await user.type(name, 'London Heathrow');
    await user.click(screen.getByRole('button', { name: 'Save Heathrow' }));
    expect(await screen.findByLabelText('Name, London Heathrow')).toBeTruthy();
    expect(api.sent('PATCH /api/projects/4/')[0].body).toEqual({ name: 'London Heathrow', description: '' });
  });

  it("shows the API's message for a new project's name under its cell", async () => {
    expectConsoleError(/POST \/api\/projects\/ answered 400/);
    api.on('POST /api/projects/', { status: 400, body: { name: ['A project with this name exists.'] } });
    renderApp();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '+ New project' }));
    await user.type(screen.getByLabelText('Name, new row'), 'Heathrow{Enter}');
    expect(await screen.findByText('A project with this name exists.')).toBeTruthy();
    expect(screen.getByLabelText('Name, new row').getAttribute('aria-invalid')).toBe('true');
  });

  it("changes a member's role against the member as shown, and shows another owner's change that came first", async () => {
    expectConsoleError(/PUT \/api\/projects\/4\/members\/ answered 412/);
    const ana = { user_id: 9, email: 'ana@example.com', first_name: 'Ana', last_name: 'Ruiz', role: 'viewer', version: 3 };
    api.on('GET /api/projects/4/members/', { body: [ana] });
    api.on('PUT /api/projects/4/members/', { status: 412, body: { ...ana, role: 'owner', version: 4 } });
    renderApp();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Members of Heathrow' }));
    await user.selectOptions(await screen.findByLabelText('Role, ana@example.com'), 'editor');
    await user.click(screen.getByRole('button', { name: 'Save ana@example.com' }));
    expect(await screen.findByText(CHANGED_MEANWHILE)).toBeTruthy();
    expect((screen.getByLabelText('Role, ana@example.com') as HTMLSelectElement).value).toBe('owner');
    const [sent] = api.sent('PUT /api/projects/4/members/');
    expect([sent.headers.get('if-match'), sent.body]).toEqual(['"3"', { email: 'ana@example.com', role: 'editor' }]);
  });

  it('links each project to its configuration', async () => {
    renderApp();
    const open = await screen.findByRole('link', { name: 'Open Heathrow' });
    expect(open.getAttribute('href')).toBe('/app/projects/config?project=4');
  });

  it('follows the demo being prepared on a first start and lists its project once ready', async () => {
    const demo = { ...project, id: 1, name: 'New York JFK' };
    const preparing = {
      status: 'preparing',
      project_id: 1,
      scenario_id: 1,
      progress: 40,
      message: 'Preparing the flights (step 1 of 3): Generating segregations',
    };
    const answers = [preparing, { ...preparing, status: 'ready', progress: 100, message: 'The demo is ready' }];
    api.on('GET /api/demo/status/', () => ({ body: answers.shift() ?? answers[0] }));
    let listed = [project];
    api.on('GET /api/projects/', () => ({ body: listed }));
    renderApp();
    expect(await screen.findByText(/The demo project is being prepared: Preparing the flights \(step 1 of 3\)/)).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Demo preparation' }).getAttribute('aria-valuenow')).toBe('40');
    listed = [project, demo];
    // The next ask of the demo's status comes a poll later; then the list is fetched again.
    expect(await screen.findByLabelText('Name, New York JFK', {}, { timeout: DEMO_POLL_MS + 1000 })).toBeTruthy();
    expect(screen.queryByRole('progressbar', { name: 'Demo preparation' })).toBeNull();
  });
});
