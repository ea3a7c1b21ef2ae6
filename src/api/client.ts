// The one typed client for the API (openapi-fetch over the generated `paths`) and the rules every
// request follows (SPEC sections 7 and 8): the Bearer token, the CSRF header read from its
// cookie, any 401 signs out and sends the browser to /auth/signin (saying that a session ended,
// and where to come back to), other errors are logged.
import createClient, { type Middleware } from 'openapi-fetch';
import { navigate } from 'wouter/use-browser-location';
import type { paths } from '../../openapi/schema';
import { sessionAtom, signOutAtom } from '../auth/atoms';
import { SIGN_IN_PATH, signInPathFrom } from '../auth/returnPath';
import { store } from '../store';
import { ensureCsrfToken } from './csrf';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const sessionRules: Middleware = {
  async onRequest({ request }) {
    const { auth } = store.get(sessionAtom);
    // A caller may bring its own token (the 2FA step uses the pending one).
    if (auth && !request.headers.has('Authorization')) {
      request.headers.set('Authorization', `${auth.type} ${auth.token}`);
    }
    if (UNSAFE_METHODS.has(request.method)) {
      request.headers.set('X-CSRFToken', await ensureCsrfToken());
    }
    return request;
  },
  async onResponse({ request, response }) {
    if (response.status === 401) {
      // A session that was signed in has ended (expired, revoked): say so, and come back here.
      // Requests that fail together find the sign-in screen already shown and leave its address.
      const ended = store.get(sessionAtom).isSignIn;
      store.set(signOutAtom);
      if (window.location.pathname !== SIGN_IN_PATH) {
        navigate(signInPathFrom(window.location.pathname + window.location.search, ended), { replace: true });
      }
    } else if (!response.ok) {
      const body = await response.clone().text();
      console.error(`${request.method} ${new URL(request.url).pathname} answered ${response.status}`, body);
    }
    return response;
  },
};

export const api = createClient<paths>({
  baseUrl: window.location.origin,
  // Looked up per call, so tests can stand in for the network.
  fetch: (request) => globalThis.fetch(request),
});
api.use(sessionRules);

/** The client's type, for code that takes a client instead of importing this one (it needs a window). */
export type ApiClient = typeof api;
