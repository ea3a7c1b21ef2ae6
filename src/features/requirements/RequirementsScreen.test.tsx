// The requirements screen on the fake API: the share and period are checked with messages that
// block the sizing; Size to target on the server starts the job, follows it and shows the plan
// (chart per group, tables, position-hours against the current plan); the plan is applied and the
// check-in allocation offered again with sizing=simulation; a plan of another scenario compares;
// periods verification could not call met are flagged and never shown as met, and a plan saved
// before plans were verified opens as not verified.
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cleanupApp, installFakeApi, renderApp, resetApp, signInAs, testUser } from '../../testing/app';
import { fakeApi, type FakeApi } from '../../testing/fakeApi';
import { expectConsoleError } from '../../testing/consoleErrors';
import { CHANGED_MEANWHILE } from '../../api/errors';
import { store } from '../../store';
import { selectScenarioAtom } from '../projects/scenarioSelection';
import { closeCallPlan, legacyPlan, testPlan } from './plan.fixture';
import type { AirportSizingOutput } from './model/plan';
import { POLL_INTERVAL_MS } from '../jobs/jobPolling';

let api: FakeApi;
const stamp = { created_at: '2026-11-20T10:00:00Z', updated_at: '2026-11-20T10:00:00Z' };
const job = (status: string, progress: number, result: Record<string, unknown> | null = null) => ({
  id: 31,
  scenario_id: 0,
  kind: 'simulation-size',
  status,
  progress,
  message: status === 'running' ? 'Sizing check-in, 40 replications' : 'Done',
  params: {},
  result,
  error: null,
  started_at: null,
  finished_at: null,
  ...stamp,
});
const savedPlan = (id: number, scenario_id: number, name: string, plan: AirportSizingOutput = testPlan()) => ({
  id,
  scenario_id,
  name,
  applied: false,
  settings: { share: 0.95, period_minutes: 30, targets: { economy: 20, business: 5, bagdrop: 5, kiosk: 2, security: 10 } },
  plan,
  ...stamp,
});

/** A scenario of one departure (enough for a document) with id `scenarioId`. */
function scenarioRoutes(scenarioId: number) {
  const s = { scenario_id: scenarioId, ...stamp };
  return {
    [`GET /api/scenarios/${scenarioId}/`]: {
      body: {
        id: scenarioId,
        project_id: 4,
        name: 'Design day',
        description: '',
        design_date: '2026-11-20',
        counter_share: 100,
        selected_schedule_id: null,
        ...stamp,
      },
    },
    'GET /api/airports/': { body: [] },
    'GET /api/flights/': {
      body: [
        {
          ...s,
          id: 1,
          source_id: null,
          airline_id: 1,
          flight_number: '1',
          suffix: '',
          direction: 'departure',
          origin: 'JFK',
          destination: 'LHR',
          scheduled: '2026-11-20T09:00:00Z',
          aircraft_id: null,
          seats: 180,
          load_factor: 0.8,
          passengers: null,
          sector: 'international',
          terminal_id: null,
          zone_id: null,
          makeup_zone_id: null,
          turnup_profile_id: 5,
        },
      ],
    },
    'GET /api/segregations/': { body: [] },
    'GET /api/airlines/': { body: [{ ...s, id: 1, code: 'BA', icao: 'BAW', name: 'British Airways' }] },
    'GET /api/aircraft/': { body: [] },
    'GET /api/turnup-profiles/': {
      body: [{ ...s, id: 5, name: 'Short', bin_minutes: 60, earliest_minutes: 180, shares: [30, 40, 30], airline_code: null, sector: null }],
    },
    'GET /api/allocation/resource/': { body: [] },
    'GET /api/zones/': { body: [] },
    'GET /api/allocation/resource-allocation/': { body: [] },
    'GET /api/allocation/baggage-allocation/': { body: [] },
    'GET /api/rules/bagsperallocation/': { body: [] },
    'GET /api/passenger-movement-graphs/': { body: [] },
    'GET /api/sizing-plans/': { body: [] },
    'GET /api/jobs/': { body: [] },
    'GET /api/scenarios/': { body: [] },
  };
}

