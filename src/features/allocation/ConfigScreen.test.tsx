// The baggage configuration screen's check-in job on the fake API: the "Counters per" option
// (airline, common check-in, by default; or flight) goes with the job, and the latest result
// is told in words for both.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cleanupApp, installFakeApi, renderApp, resetApp, signInAs, testUser } from '../../testing/app';
import { fakeApi, type FakeApi } from '../../testing/fakeApi';
import { store } from '../../store';
import { selectScenarioAtom } from '../projects/scenarioSelection';

let api: FakeApi;
const project = { id: 4, name: 'JFK', description: '', owner_id: 1, role: 'owner', created_at: '', updated_at: '' };
const job = (id: number, kind: string, result: Record<string, unknown>) => ({
  id,
  scenario_id: 7,
  kind,
  status: 'succeeded',
  progress: 100,
  message: 'Done',
  params: {},
  result,
  error: null,
  created_at: '',
  started_at: '',
  finished_at: '',
});

beforeEach(() => {
  resetApp('/app/allocation/config');
  signInAs();
  store.set(selectScenarioAtom, { projectId: 4, projectName: 'JFK', scenarioId: 7, scenarioName: 'Design day' });
  api = installFakeApi(
    fakeApi({
      'GET /api/auth/user/': { body: testUser },
      'GET /api/projects/4/': { body: project },
      'GET /api/zones/': { body: [] },
      'GET /api/allocation/resource/': { body: [] },
      'GET /api/rules/segregation/': { body: [] },
      'GET /api/rules/bagsperallocation/': { body: [] },
      'GET /api/jobs/': { body: [] },
    }),
  );
});

afterEach(cleanupApp);

describe('the check-in allocation job card', () => {
  it('offers counters per airline (common check-in) by default, or per flight, and sends the choice', async () => {
    api.on('POST /api/allocation/run/checkin/', { status: 202, body: { ...job(31, 'allocation-checkin', {}), status: 'queued', result: null } });
    renderApp();
    const card = await screen.findByRole('region', { name: 'Check-in counter allocation' });
    const select = within(card).getByLabelText('Counters per') as HTMLSelectElement;
    expect([...select.options].map((o) => [o.value, o.textContent])).toEqual([
      ['airline', 'Airline (common check-in)'],
      ['flight', 'Flight'],
    ]);
    expect(select.value).toBe('airline');
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Run check-in allocation' }));
    expect(api.sent('POST /api/allocation/run/checkin/')[0].query.get('counters_per')).toBe('airline');
    await user.selectOptions(select, 'flight');
    await user.click(await within(card).findByRole('button', { name: 'Run check-in allocation' }));
    expect(api.sent('POST /api/allocation/run/checkin/')[1].query.get('counters_per')).toBe('flight');
    expect(api.sent('POST /api/allocation/run/checkin/')[1].query.get('scenario_id')).toBe('7');
  });

  it('words an airline result: windows placed, the departures they cover and the counters needed', async () => {
    api.on('GET /api/jobs/', {
      body: [
        job(30, 'allocation-checkin', {
          counters_per: 'airline',
          counter_share: 45,
          departures: 292,
          entries: 7,
          placed: 6,
          unplaced: 1,
          unplaced_by_reason: { capacity: 1 },
          peak_counters_needed: 71,
          counters_available: 110,
          gap: 0,
          optimal: true,
          wall_ms: 8900,
        }),
      ],
    });
    renderApp();
    const card = await screen.findByRole('region', { name: 'Check-in counter allocation' });
    const status = await within(card).findByRole('status');
    expect(status.textContent).toBe(
      '6 airline windows placed, 1 not placed (1 no room) · common check-in for 292 departures · peak 71 of 110 counters needed at once · sized for the 45 % of passengers who check in at a counter · gap 0.0 % · proven optimal · 8.9 s',
    );
  });
});
