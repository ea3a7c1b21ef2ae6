// The baggage configuration screen's jobs on the fake API: the "Counters per" option (airline,
// common check-in, by default; or flight) goes with the check-in job, the latest result is told
// in words, the allocations as they stand now beside it, and a run that would replace allocations
// asks first, naming what it replaces and keeps.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectConsoleError } from '../../testing/consoleErrors';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cleanupApp, installFakeApi, renderApp, resetApp, signInAs, testUser } from '../../testing/app';
import { fakeApi, type FakeApi } from '../../testing/fakeApi';
import { store } from '../../store';
import { selectScenarioAtom } from '../projects/scenarioSelection';
import { counterShareNote } from './ConfigJobCard';

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
const makeupNow = { segregations: 500, segregations_placed: 481, allocations: 520, allocations_removed: 517, locked_allocations_kept: 3 };

beforeEach(() => {
  resetApp('/app/allocation/config');
  signInAs();
  store.set(selectScenarioAtom, { projectId: 4, projectName: 'JFK', scenarioId: 7, scenarioName: 'Design day' });
  api = installFakeApi(
    fakeApi({
      'GET /api/auth/user/': { body: testUser },
      'GET /api/projects/4/': { body: project },
      'GET /api/scenarios/7/': {
        body: { id: 7, project_id: 4, name: 'Design day', description: '', design_date: '2017-01-02', counter_share: 45, created_at: '', updated_at: '' },
      },
      'GET /api/zones/': { body: [] },
      'GET /api/allocation/resource/': { body: [] },
      'GET /api/rules/segregation/': { body: [] },
      'GET /api/rules/bagsperallocation/': { body: [] },
      'GET /api/jobs/': { body: [] },
      'GET /api/allocation/run/makeup/preview/': { body: makeupNow },
      'GET /api/allocation/run/checkin/preview/': {
        body: { counters_per: 'airline', allocations: 0, allocations_removed: 0, locked_allocations_kept: 0, unlocked_allocations_kept: 0 },
      },
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
    // Nothing to replace yet: no question, the job starts.
    await waitFor(() => expect(api.sent('POST /api/allocation/run/checkin/')).toHaveLength(1));
    expect(api.sent('POST /api/allocation/run/checkin/')[0].query.get('counters_per')).toBe('airline');
    await user.selectOptions(select, 'flight');
    await user.click(await within(card).findByRole('button', { name: 'Run check-in allocation' }));
    await waitFor(() => expect(api.sent('POST /api/allocation/run/checkin/')).toHaveLength(2));
    expect(api.sent('POST /api/allocation/run/checkin/')[1].query.get('counters_per')).toBe('flight');
    // The question is asked for the mode that would run.
    expect(api.sent('GET /api/allocation/run/checkin/preview/').at(-1)!.query.get('counters_per')).toBe('flight');
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

describe('the make-up allocation job card', () => {
  it('tells how the allocations stand now, whatever the last run said', async () => {
    api.on('GET /api/jobs/', {
      body: [job(40, 'allocation-makeup', { segregations: 500, assigned: 328, unassigned: 172, unassigned_by_reason: { capacity: 172 } })],
    });
    renderApp();
    const card = await screen.findByRole('region', { name: 'Make-up allocation' });
    expect((await within(card).findByRole('status')).textContent).toBe('328 placed, 172 not placed (172 no room)');
    expect((await within(card).findByText(/^Now:/)).textContent).toBe('Now: 520 allocations (3 locked) for 481 of 500 segregations.');
  });

  it('asks before a run replaces allocations, names what it replaces and keeps, and runs only when confirmed', async () => {
    api.on('POST /api/allocation/run/makeup/', { status: 202, body: { ...job(41, 'allocation-makeup', {}), status: 'queued', result: null } });
    renderApp();
    const card = await screen.findByRole('region', { name: 'Make-up allocation' });
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Run make-up allocation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Run make-up allocation?' });
    expect([...dialog.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'The run replaces the 517 unlocked allocations on the make-up Gantt with its answer.',
      '3 locked allocations are kept as placed.',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.sent('POST /api/allocation/run/makeup/')).toHaveLength(0);

    await user.click(within(card).getByRole('button', { name: 'Run make-up allocation' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Run make-up allocation?' })).getByRole('button', { name: 'Run make-up allocation' }));
    await waitFor(() => expect(api.sent('POST /api/allocation/run/makeup/')).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says why it cannot ask, and starts nothing, when the preview fails', async () => {
    expectConsoleError(/makeup\/preview\/ answered 403/);
    api.on('GET /api/allocation/run/makeup/preview/', { status: 403, body: { detail: 'You do not have permission to perform this action.' } });
    renderApp();
    const card = await screen.findByRole('region', { name: 'Make-up allocation' });
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Run make-up allocation' }));
    expect((await screen.findAllByRole('alert')).map((a) => a.textContent)).toContain('You do not have permission to perform this action.');
    expect(api.sent('POST /api/allocation/run/makeup/')).toHaveLength(0);
  });
});

describe('the jobs panel', () => {
  it('cancels a running job and words a finished one', async () => {
    const running = {
      ...job(40, 'allocation-makeup', {}),
      status: 'running',
      progress: 30,
      message: 'Make-up: optimising (1 of 3 parts) · 9 s of at most 30 s',
      result: null,
    };
    const done = job(39, 'segregations-generate', { departures: 292, segregations: 320, passengers: 42039, bags: 18250 });
    api.on('GET /api/jobs/', { body: [running, done] });
    api.on('POST /api/jobs/40/cancel/', () => {
      api.on('GET /api/jobs/', { body: [{ ...running, status: 'cancelled', message: 'Cancelled' }, done] });
      return { body: { ...running, status: 'cancelled', message: 'Cancelled' } };
    });
    renderApp();
    const panel = await screen.findByRole('region', { name: 'Jobs' });
    expect(await within(panel).findByText('320 segregations for 292 departures · 18,250 bags')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(within(panel).getByRole('button', { name: 'Cancel make-up allocation' }));
    await waitFor(() => expect(api.sent('POST /api/jobs/40/cancel/')).toHaveLength(1));
    expect(await within(panel).findByRole('listitem', { name: 'Make-up allocation cancelled' })).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: /^Cancel/ })).toBeNull();
  });

  it('says why a job could not be cancelled', async () => {
    expectConsoleError(/jobs\/41\/cancel\/ answered 409/);
    api.on('GET /api/jobs/', { body: [{ ...job(41, 'allocation-checkin', {}), status: 'running', progress: 50, result: null }] });
    api.on('POST /api/jobs/41/cancel/', { status: 409, body: { detail: 'This job has already ended (succeeded); there is nothing to cancel.' } });
    renderApp();
    const panel = await screen.findByRole('region', { name: 'Jobs' });
    await userEvent.setup().click(await within(panel).findByRole('button', { name: 'Cancel check-in counter allocation' }));
    expect((await within(panel).findByRole('alert')).textContent).toBe(
      'Could not cancel check-in counter allocation: This job has already ended (succeeded); there is nothing to cancel.',
    );
  });
});

describe('the check-in card after the share of passengers at counters changed', () => {
  it('says the counters were sized for the old share', async () => {
    api.on('GET /api/jobs/', {
      body: [job(50, 'allocation-checkin', { counters_per: 'airline', counter_share: 30, placed: 40, unplaced: 0, departures: 292 })],
    });
    renderApp();
    const card = await screen.findByRole('region', { name: 'Check-in counter allocation' });
    expect((await within(card).findByRole('note')).textContent).toBe(
      'These counters were sized for 30 % of passengers at counters; the scenario now says 45 %. Run the check-in allocation again to size them for it.',
    );
  });

  it('says nothing when the share is the same, or when the counters came from a sizing plan', () => {
    expect(counterShareNote({ counter_share: 45 }, 45)).toBeNull();
    expect(counterShareNote({ counter_share: 30, sizing: 'simulation' }, 45)).toBeNull();
    expect(counterShareNote({ counter_share: 30 }, undefined)).toBeNull();
  });
});