/** Opens a saved plan of scenario 105 as the database answers it, and answers its checkpoint's card. */
async function openSaved(plan: AirportSizingOutput) {
  open(105);
  api.on('GET /api/sizing-plans/', { body: [savedPlan(13, 105, 'Base', plan)] });
  api.on('GET /api/sizing-plans/13/', { body: savedPlan(13, 105, 'Base', plan) });
  await userEvent.click(await screen.findByRole('button', { name: 'Open Base' }));
  const shown = await screen.findByRole('region', { name: 'Requirements plan' });
  return { shown, security: await openGroup(shown, 'Security South') };
}

/** Opens a group's detail from the overview's table of groups, and answers it. */
async function openGroup(plan: HTMLElement, label: string): Promise<HTMLElement> {
  await userEvent.click(within(within(plan).getByRole('table', { name: 'Groups' })).getByRole('link', { name: label }));
  const detail = within(plan).getByRole('heading', { name: label, level: 3 }).closest('details')!;
  expect(detail.open).toBe(true);
  return detail;
}

/** The cells of a period's row in a group's table per period, under their column labels. */
function periodRow(card: HTMLElement, group: string, period: string): Record<string, string> {
  const table = within(within(card).getByRole('region', { name: `${group} per period` })).getByRole('table');
  const labels = within(table)
    .getAllByRole('columnheader')
    .map((th) => th.textContent ?? '');
  const row = within(table).getByText(period).closest('tr')!;
  return Object.fromEntries(
    within(row)
      .getAllByRole('cell')
      .map((td, i) => [labels[i], td.textContent ?? '']),
  );
}

function open(scenarioId: number) {
  store.set(selectScenarioAtom, { projectId: 4, projectName: 'JFK', scenarioId, scenarioName: 'Design day' });
  api = installFakeApi(fakeApi({ 'GET /api/auth/user/': { body: testUser }, ...scenarioRoutes(scenarioId) }));
  renderApp();
}

// The app loads the screen's code when it is first shown; loaded here, before the tests, a
// test's first wait is for the screen, not for its code.
beforeAll(async () => {
  await import('./RequirementsScreen');
});

beforeEach(() => {
  resetApp('/app/simulation/requirements');
  signInAs();
});

afterEach(cleanupApp);

