import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectConsoleError } from '../testing/consoleErrors';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'jotai';
import { lazy } from 'react';
import { sessionAtom } from '../auth/atoms';
import { selectScenarioAtom } from '../features/projects/scenarioSelection';
import { store } from '../store';
import { currentPath, renderApp, resetApp, signInAs } from '../testing/app';
import { fakeApi, type FakeApi } from '../testing/fakeApi';
import { Shell } from './Shell';

let api: FakeApi;

beforeEach(() => {
  resetApp('/app/projects');
  api = fakeApi({ 'POST /api/auth/logout/': { body: { detail: 'Successfully logged out.' } }, 'GET /api/projects/': { body: [] } });
  api.install();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('route guard', () => {
  it('sends an unauthenticated visitor of /app/* to the sign-in screen', async () => {
    window.history.replaceState(null, '', '/app/simulation');
    renderApp();
    expect(await screen.findByRole('heading', { name: 'Airport Planner Sign In' })).toBeTruthy();
    expect(currentPath()).toBe('/auth/signin');
  });

  it('sends / to the sign-in screen through /app/projects when signed out', async () => {
    window.history.replaceState(null, '', '/');
    renderApp();
    await screen.findByRole('heading', { name: 'Airport Planner Sign In' });
    expect(currentPath()).toBe('/auth/signin');
  });

  it('lets a signed-in user in, and / leads to /app/projects', async () => {
    signInAs();
    window.history.replaceState(null, '', '/');
    renderApp();
    expect(await screen.findByRole('heading', { name: 'Projects' })).toBeTruthy();
    expect(currentPath()).toBe('/app/projects');
  });

  it.each([
    ['/app/projects/config', 'Project configuration'],
    ['/app/allocation/config', 'Baggage configuration'],
    ['/app/allocation/flight', 'Baggage flights'],
    ['/app/allocation/container', 'Baggage containers'],
    ['/app/flight/42/segregations', 'Flight segregations'],
    ['/app/checkin/flows', 'Check-in flows'],
    ['/app/checkin/pax-stories', 'Pax stories'],
    ['/app/simulation', 'Simulation'],
  ])('shows %s as %s', async (path, heading) => {
    // The fake API has no flight 42: the segregations screen says so and the client logs it.
    if (path.startsWith('/app/flight/42/')) expectConsoleError(/GET \/api\/flights\/42\/ answered 404/);
    signInAs();
    window.history.replaceState(null, '', path);
    renderApp();
    expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
    expect(currentPath()).toBe(path);
    // The 404 comes after the heading; on a busy machine, after a test that does not wait for it.
    if (path.startsWith('/app/flight/42/')) await vi.waitFor(() => expect(console.error).toHaveBeenCalled());
  });

  it.each(['/app/allocation/rules/import', '/app/nowhere'])('answers %s, which no screen serves, as not found with the way back', async (path) => {
    signInAs();
    window.history.replaceState(null, '', path);
    renderApp();
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByText(path)).toBeTruthy();
    expect(screen.queryByText(/not built yet/)).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'Go to your projects' }));
    expect(await screen.findByRole('heading', { name: 'Projects' })).toBeTruthy();
    expect(currentPath()).toBe('/app/projects');
  });

  it('names the flight on the segregations screen', async () => {
    expectConsoleError(/GET \/api\/flights\/42\/ answered 404/);
    signInAs();
    window.history.replaceState(null, '', '/app/flight/42/segregations');
    renderApp();
    expect(await screen.findByText('Flight 42')).toBeTruthy();
    await vi.waitFor(() => expect(console.error).toHaveBeenCalled());
  });
});

describe('drawer', () => {
  beforeEach(() => signInAs());

  it('opens from the menu button and closes from the close arrow', async () => {
    renderApp();
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Projects' });
    expect(screen.queryByRole('dialog', { name: 'Main menu' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = screen.getByRole('dialog', { name: 'Main menu' });
    const links = within(drawer)
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Projects', '/app/projects'],
      ['Configuration', '/app/allocation/config'],
      ['Flights', '/app/allocation/flight'],
      ['Containers', '/app/allocation/container'],
      ['Flows', '/app/checkin/flows'],
      ['Simulation', '/app/simulation'],
      ['History', '/app/history'],
    ]);
    expect(within(drawer).getByRole('heading', { name: 'Baggage' })).toBeTruthy();
    expect(within(drawer).getByRole('heading', { name: 'Checkin' })).toBeTruthy();
    await user.click(within(drawer).getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('dialog', { name: 'Main menu' })).toBeNull();
  });

  it('closes when a link is chosen, and the screen changes', async () => {
    renderApp();
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Projects' });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Main menu' })).getByRole('link', { name: 'Flows' }));
    expect(screen.queryByRole('dialog', { name: 'Main menu' })).toBeNull();
    expect(currentPath()).toBe('/app/checkin/flows');
    expect(await screen.findByRole('heading', { name: 'Check-in flows' })).toBeTruthy();
  });

  it('closes on Escape', async () => {
    renderApp();
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Projects' });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Main menu' })).toBeNull();
  });
});

