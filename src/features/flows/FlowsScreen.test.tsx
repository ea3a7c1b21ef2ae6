// The flows screen on the fake API: without a scenario it says so; with one it shows the
// scenario's airlines and zones, edits splits by SPEC section 4 (Auto Layout names a wrong sum), saves the passenger movement
// graph (create, then update), asks for the segregations once per 10 minutes, refuses a bad
// import without changing anything, and loads a saved graph back.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, resetApp, signInAs } from '../../testing/app';
import { expectConsoleError } from '../../testing/consoleErrors';
import { fakeApi, type FakeApi } from '../../testing/fakeApi';
import { openingRoutes } from './screen.fixture';
import { store } from '../../store';
import { selectScenarioAtom } from '../projects/scenarioSelection';
import { forgetSegregationsCache } from './flowData';
import { sourceData } from './model/fixtures';
import { buildFlowGraph } from './model/buildFlowGraph';
import { connect, editSplits } from './model/editing';
import { toFlowDocument } from './model/graphDocument';

let api: FakeApi;
const saved = (graph: unknown, id = 90, version = 1) => ({ id, name: 'Check-in flow', graph, scenario_id: 7, created_at: '', updated_at: '', version });

// Auto Layout loads ELK's code (the layout runs in place here) on first use: megabytes that took
// over Testing Library's second to load beside another test file, and a late layout then edited
// the next test's graph. Loaded once before the tests, as the screen's worker has it loaded.
beforeAll(() => import('../../../workers/flow/layout'));

