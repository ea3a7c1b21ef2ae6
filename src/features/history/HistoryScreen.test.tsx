import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cleanupApp, installFakeApi, renderApp, resetApp, signInAs } from '../../testing/app';
import { fakeApi, type FakeApi, type RecordedRequest } from '../../testing/fakeApi';
import { store } from '../../store';
import { selectScenarioAtom } from '../projects/scenarioSelection';
import type { HistoryEntry } from './historyWords';

const ANA = { id: 12, email: 'ana@example.com', first_name: 'Ana', last_name: 'Ruiz' };
const BEN = { id: 13, email: 'ben@example.com', first_name: '', last_name: '' };

const entry = (id: number, values: Partial<HistoryEntry>): HistoryEntry => ({
  id,
  at: '2017-01-02T14:02:00Z',
  set: 'flights',
  op: 'update',
  ids: [id],
  count: 1,
  user: ANA,
  job: null,
  ...values,
});

/** A hundred entries, the last of them Ana's flight changes, ids 300 down to 204; one older on asking. */
const ENTRIES = [
  entry(400, { set: 'jobs', op: 'insert', ids: [7], user: BEN, job: { id: 7, kind: 'allocation-checkin' } }),
  entry(399, { set: 'resource_allocations', op: 'insert', ids: [1, 2, 3], count: 240, user: BEN, job: { id: 7, kind: 'allocation-checkin' } }),
  entry(398, { set: 'baggage_allocations', op: 'delete', ids: [55], user: null }),
  ...Array.from({ length: 97 }, (_, k) => entry(300 - k, {})),
];

function history({ query }: RecordedRequest) {
  const before = Number(query.get('before') ?? Infinity);
  const set = query.get('set');
  const user = query.get('user_id');
  const entries = ENTRIES.filter((e) => e.id < before && (!set || e.set === set) && (!user || e.user?.id === Number(user)));
  const older = before < Infinity ? [entry(100, { ids: [42] })] : [];
  return {
    body: {
      entries: [...entries.slice(0, 100), ...older],
      people: [ANA, BEN],
      sets: ['baggage_allocations', 'flights', 'jobs', 'resource_allocations'],
      kept_days: 90,
    },
  };
}

let api: FakeApi;
beforeEach(() => {
  resetApp('/app/history');
  signInAs();
  api = installFakeApi(fakeApi({ 'GET /api/scenarios/7/history/': history }));
  store.set(selectScenarioAtom, { projectId: 4, projectName: 'JFK', scenarioId: 7, scenarioName: 'Design day' });
});
afterEach(cleanupApp);

const rows = async () =>
  within(await screen.findByRole('table', { name: 'Changes' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(1)
        .map((c) => c.textContent),
    );

describe('the History screen', () => {
  it("says who changed what, a job's changes under who started it, newest first", async () => {
    renderApp();
    const shown = await rows();
    expect(shown.slice(0, 4)).toEqual([
      ['ben@example.com', 'Started the job Check-in counter allocation'],
      ['ben@example.com', 'Added 240 check-in counter allocations by the job Check-in counter allocation'],
      ['The server', 'Deleted a make-up allocation (#55)'],
      ['Ana Ruiz', 'Changed a flight (#300)'],
    ]);
    expect(screen.getByText('Changes are kept for 90 days.')).toBeTruthy();
  });

  it('filters by what and by whom, on the server', async () => {
    renderApp();
    const user = userEvent.setup();
    await rows();
    await user.selectOptions(screen.getByLabelText('Who'), 'Ana Ruiz');
    await waitFor(() => expect(api.sent('GET /api/scenarios/7/history/').at(-1)!.query.get('user_id')).toBe('12'));
    await user.selectOptions(screen.getByLabelText('What'), 'Make-up allocations');
    expect(await screen.findByText('No changes yet.')).toBeTruthy();
    const last = api.sent('GET /api/scenarios/7/history/').at(-1)!.query;
    expect([last.get('set'), last.get('user_id')]).toEqual(['baggage_allocations', '12']);
  });

  it('shows older changes on asking, after the last one shown', async () => {
    renderApp();
    const user = userEvent.setup();
    expect(await rows()).toHaveLength(100);
    await user.click(screen.getByRole('button', { name: 'Show older changes' }));
    await waitFor(async () => expect(await rows()).toHaveLength(101));
    expect(api.sent('GET /api/scenarios/7/history/').at(-1)!.query.get('before')).toBe('204');
    expect((await rows()).at(-1)).toEqual(['Ana Ruiz', 'Changed a flight (#42)']);
  });

  it('loads again when the scenario changes on the server', async () => {
    renderApp();
    await rows();
    const asked = api.sent('GET /api/scenarios/7/history/').length;
    await waitFor(() => expect(api.change(7, 'flights', [300])).toBe(1));
    await waitFor(() => expect(api.sent('GET /api/scenarios/7/history/').length).toBe(asked + 1));
  });
});
