// The session shared with the app through jotai. The base atom is private; screens read the
// derived atoms and change the session only through the verb-named actions below, each of which
// mirrors the result into storage and rethrows a session error after signing out.
import { atom, type Setter } from 'jotai';
import { SESSION_CONFIG } from './config';
import { entriesFor, loadEntries, saveSession } from './persistence';
import {
  applyRefresh,
  replaceUserState,
  restoreSession,
  signIn,
  signedOut,
  type RefreshInput,
  type SignInInput,
  type Session,
  type Transition,
} from './session';
import { readUserState, type User } from './user';

const entries = entriesFor(SESSION_CONFIG, { localStorage: window.localStorage, document });

const sessionBaseAtom = atom<Session<User>>(signedOut<User>());
const endedWhileAwayBaseAtom = atom(false);

function commit(set: Setter, transition: Transition<User>): void {
  set(sessionBaseAtom, transition.session);
  saveSession(entries, SESSION_CONFIG.authName, transition.session);
  if (transition.error) throw transition.error;
}

export const sessionAtom = atom((get) => get(sessionBaseAtom));

export const currentUserAtom = atom((get) => get(sessionBaseAtom).userState);

/** True after a start-up that found a stored session that had expired, until the next sign-in or sign-out. */
export const endedWhileAwayAtom = atom((get) => get(endedWhileAwayBaseAtom));

/** Start-up: restores the stored session when it is complete and valid, else clears storage. */
export const restoreSessionAtom = atom(null, (_get, set) => {
  const entered = loadEntries(entries, SESSION_CONFIG.authName);
  const session = restoreSession(entered, readUserState, new Date());
  commit(set, { session, error: null });
  set(endedWhileAwayBaseAtom, entered.token !== null && !session.isSignIn);
});

export const signInAtom = atom(null, (_get, set, input: SignInInput<User>) => {
  set(endedWhileAwayBaseAtom, false);
  commit(set, signIn(input, new Date()));
});

export const signOutAtom = atom(null, (_get, set) => {
  set(endedWhileAwayBaseAtom, false);
  commit(set, { session: signedOut<User>(), error: null });
});

/**
 * Takes the session another tab stored since this one last looked (it refreshed, so this tab's
 * refresh token is spent): true when a newer signed-in session was adopted.
 */
export const adoptStoredSessionAtom = atom(null, (get, set) => {
  const stored = restoreSession(loadEntries(entries, SESSION_CONFIG.authName), readUserState, new Date());
  const current = get(sessionBaseAtom);
  if (!stored.isSignIn || !stored.refresh || stored.refresh.token === current.refresh?.token) return false;
  set(sessionBaseAtom, stored);
  return true;
});

export const applyRefreshAtom = atom(null, (get, set, input: RefreshInput) => {
  commit(set, applyRefresh(get(sessionBaseAtom), input, new Date()));
});

export const replaceUserAtom = atom(null, (get, set, user: User) => {
  commit(set, { session: replaceUserState(get(sessionBaseAtom), user), error: null });
});
