// Every route of the route table (SPEC section 2). /app/* sits behind the sign-in guard inside the
// shell; each screen's code loads lazily. An address no screen answers shows 'Page not found'.
import { lazy } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { RequireAuth } from './auth/RequireAuth';
import SignInScreen from './auth/SignInScreen';
import ResetPasswordScreen from './auth/ResetPasswordScreen';
import { Shell } from './shell/Shell';

const AccountScreen = lazy(() => import('./features/account/AccountScreen'));
const NotFoundScreen = lazy(() => import('./shell/NotFoundScreen'));
const ProjectsScreen = lazy(() => import('./features/projects/ProjectsScreen'));
const ProjectConfigScreen = lazy(() => import('./features/projects/ProjectConfigScreen'));
const FlightsScreen = lazy(() => import('./features/flights/FlightsScreen'));
const SegregationsScreen = lazy(() => import('./features/flights/SegregationsScreen'));
const AllocationConfigScreen = lazy(() => import('./features/allocation/ConfigScreen'));
const ContainersScreen = lazy(() => import('./features/allocation/ContainersScreen'));
const HistoryScreen = lazy(() => import('./features/history/HistoryScreen'));
const SeasonScreen = lazy(() => import('./features/season/SeasonScreen'));
const GanttScreen = lazy(() => import('./features/allocation/GanttScreen'));
const SimulationScreen = lazy(() => import('./features/simulation/SimulationScreen'));
const RequirementsScreen = lazy(() => import('./features/requirements/RequirementsScreen'));
const FlowsScreen = lazy(() => import('./features/flows/FlowsScreen'));
const PaxStoriesScreen = lazy(() => import('./features/paxStories/PaxStoriesScreen'));
const UsersScreen = lazy(() => import('./features/users/UsersScreen'));

function AppScreens() {
  return (
    <Switch>
      <Route path="/app/account" component={AccountScreen} />
      <Route path="/app/projects" component={ProjectsScreen} />
      <Route path="/app/projects/config" component={ProjectConfigScreen} />
      <Route path="/app/allocation/config" component={AllocationConfigScreen} />
      <Route path="/app/allocation/flight" component={FlightsScreen} />
      <Route path="/app/allocation/container" component={ContainersScreen} />
      <Route path="/app/allocation/season" component={SeasonScreen} />
      <Route path="/app/allocation/makeup">
        <GanttScreen kind="makeup" />
      </Route>
      <Route path="/app/allocation/checkin">
        <GanttScreen kind="checkin" />
      </Route>
      <Route path="/app/flight/:flightId/segregations">{(params) => <SegregationsScreen flightId={Number(params.flightId)} />}</Route>
      <Route path="/app/checkin/flows" component={FlowsScreen} />
      <Route path="/app/checkin/pax-stories" component={PaxStoriesScreen} />
      <Route path="/app/checkin">
        <Redirect to="/app/checkin/flows" replace />
      </Route>
      <Route path="/app/simulation" component={SimulationScreen} />
      <Route path="/app/simulation/requirements" component={RequirementsScreen} />
      <Route path="/app/users" component={UsersScreen} />
      <Route path="/app/history" component={HistoryScreen} />
      <Route path="/app">
        <Redirect to="/app/projects" replace />
      </Route>
      <Route component={NotFoundScreen} />
    </Switch>
  );
}

export function App() {
  return (
    <Switch>
      <Route path="/auth/signin" component={SignInScreen} />
      <Route path="/auth/reset" component={ResetPasswordScreen} />
      <Route path="/">
        <Redirect to="/app/projects" replace />
      </Route>
      <Route path={/^\/app(?:\/.*)?$/}>
        <RequireAuth>
          <Shell>
            <AppScreens />
          </Shell>
        </RequireAuth>
      </Route>
      <Route>
        <Redirect to="/" replace />
      </Route>
    </Switch>
  );
}
