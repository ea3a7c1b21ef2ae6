import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { cleanupApp, installFakeApi, renderApp, resetApp, signInAs, testUser } from '../testing/app';
import { fakeApi, type FakeApi } from '../testing/fakeApi';
import { store } from '../store';
import { selectScenarioAtom } from '../features/projects/scenarioSelection';

const since = '2017-01-02T14:02:00Z';
const visitor = (id: number, first_name: string, last_name: string) => ({ id, email: `${first_name.toLowerCase()}@example.com`, first_name, last_name, since });

let api: FakeApi;
let present = [visitor(testUser.id, testUser.first_name, testUser.last_name), visitor(12, 'Ana', 'Ruiz')];
beforeEach(() => {
  resetApp('/app/history');
  signInAs();
  present = [visitor(testUser.id, testUser.first_name, testUser.last_name), visitor(12, 'Ana', 'Ruiz')];
  api = installFakeApi(
    fakeApi({
      'GET /api/scenarios/7/presence/': () => ({ body: present }),
      'GET /api/scenarios/7/history/': { body: { entries: [], people: [], sets: [], kept_days: 365 } },
    }),
  );
  store.set(selectScenarioAtom, { projectId: 4, projectName: 'JFK', scenarioId: 7, scenarioName: 'Design day' });
});
afterEach(cleanupApp);

describe('who else has the scenario open', () => {
  it('shows the others in the top bar, not the planner, and follows them as they come and go', async () => {
    renderApp();
    const here = await screen.findByRole('list', { name: 'Also here: Ana Ruiz' });
    const [badge] = within(here).getAllByRole('listitem');
    expect(badge.textContent).toBe('AR');
    const time = new Date(since).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
    expect(badge.getAttribute('title')).toBe(`Ana Ruiz, here since ${time}`);

    present = [...present, visitor(13, 'Ben', 'Ode')];
    await waitFor(() => expect(api.change(7, 'scenario_presence', [3], 'insert')).toBe(1));
    expect(await screen.findByRole('list', { name: 'Also here: Ana Ruiz, Ben Ode' })).toBeTruthy();

    present = present.filter((v) => v.id !== 12 && v.id !== 13);
    api.change(7, 'scenario_presence', [2], 'delete');
    await waitFor(() => expect(screen.queryByRole('list', { name: /^Also here/ })).toBeNull());
  });
});
