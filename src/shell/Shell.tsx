// The authenticated shell of /app/* (SPEC section 2): top bar, drawer, and the screen, which shows
// 'Loading...' while its code loads and 'Something went wrong!' if it crashes. It also keeps the
// session's tokens fresh, and follows the selected scenario's live changes, while it is mounted.
import { Suspense, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { useTokenRefresh } from '../auth/useTokenRefresh';
import { useFollowSelectedScenario } from '../live/liveChanges';
import { ErrorBoundary } from './ErrorBoundary';
import { NavDrawer } from './NavDrawer';
import { TopBar } from './TopBar';

export function Shell({ children }: { children: ReactNode }) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [location] = useLocation();
  useTokenRefresh();
  useFollowSelectedScenario();

  return (
    <div className="shell">
      <TopBar onOpenMenu={() => setDrawerOpen(true)} />
      {drawerOpen && <NavDrawer onClose={() => setDrawerOpen(false)} />}
      <main className="shell__content">
        <ErrorBoundary key={location}>
          <Suspense fallback={<p className="screen-message">Loading...</p>}>{children}</Suspense>
        </ErrorBoundary>
      </main>
    </div>
  );
}
