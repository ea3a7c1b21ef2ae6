// The pax-stories screen on the fake API: 'Select Pax' with its two selectors filled from the
// scenario, the Palette's four sections, a story built from palette items and saved inside the
// passenger movement graph next to the flow.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, resetApp, signInAs } from '../../testing/app';
import { fakeApi, type FakeApi } from '../../testing/fakeApi';
import { openingRoutes } from '../flows/screen.fixture';
import { store } from '../../store';
import { forgetSegregationsCache } from '../flows/flowData';
import { selectScenarioAtom } from '../projects/scenarioSelection';

let api: FakeApi;

beforeEach(() => {
  resetApp('/app/checkin/pax-stories');
  signInAs();
  forgetSegregationsCache();
  api = fakeApi(openingRoutes());
  api.install();
  store.set(selectScenarioAtom, { projectId: 4, projectName: 'JFK', scenarioId: 7, scenarioName: 'Design day' });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the pax-stories screen', () => {
  it('fills Select Airline and Select Segregation from the scenario', async () => {
    renderApp();
    expect(await screen.findByText('Select Pax')).toBeTruthy();
    const airline = screen.getByRole('combobox', { name: 'Select Airline' }) as HTMLSelectElement;
    expect([...airline.options].map((o) => o.value)).toEqual(['', 'AA', 'DL']);
    const segregation = screen.getByRole('combobox', { name: 'Select Segregation' }) as HTMLSelectElement;
    expect(segregation.disabled).toBe(true);
    // The bar may have rendered before its store subscription is in place (CI saw it), so the
    // segregations are awaited rather than read in the same tick as the change.
    await userEvent.setup().selectOptions(airline, 'DL');
    await waitFor(() => expect([...segregation.options].slice(1).map((o) => o.value)).toEqual(['J', 'Y']));
    expect(segregation.value).toBe('J');
  });

  it('shows the Palette with Inputs, Queues, Processes and Outputs, and collapses it', async () => {
    renderApp();
    const palette = await screen.findByRole('complementary', { name: 'Palette' });
    for (const section of ['Inputs', 'Queues', 'Processes', 'Outputs']) expect(within(palette).getByRole('heading', { name: section })).toBeTruthy();
    expect(within(palette).getByRole('button', { name: 'DL Y' })).toBeTruthy();
    expect(within(palette).getByRole('button', { name: 'Checkin Zone B Queue 2' })).toBeTruthy();
    expect(within(palette).getByRole('button', { name: 'Bag drop' })).toBeTruthy();
    expect(within(palette).getByRole('button', { name: 'Security North' })).toBeTruthy();
    await userEvent.setup().click(within(palette).getByRole('button', { name: 'Hide' }));
    expect(within(palette).queryByRole('heading', { name: 'Inputs' })).toBeNull();
  });

  it('builds a story from the palette and saves it with the flow', async () => {
    api.on('POST /api/passenger-movement-graphs/', ({ body }) => ({
      status: 201,
      body: { id: 5, name: 'Check-in flow', scenario_id: 7, graph: (body as { graph: unknown }).graph, created_at: '', updated_at: '' },
    }));
    renderApp();
    const user = userEvent.setup();
    const palette = await screen.findByRole('complementary', { name: 'Palette' });
    await user.click(within(palette).getByRole('button', { name: 'Kiosk check-in' }));
    expect(screen.getByRole('alert').textContent).toBe('Select an airline and a segregation first.');

    await user.click(within(palette).getByRole('button', { name: 'AA Y' }));
    expect((screen.getByRole('combobox', { name: 'Select Airline' }) as HTMLSelectElement).value).toBe('AA');
    await user.click(within(palette).getByRole('button', { name: 'Checkin Zone A Queue 1' }));
    await user.click(within(palette).getByRole('button', { name: 'Kiosk check-in' }));
    await user.click(within(palette).getByRole('button', { name: 'Security South' }));
    const mean = screen.getByLabelText('Kiosk check-in mean seconds') as HTMLInputElement;
    expect(mean.value).toBe('60');
    fireEvent.change(mean, { target: { value: '45' } });
    await user.click(screen.getByRole('button', { name: 'Save Stories' }));

    await waitFor(() => expect(api.sent('POST /api/passenger-movement-graphs/')).toHaveLength(1));
    const graph = (api.sent('POST /api/passenger-movement-graphs/')[0].body as { graph: { nodes: unknown[]; pax_stories: { steps: object[] }[] } }).graph;
    expect(graph.nodes.length).toBeGreaterThan(0);
    expect(graph.pax_stories).toHaveLength(1);
    expect(graph.pax_stories[0]).toMatchObject({ airline_id: 1, airline: 'AA', segregation: 'Y' });
    expect(graph.pax_stories[0].steps).toMatchObject([
      { kind: 'input' },
      { kind: 'queue', zone_id: 10, queue: 1 },
      { kind: 'process', resource_type: 'kiosk', mean_seconds: 45, cv: 0.5 },
      { kind: 'output', resource_id: 201, name: 'Security South' },
    ]);
    expect(await screen.findByText('All changes saved')).toBeTruthy();
  });
});
