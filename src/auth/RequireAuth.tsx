// The guard of /app/*: unauthenticated visitors are redirected to the sign-in screen (SPEC 6),
// which brings them back to the page they asked for, and says so when their session ended (it
// expired while the app was closed, or while the computer slept).
import type { ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { Redirect, useLocation, useSearch } from 'wouter';
import { signInPathFrom } from './returnPath';
import { endedWhileAwayAtom, sessionAtom } from './atoms';
import { isAuthenticated } from './session';

export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useAtomValue(sessionAtom);
  const endedWhileAway = useAtomValue(endedWhileAwayAtom);
  const [path] = useLocation();
  const search = useSearch();
  if (isAuthenticated(session, new Date())) return children;
  const ended = session.isSignIn || endedWhileAway;
  return <Redirect to={signInPathFrom(search ? `${path}?${search}` : path, ended)} replace />;
}