describe('title bar', () => {
  beforeEach(() => signInAs());

  it("reads 'No Scenario Selected' until a scenario is chosen", async () => {
    renderApp();
    const bar = await screen.findByRole('banner');
    expect(bar.textContent).toContain('Airport Planner');
    expect(within(bar).getByText('No Scenario Selected')).toBeTruthy();
    expect(document.title).toBe('Airport Planner · No Scenario Selected');
  });

  it('names the selected project and scenario', async () => {
    renderApp();
    const bar = await screen.findByRole('banner');
    act(() => store.set(selectScenarioAtom, { projectId: 1, projectName: 'Demo airport', scenarioId: 2, scenarioName: 'Summer peak' }));
    expect(within(bar).getByText('Demo airport')).toBeTruthy();
    expect(within(bar).getByText('Summer peak')).toBeTruthy();
    expect(within(bar).queryByText('No Scenario Selected')).toBeNull();
    expect(document.title).toBe('Airport Planner · Demo airport · Summer peak');
  });
});

describe('account menu', () => {
  beforeEach(() => signInAs());

  it("offers 'My account', which opens /app/account", async () => {
    api.on('GET /api/auth/user/', {
      body: { id: 1, email: 'planner@example.com', first_name: 'Pat', last_name: 'Planner', is_staff: false, is_active: true, otp_enabled: false },
    });
    renderApp();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await user.click(screen.getByRole('menuitem', { name: 'My account' }));
    expect(currentPath()).toBe('/app/account');
    expect(await screen.findByRole('heading', { name: 'My account' })).toBeTruthy();
    // The screen asks for the user record on opening: ending first would leave that request to
    // the real fetch once the fake is removed.
    await waitFor(() => expect(api.sent('GET /api/auth/user/')).toHaveLength(1));
  });

  it("'Logout' revokes the refresh token, signs out and goes to / (and on to sign-in)", async () => {
    renderApp();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Airport Planner Sign In' })).toBeTruthy();
    expect(api.sent('POST /api/auth/logout/')[0].body).toEqual({ refresh: 'refresh-1' });
    expect(store.get(sessionAtom).isSignIn).toBe(false);
    expect(localStorage.getItem('_airport_planner_auth')).toBeNull();
    expect(currentPath()).toBe('/auth/signin');
  });

  it('signs out even when the logout call fails', async () => {
    expectConsoleError(/POST \/api\/auth\/logout\/ answered 500|Logout/i);
    api.on('POST /api/auth/logout/', { status: 500, body: { detail: 'Internal Server Error' } });
    renderApp();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
    await screen.findByRole('heading', { name: 'Airport Planner Sign In' });
    expect(store.get(sessionAtom).isSignIn).toBe(false);
  });

  it('shows the initials on the avatar', async () => {
    renderApp();
    expect((await screen.findByRole('button', { name: 'Account menu' })).textContent).toBe('PP');
  });
});

describe('401 rule', () => {
  it('signs out and sends the browser to /auth/signin on any 401', async () => {
    expectConsoleError(/^Could not load the account: ApiError: Token is invalid or expired/);
    signInAs();
    window.history.replaceState(null, '', '/app/account');
    api.on('GET /api/auth/user/', { status: 401, body: { detail: 'Token is invalid or expired' } });
    renderApp();
    expect(await screen.findByRole('heading', { name: 'Airport Planner Sign In' })).toBeTruthy();
    expect(currentPath()).toBe('/auth/signin');
    expect(store.get(sessionAtom).isSignIn).toBe(false);
  });
});

describe('screen states', () => {
  const renderShell = (children: React.ReactNode) =>
    render(
      <Provider store={store}>
        <Shell>{children}</Shell>
      </Provider>,
    );

  it("shows 'Loading...' while a screen's code loads", async () => {
    signInAs();
    const NeverLoads = lazy(() => new Promise<never>(() => {}));
    renderShell(<NeverLoads />);
    expect(await screen.findByText('Loading...')).toBeTruthy();
  });

  it("shows 'Something went wrong!' when a screen crashes, keeping the shell", async () => {
    expectConsoleError(/boom|The above error occurred/);
    signInAs();
    function Crashes(): never {
      throw new Error('boom');
    }
    renderShell(<Crashes />);
    expect(await screen.findByRole('heading', { name: 'Something went wrong!' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeTruthy();
  });

  it('gives the next screen a fresh start after a crash', async () => {
    expectConsoleError(/boom|The above error occurred/);
    signInAs();
    let crash = true;
    function MaybeCrashes() {
      if (crash) throw new Error('boom');
      return <h1>Recovered</h1>;
    }
    renderShell(<MaybeCrashes />);
    await screen.findByRole('heading', { name: 'Something went wrong!' });
    crash = false;
    act(() => window.history.pushState(null, '', '/app/simulation'));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Recovered' })).toBeTruthy());
  });
});