beforeEach(() => {
  resetApp('/app/checkin/flows');
  signInAs();
  forgetSegregationsCache();
  api = fakeApi(openingRoutes());
  api.install();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// React Flow keeps nodes hidden until it has measured them, which happy-dom never does, so
// what is inside nodes is found by its label, not its role.
const ANA = { id: 12, email: 'ana@example.com', first_name: 'Ana', last_name: 'Ruiz' };
const selectScenario = () => store.set(selectScenarioAtom, { projectId: 4, projectName: 'JFK', scenarioId: 7, scenarioName: 'Design day' });

describe('the flows screen', () => {
  it('asks for a scenario when none is selected', async () => {
    renderApp();
    const link = await screen.findByRole('link', { name: 'Choose a project and select a scenario' });
    expect(link.getAttribute('href')).toBe('/app/projects');
  });

  it('shows the scenario graph and the toolbar', async () => {
    selectScenario();
    renderApp();
    expect(await screen.findByText('American')).toBeTruthy();
    expect(screen.getByText('Delta')).toBeTruthy();
    expect(screen.queryByText('No segregations')).toBeNull();
    expect(screen.getByText('Checkin Zone A')).toBeTruthy();
    expect(screen.getAllByText('Queue 1')).toHaveLength(2);
    expect(screen.getByText('Security South')).toBeTruthy();
    for (const name of ['Auto Layout', 'Save Flow', 'Export Flow', 'Import Flow', 'Undo', 'Redo']) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
    expect(api.sent('GET /api/airlines/by_source/')).toHaveLength(1);
    // The passenger stories are a tab of their own beside the flow (the drawer lists Flows only).
    const tabs = screen.getByRole('navigation', { name: 'Check-in flow screens' });
    expect(within(tabs).getByRole('link', { name: 'Pax stories' }).getAttribute('href')).toBe('/app/checkin/pax-stories');
    expect(within(tabs).getByRole('link', { name: 'Flows' }).getAttribute('aria-current')).toBe('page');
    // No flow saved: the editor starts from the default flow the simulation runs, connected.
    expect(screen.getByText(/^No flow is saved yet: this is the default flow the simulation runs/)).toBeTruthy();
    expect(screen.getByLabelText('What the simulation runs').textContent).toBe('The simulation will run this flow once it is saved.');
  });

  it('starts from the default flow: each airline to Queue 1 of its zone, its counters, then security', async () => {
    const { withDefaultConnections } = await import('./model/defaultFlow');
    const { airlineZones } = await import('../../../common/scenario/airlineZones');
    const zones = airlineZones(
      [
        { airline: 1, zone: 10 },
        { airline: 3, zone: 11 },
        { airline: 3, zone: 11 },
        { airline: 3, zone: 10 },
        { airline: 4, zone: null },
      ],
      [10, 11],
    );
    expect([...zones]).toEqual([
      [1, { zone: 10, zones: 1 }],
      [3, { zone: 11, zones: 2 }],
      [4, { zone: 10, zones: 1 }],
    ]);
    const graph = withDefaultConnections(buildFlowGraph(sourceData), new Map([...zones].map(([a, c]) => [a, c.zone])));
    const pairs = graph.edges.map((e) => `${e.source}${e.sourceHandle ? `[${e.sourceHandle}]` : ''} -> ${e.target}`);
    expect(pairs).toEqual([
      'airline-AA[AA|J|0] -> queue-10-1',
      'airline-AA[AA|Y|0] -> queue-10-1',
      'airline-DL[DL|J|0] -> queue-11-1',
      'airline-DL[DL|Y|0] -> queue-11-1',
      ...['101', '102', '103'].flatMap((r) => [`queue-10-1 -> resource-${r}`, `resource-${r} -> output-201`, `resource-${r} -> output-202`]),
      'queue-11-1 -> resource-111',
      'resource-111 -> output-201',
      'resource-111 -> output-202',
    ]);
  });

  it('says why a typed proportion is refused', async () => {
    selectScenario();
    renderApp();
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Add split to AA Y'));
    const second = screen.getByLabelText('AA Y split 2') as HTMLInputElement;
    fireEvent.change(second, { target: { value: '33' } });
    // Inside a node React Flow has not measured (happy-dom): found by its text, not its role.
    expect(await screen.findByText('AA Y split 2: in steps of 5 % (0, 5, 10 ... 100)')).toBeTruthy();
    fireEvent.change(second, { target: { value: '150' } });
    expect(screen.getByText('AA Y split 2: at most 100 %')).toBeTruthy();
    fireEvent.blur(second);
    expect(screen.getByText('AA Y split 2: 150 was not taken (at most 100 %); it stays 50 %')).toBeTruthy();
    expect(second.value).toBe('50');
  });

  it('edits splits: 50/50 first, a wrong sum in red with refusing handles, undo and redo', async () => {
    selectScenario();
    renderApp();
    const user = userEvent.setup();
    const segregation = await screen.findByLabelText('Segregation AA Y');
    expect(within(segregation).getByText('100%')).toBeTruthy();
    await user.click(screen.getByLabelText('Add split to AA Y'));
    const first = screen.getByLabelText('AA Y split 1') as HTMLInputElement;
    const second = screen.getByLabelText('AA Y split 2') as HTMLInputElement;
    expect([first.value, second.value]).toEqual(['50', '50']);
    expect(first.step).toBe('5');
    expect(within(segregation).getAllByText('%')).toHaveLength(2);
    expect(screen.queryByLabelText('Remove AA Y split 1')).toBeNull();

    fireEvent.change(second, { target: { value: '45' } });
    expect(first.getAttribute('aria-invalid')).toBe('true');
    expect(segregation.querySelectorAll('.flow-handle--disabled')).toHaveLength(2);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Unsaved changes'));

    // Auto Layout (here in place: happy-dom has no Worker) names the invalid segregation.
    await user.click(screen.getByRole('button', { name: 'Auto Layout' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Splits that do not total 100% (they cannot be connected): AA Y.');
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect((screen.getByLabelText('AA Y split 2') as HTMLInputElement).value).toBe('50');
    await user.click(screen.getByRole('button', { name: 'Redo' }));
    expect((screen.getByLabelText('AA Y split 2') as HTMLInputElement).value).toBe('45');
    await user.click(screen.getByRole('button', { name: 'Redo' }));
    expect((screen.getByRole('button', { name: 'Redo' }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(screen.getByLabelText('Add split to AA Y'));
    expect((screen.getByLabelText('AA Y split 3') as HTMLInputElement).value).toBe('0');
    await user.click(screen.getByLabelText('Remove AA Y split 2'));
    expect(screen.queryByLabelText('AA Y split 3')).toBeNull();
  });

  it('creates the passenger movement graph on the first save and updates it after', async () => {
    selectScenario();
    api.on('POST /api/passenger-movement-graphs/', ({ body }) => ({ status: 201, body: saved((body as { graph: unknown }).graph) }));
    api.on('PATCH /api/passenger-movement-graphs/90/', ({ body }) => ({ body: saved((body as { graph: unknown }).graph) }));
    renderApp();
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Add split to AA Y'));
    await user.click(screen.getByRole('button', { name: 'Save Flow' }));
    await waitFor(() => expect(api.sent('POST /api/passenger-movement-graphs/')).toHaveLength(1));
    const body = api.sent('POST /api/passenger-movement-graphs/')[0].body as { name: string; scenario_id: number; graph: { format: string; splits: unknown } };
    expect(body.name).toBe('Check-in flow');
    expect(body.scenario_id).toBe(7);
    expect(body.graph.format).toBe('airport-planner/flow');
    expect(body.graph.splits).toEqual([
      { id: 'AA|Y|0', proportion: 50 },
      { id: 'AA|Y|1', proportion: 50 },
    ]);
    expect(await screen.findByText('All changes saved')).toBeTruthy();
    // Split 2 leads nowhere yet: saved as a draft, the simulation keeps the default flow, and says why.
    expect(screen.getByText('Flow saved as a draft: the simulation keeps running the default flow until the problem below is fixed.')).toBeTruthy();
    const readiness = screen.getByLabelText('What the simulation runs');
    expect(within(readiness).getByRole('listitem').textContent).toBe('AA Y: split 2 (50%) leads to no queue with resources');
    await user.click(screen.getByRole('button', { name: 'Save Flow' }));
    await waitFor(() => expect(api.sent('PATCH /api/passenger-movement-graphs/90/')).toHaveLength(1));
  });

  it('saves over a graph someone else saved meanwhile only when the planner saves again', async () => {
    selectScenario();
    const graph = buildFlowGraph(sourceData);
    api.on('GET /api/passenger-movement-graphs/', { body: [saved(toFlowDocument(graph, []), 90, 3)] });
    // Someone else saved version 4 after this screen read version 3.
    api.on('PATCH /api/passenger-movement-graphs/90/', ({ headers, body }) =>
      headers.get('if-match') === '"4"'
        ? { body: saved((body as { graph: unknown }).graph, 90, 5) }
        : { status: 412, body: saved(toFlowDocument(graph, []), 90, 4) },
    );
    // The History says who saved it, and when.
    const savedAt = '2017-01-02T14:02:00Z';
    api.on('GET /api/scenarios/7/history/', ({ query }) => ({
      body: {
        entries:
          query.get('set') === 'passenger_movement_graphs' && query.get('row') === '90'
            ? [{ id: 1, at: savedAt, set: 'passenger_movement_graphs', op: 'update', ids: [90], count: 1, user: ANA, job: null }]
            : [],
        people: [ANA],
        sets: ['passenger_movement_graphs'],
        kept_days: 365,
      },
    }));
    expectConsoleError(/PATCH \/api\/passenger-movement-graphs\/90\/ answered 412/);
    renderApp();
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Add split to AA Y'));
    await screen.findByText('Unsaved changes');
    await user.click(screen.getByRole('button', { name: 'Save Flow' }));
    const time = new Date(savedAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
    expect(
      await screen.findByText(
        `The flow was not saved: This flow was saved by Ana Ruiz at ${time} since you opened it. Save again to keep yours over theirs, or reload the screen to take theirs.`,
      ),
    ).toBeTruthy();
    expect(api.sent('PATCH /api/passenger-movement-graphs/90/')[0].headers.get('if-match')).toBe('"3"');
    expect(screen.getByRole('status').textContent).toBe('Unsaved changes');

    await user.click(screen.getByRole('button', { name: 'Save Flow' }));
    expect(await screen.findByText('All changes saved')).toBeTruthy();
    expect(api.sent('PATCH /api/passenger-movement-graphs/90/').map((r) => r.headers.get('if-match'))).toEqual(['"3"', '"4"']);
  });

  it("loads another planner's saved flow live, but not the planner's own save, nor over unsaved changes", async () => {
    selectScenario();
    const graph = buildFlowGraph(sourceData);
    api.on('GET /api/passenger-movement-graphs/', { body: [saved(toFlowDocument(graph, []), 90, 3)] });
    api.on('PATCH /api/passenger-movement-graphs/90/', ({ body }) => ({ body: saved((body as { graph: unknown }).graph, 90, 4) }));
    renderApp();
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Add split to AA Y'));
    await user.click(screen.getByRole('button', { name: 'Save Flow' }));
    await screen.findByText('All changes saved');
    const saving = toFlowDocument(editSplits(graph, 'airline-AA', 'Y', { kind: 'add' }), []);
    api.on('GET /api/passenger-movement-graphs/', { body: [saved(saving, 90, 4)] });
    // Its own save, announced: version 4 is the editor's own, so the flow is not loaded again.
    const graphReads = () => api.sent('GET /api/passenger-movement-graphs/').length;
    const before = graphReads();
    act(() => void api.change(7, 'passenger_movement_graphs', [90]));
    await waitFor(() => expect(graphReads()).toBe(before + 1));
    expect(api.sent('GET /api/zones/')).toHaveLength(1);

    // Another planner saves version 5, with a split on DL J: the editor shows it.
    let theirs = editSplits(buildFlowGraph(sourceData), 'airline-DL', 'J', { kind: 'add' });
    theirs = connect(theirs, { source: 'queue-10-1', target: 'resource-101' });
    api.on('GET /api/passenger-movement-graphs/', { body: [saved(toFlowDocument(theirs, []), 90, 5)] });
    act(() => void api.change(7, 'passenger_movement_graphs', [90]));
    expect(((await screen.findByLabelText('DL J split 2')) as HTMLInputElement).value).toBe('50');
    await waitFor(() => expect(screen.getByText('All changes saved')).toBeTruthy());

    // With unsaved changes, a change elsewhere waits.
    await user.click(await screen.findByLabelText('Add split to AA Y'));
    await screen.findByText('Unsaved changes');
    const zonesRead = api.sent('GET /api/zones/').length;
    act(() => void api.change(7, 'zones', [10]));
    act(() => void api.change(7, 'passenger_movement_graphs', [90]));
    await screen.findByText('Changed by someone else: shown once your changes are saved or undone');
    expect(api.sent('GET /api/zones/')).toHaveLength(zonesRead);
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
  });

  it('loads the saved graph back over the scenario data', async () => {
    let graph = editSplits(buildFlowGraph(sourceData), 'airline-DL', 'J', { kind: 'add' });
    graph = connect(graph, { source: 'queue-10-1', target: 'resource-101' });
    api.on('GET /api/passenger-movement-graphs/', { body: [saved(toFlowDocument(graph, []))] });
    selectScenario();
    renderApp();
    expect(((await screen.findByLabelText('DL J split 2')) as HTMLInputElement).value).toBe('50');
    expect(screen.getByRole('status').textContent).toBe('All changes saved');
  });

  it('asks for the segregations once in 10 minutes', async () => {
    selectScenario();
    const first = renderApp();
    await screen.findByText('American');
    first.unmount();
    renderApp();
    await screen.findByText('American');
    expect(api.sent('GET /api/segregations/by_airline_source/')).toHaveLength(1);
    expect(api.sent('GET /api/airlines/by_source/')).toHaveLength(2);
  });

  it('refuses a bad file on import and changes nothing', async () => {
    selectScenario();
    renderApp();
    await screen.findByText('American');
    const input = screen.getByLabelText('Flow file') as HTMLInputElement;
    const file = new File(['{"format":"airport-planner/flow","version":1,"nodes":[],"edges":[],"splits":[{"id":"AA|Y|0","proportion":33}]}'], 'flow.json', {
      type: 'application/json',
    });
    fireEvent.change(input, { target: { files: [file] } });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Import failed');
    expect(alert.textContent).toContain('splits.0.proportion: must be 0 to 100 in steps of 5');
    expect(screen.getByText('American')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Undo' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
