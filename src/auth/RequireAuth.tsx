// The guard of /app/*: unauthenticated visitors are redirected to the sign-in screen (SPEC 6).
import type { ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { Redirect } from 'wouter';
import { SIGN_IN_PATH } from '../api/client';
import { sessionAtom } from './atoms';
import { isAuthenticated } from './session';

export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useAtomValue(sessionAtom);
  if (!isAuthenticated(session, new Date())) return <Redirect to={SIGN_IN_PATH} replace />;
  return children;
}