describe('the requirements screen', () => {
  it('says what counts as within target, checks the share and blocks the sizing until it reads', async () => {
    open(101);
    const share = await screen.findByLabelText('Share within target (%)');
    expect(screen.getByText(/only after their flight's check-in closes counts as outside the target\.$/)).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Size to target' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    await userEvent.clear(share);
    await userEvent.type(share, '100');
    expect(screen.getByRole('alert').textContent).toMatch(/from 50 to 99.9/);
    expect((button as HTMLButtonElement).disabled).toBe(true);
    await userEvent.clear(share);
    await userEvent.type(share, '90');
    expect(screen.queryByRole('alert')).toBeNull();
    expect((button as HTMLButtonElement).disabled).toBe(false);
  });

  it('sizes on the server, shows the plan against the current one, applies it and offers the check-in allocation again', async () => {
    open(102);
    let polls = 0;
    api.on('POST /api/simulation/size/', { status: 202, body: job('queued', 0) });
    api.on('GET /api/jobs/31/', () => ({ body: ++polls < 2 ? job('running', 40) : job('succeeded', 100, { plan_id: 9 }) }));
    // As the server saves it: the settings the screen sent (a plan sized through the API alone may have no targets).
    const { targets: _omitted, ...untargeted } = savedPlan(9, 102, 'Base at 95 %').settings;
    api.on('GET /api/sizing-plans/9/', { body: { ...savedPlan(9, 102, 'Base at 95 %'), settings: untargeted } });
    api.on('POST /api/sizing-plans/9/apply/', { body: { ...savedPlan(9, 102, 'Base at 95 %'), applied: true } });
    api.on('POST /api/allocation/run/checkin/', { status: 202, body: job('queued', 0) });
    const button = await screen.findByRole('button', { name: 'Size to target' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    await userEvent.clear(screen.getByLabelText('Share within target (%)'));
    await userEvent.type(screen.getByLabelText('Share within target (%)'), '97.5');
    await userEvent.click(button);

    expect(await screen.findByRole('progressbar', { name: 'Sizing progress' })).toBeTruthy();
    const sent = api.sent('POST /api/simulation/size/')[0];
    expect(sent.query.get('scenario_id')).toBe('102');
    expect(sent.body).toMatchObject({ share: 0.975, period_minutes: 30, document: { kind: 'airport', sizing: { share: 0.975, period_minutes: 30 } } });
    expect(sent.body).toMatchObject({ targets: { economy: 20, business: 5, bagdrop: 5, kiosk: 2, security: 10 } });

    // The screen asks for the job again after POLL_INTERVAL_MS (the second answer says it has
    // finished), then loads the plan: Testing Library's second alone is not that long.
    const plan = await screen.findByRole('region', { name: 'Requirements plan' }, { timeout: POLL_INTERVAL_MS + 2_000 });
    expect(within(plan).getByText(/^Each queue's own target; 95 % within target per 30-minute period\./)).toBeTruthy();
    expect(within(within(plan).getByRole('list', { name: 'Position-hours' })).getByText('5.5 lane-hours saved')).toBeTruthy();
    const security = await openGroup(plan, 'Security South');
    expect(within(security).getByRole('figure', { name: 'Security South: lanes open' })).toBeTruthy();
    const periods = within(security).getByRole('region', { name: 'Security South per period' });
    expect(within(periods).getByText('06:00-06:30')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Apply to the scenario' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Re-run check-in allocation' }));
    await waitFor(() => expect(api.sent('POST /api/allocation/run/checkin/')).toHaveLength(1));
    expect(api.sent('POST /api/allocation/run/checkin/')[0].query.get('sizing')).toBe('simulation');
    expect(screen.getAllByText('Applied').length).toBeGreaterThan(0);
  });

  it('compares the shown plan with a plan of another scenario of the project', async () => {
    open(103);
    api.on('GET /api/sizing-plans/', (request) => ({
      body: request.query.get('scenario_id') === '104' ? [savedPlan(12, 104, 'Growth')] : [savedPlan(11, 103, 'Base')],
    }));
    api.on('GET /api/scenarios/', {
      body: [
        { id: 103, name: 'Base' },
        { id: 104, name: 'Growth 20 %' },
      ],
    });
    api.on('GET /api/sizing-plans/11/', { body: savedPlan(11, 103, 'Base', testPlan([2, 2, 2, 2, 2, 2, 2])) });
    api.on('GET /api/sizing-plans/12/', { body: savedPlan(12, 104, 'Growth', testPlan([2, 2, 6, 6, 6, 6, 2])) });
    await userEvent.click(await screen.findByRole('button', { name: 'Open Base' }));
    await userEvent.selectOptions(await screen.findByLabelText('Compare the shown plan with'), '12');
    await userEvent.click(screen.getByRole('button', { name: 'Compare' }));
    const comparison = await screen.findByRole('region', { name: 'Plan comparison' });
    expect(within(comparison).getByText('+4 lanes 07:00-09:00')).toBeTruthy();
    expect(within(comparison).getByText('+8 lane-hours')).toBeTruthy();
  });

  it('deletes a saved plan only as the list showed it: one renamed meanwhile is kept and shown as it is now', async () => {
    expectConsoleError(/DELETE \/api\/sizing-plans\/13\/ answered 412/);
    open(105);
    api.on('GET /api/sizing-plans/', { body: [{ ...savedPlan(13, 105, 'Base'), version: 2 }] });
    api.on('DELETE /api/sizing-plans/13/', { status: 412, body: { ...savedPlan(13, 105, 'Base, checked'), version: 3 } });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Base' }));
    // Someone else renamed it after this list was read.
    api.on('GET /api/sizing-plans/', { body: [{ ...savedPlan(13, 105, 'Base, checked'), version: 3 }] });
    await userEvent.click(screen.getByRole('button', { name: 'Delete plan' }));
    expect(await screen.findByText(CHANGED_MEANWHILE)).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Delete Base, checked' })).toBeTruthy();
    expect(api.sent('DELETE /api/sizing-plans/13/')[0].headers.get('if-match')).toBe('"2"');
  });

  it("shows the overview first: a chart per process, the groups with their peaks, and a group's detail on asking", async () => {
    open(105);
    const plan = closeCallPlan();
    api.on('GET /api/sizing-plans/', { body: [savedPlan(13, 105, 'Base', plan)] });
    api.on('GET /api/sizing-plans/13/', { body: savedPlan(13, 105, 'Base', plan) });
    await userEvent.click(await screen.findByRole('button', { name: 'Open Base' }));
    const shown = await screen.findByRole('region', { name: 'Requirements plan' });
    const overview = within(shown).getByRole('region', { name: 'Overview' });
    expect(within(overview).getByRole('figure', { name: 'Check-in counters open' })).toBeTruthy();
    expect(within(overview).getByRole('figure', { name: 'Security lanes open' }).textContent).toContain(
      "Peak 4 lanes from 06:30; today's plan opens up to 6, the terminal has 8.",
    );
    const groups = within(overview).getByRole('table', { name: 'Groups' });
    const row = (label: string) => within(groups).getByRole('link', { name: label }).closest('tr')!.textContent;
    expect(row('Security South')).toContain('1 period too close to call, 1 missed');
    expect(row('Security South')).not.toContain('locally minimal');
    expect(row('Zone A / all airlines')).toContain('Met in every period, locally minimal');
    // Every group closed to its line, nothing of its detail drawn, until asked for.
    expect(within(shown).queryByRole('region', { name: 'Security South per period' })).toBeNull();
    const security = await openGroup(shown, 'Security South');
    expect(within(security).getByRole('region', { name: 'Security South per period' })).toBeTruthy();
    // Periods too close to call: not proven, so not called minimal either.
    expect(within(security).getByText('Not proven minimal')).toBeTruthy();
  });

  it('flags a period too close to call and never shows it as met', async () => {
    const { security } = await openSaved(closeCallPlan());
    expect(periodRow(security, 'Security South', '06:30-07:00')).toMatchObject({
      'Verified within target (%)': '94.8',
      '95% CI low (%)': '94.2',
      '95% CI high (%)': '95.4',
      'Search estimate (%)': '96.2',
      Verdict: 'Too close to call',
    });
    expect(periodRow(security, 'Security South', '07:30-08:00').Verdict).toBe('Missed');
    expect(periodRow(security, 'Security South', '06:00-06:30').Verdict).toBe('Met');
    expect(within(security).getByText('1 period too close to call, 1 missed').className).toContain('req-flagged');
    expect(within(security).getByText('Verified on 16 fresh replications')).toBeTruthy();
    expect(within(security).queryByText(/meets the target in every period/)).toBeNull();
    expect(within(security).getByText(/meets the target in 2 of 4 periods \(1 period too close to call, 1 missed; see the table\)/)).toBeTruthy();
  });

  it('opens a plan saved before plans were verified as not verified, never met', async () => {
    const { shown, security } = await openSaved(legacyPlan());
    expect(within(shown).getByText(/ 8 replications \(not verified\), sized in 1\.2 s\.$/)).toBeTruthy();
    expect(periodRow(security, 'Security South', '06:00-06:30')).toMatchObject({
      'Verified within target (%)': '',
      'Search estimate (%)': '97.0',
      Verdict: 'Not verified',
    });
    expect(within(shown).queryAllByRole('cell', { name: 'Met' })).toHaveLength(0);
    expect(within(shown).getAllByRole('cell', { name: 'Not verified' }).length).toBeGreaterThan(0);
    expect(within(security).getByText('Not verified (sized before plans were verified)')).toBeTruthy();
    expect(within(security).queryByText(/meets the target in/)).toBeNull();
    expect(within(security).queryByText(/too close to call/)).toBeNull();
  });
});
