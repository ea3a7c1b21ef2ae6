// Where a planner returns after signing in again: the page they were on when their session
// ended, carried in the sign-in address. Only the app's own pages are accepted, so a crafted
// link cannot send a freshly signed-in planner to another site.
export const SIGN_IN_PATH = '/auth/signin';
const AFTER_SIGN_IN_PATH = '/app/projects';
export const SESSION_ENDED_MESSAGE = 'Your session has ended; sign in again.';

/** The sign-in address that brings the planner back to `from` (path and query), saying why when `ended`. */
export function signInPathFrom(from: string, ended: boolean): string {
  const params = new URLSearchParams();
  if (ended) params.set('ended', '1');
  if (safeReturnPath(from) === from) params.set('next', from);
  const query = params.toString();
  return query ? `${SIGN_IN_PATH}?${query}` : SIGN_IN_PATH;
}

/** `next` when it is a page of the app, otherwise the projects screen. */
export function safeReturnPath(next: string | null | undefined): string {
  if (!next || !/^\/app(\/|$|\?)/.test(next) || next.includes('\\') || next.startsWith('//')) return AFTER_SIGN_IN_PATH;
  return next;
}
