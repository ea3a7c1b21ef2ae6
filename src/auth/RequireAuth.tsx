// The guard of /app/*: unauthenticated visitors are redirected to the sign-in screen (SPEC 6),
// which brings them back to the page they asked for.
import type { ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { Redirect, useLocation, useSearch } from 'wouter';
import { signInPathFrom } from './returnPath';
import { sessionAtom } from './atoms';
import { isAuthenticated } from './session';

export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useAtomValue(sessionAtom);
  const [path] = useLocation();
  const search = useSearch();
  if (!isAuthenticated(session, new Date())) return <Redirect to={signInPathFrom(search ? `${path}?${search}` : path, false)} replace />;
  return children;
}
