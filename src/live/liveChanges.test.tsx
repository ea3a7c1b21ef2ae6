// A screen reloads what it shows when the server says one of its tables changed, for the selected
// scenario only, and never while the planner is busy with it (then once they have finished).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'jotai';
import { fakeApi, type FakeApi } from '../testing/fakeApi';
import { resetApp, signInAs } from '../testing/app';
import { store } from '../store';
import { selectScenarioAtom } from '../features/projects/scenarioSelection';
import { useFollowSelectedScenario, useLiveReload } from './liveChanges';

let api: FakeApi;
const reload = vi.fn();
/** Another screen's, never busy: when it has reloaded, the change has reached the screens. */
const heard = vi.fn();

function Screen({ busy }: { busy: boolean }) {
  useFollowSelectedScenario();
  const waiting = useLiveReload(['flights', 'segregations'], reload, busy);
  useLiveReload(['flights'], heard, false);
  return <p role="status">{waiting ? 'waiting' : ''}</p>;
}

const select = (scenarioId: number) => store.set(selectScenarioAtom, { projectId: 1, projectName: 'JFK', scenarioId, scenarioName: `Day ${scenarioId}` });

/** Renders the screen and waits until the scenario's stream is open. */
async function shown(scenarioId: number, busy = false) {
  select(scenarioId);
  const view = render(
    <Provider store={store}>
      <Screen busy={busy} />
    </Provider>,
  );
  await waitFor(() => expect(api.change(scenarioId, 'nothing-shown')).toBe(1));
  return view;
}

beforeEach(() => {
  resetApp('/app/allocation/makeup');
  signInAs();
  api = fakeApi();
  api.install();
  reload.mockClear();
  heard.mockClear();
});
afterEach(cleanup);

describe('live reloads', () => {
  it("reloads once per change of a table the screen shows, and not for other tables or another scenario's", async () => {
    await shown(7);
    act(() => void api.change(7, 'flights', [3]));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    act(() => void api.change(7, 'zones', [1]));
    act(() => void api.change(8, 'flights', [4]));
    act(() => void api.change(7, 'segregations', [9]));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(2));
    // Told which of its tables changed, so that it reloads those alone.
    expect(reload.mock.calls).toEqual([[['flights']], [['segregations']]]);
    expect(api.sent('GET /api/scenarios/8/events/')).toEqual([]);
  });

  it('reloads every table it shows when changes may have been missed', async () => {
    await shown(7);
    act(() => void api.resync(7));
    await waitFor(() => expect(reload).toHaveBeenCalledWith(['flights', 'segregations']));
  });

  it('waits while the planner is busy, then reloads once for everything heard meanwhile', async () => {
    const view = await shown(7, true);
    act(() => void api.change(7, 'flights', [3]));
    await waitFor(() => expect(heard).toHaveBeenCalledTimes(1));
    act(() => void api.change(7, 'flights', [4]));
    await waitFor(() => expect(heard).toHaveBeenCalledTimes(2));
    expect(reload).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toBe('waiting');
    view.rerender(
      <Provider store={store}>
        <Screen busy={false} />
      </Provider>,
    );
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(reload).toHaveBeenCalledWith(['flights']);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('follows the newly selected scenario and closes the stream of the one before', async () => {
    await shown(7);
    act(() => select(8));
    await waitFor(() => expect(api.change(8, 'nothing-shown')).toBe(1));
    expect(api.change(7, 'flights')).toBe(0);
    act(() => void api.change(8, 'flights', [4]));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });
});
