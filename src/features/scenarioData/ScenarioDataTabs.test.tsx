// The scenario data tabs follow other planners' changes (fake API and event stream): a change to
// one set reloads that set's list alone, and a change arriving while the planner has unsaved edits
// waits, saying so, until they save or undo them.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'jotai';
import { cleanupApp, installFakeApi, resetApp, signInAs } from '../../testing/app';
import { fakeApi, type FakeApi } from '../../testing/fakeApi';
import { store } from '../../store';
import { useFollowSelectedScenario } from '../../live/liveChanges';
import { selectScenarioAtom } from '../projects/scenarioSelection';
import { RESOURCE_PATHS } from './resourceClient';
import { ScenarioDataTabs } from './ScenarioDataTabs';

const JFK = { id: 1, scenario_id: 7, version: 1, iata: 'JFK', icao: 'KJFK', name: 'Kennedy', city: 'New York', country: 'US', time_zone: 'America/New_York' };

let api: FakeApi;
let airports: (typeof JFK)[];
beforeEach(() => {
  resetApp('/app/projects/config');
  signInAs();
  airports = [JFK];
  const lists = Object.fromEntries(Object.values(RESOURCE_PATHS).map((path) => [`GET ${path}`, { body: [] }]));
  api = installFakeApi(fakeApi({ ...lists, 'GET /api/airports/': () => ({ body: airports }) }));
  store.set(selectScenarioAtom, { projectId: 4, projectName: 'JFK', scenarioId: 7, scenarioName: 'Design day' });
});
afterEach(cleanupApp);

function Following() {
  useFollowSelectedScenario();
  return <ScenarioDataTabs scenarioId={7} canWrite />;
}

async function shown() {
  render(
    <Provider store={store}>
      <Following />
    </Provider>,
  );
  await screen.findByLabelText('City, JFK');
  await waitFor(() => expect(api.change(7, 'nothing-shown')).toBe(1));
}

const asked = (path: string) => api.sent(`GET ${path}`).length;

describe("the scenario data tabs and other planners' changes", () => {
  it('reload the list of the set that changed, and no other', async () => {
    await shown();
    act(() => void api.change(7, 'zones', [3]));
    await waitFor(() => expect(asked('/api/zones/')).toBe(2));
    act(() => void api.change(7, 'airports', [1]));
    await waitFor(() => expect(asked('/api/airports/')).toBe(2));
    expect(Object.values(RESOURCE_PATHS).map(asked)).toEqual(
      Object.values(RESOURCE_PATHS).map((path) => (['/api/zones/', '/api/airports/'].includes(path) ? 2 : 1)),
    );
  });

  it('hold a change while the planner has unsaved edits, say so, and show it once they undo theirs', async () => {
    await shown();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('City, JFK'), ' City');
    airports = [{ ...JFK, city: 'Queens', version: 2 }];
    act(() => void api.change(7, 'airports', [1]));
    expect(await screen.findByText('Changed by someone else: shown once you save or undo your edits')).toBeTruthy();
    expect(asked('/api/airports/')).toBe(1);
    await user.keyboard('{Escape}');
    await waitFor(() => expect((screen.getByLabelText('City, JFK') as HTMLInputElement).value).toBe('Queens'));
    expect(screen.queryByText('Changed by someone else: shown once you save or undo your edits')).toBeNull();
  });
});
