// One refresh at a time across the tabs of a browser, through the Web Locks API: a tab that finds
// the lock taken waits, and learns that another tab was refreshing, so it looks for the tokens
// that tab stores instead of presenting a spent refresh token. Where a browser has no Web Locks
// the refresh runs as it is (the server's grace period covers two tabs).
const LOCK_NAME = 'airport-planner-token-refresh';

/** The part of the browser's LockManager used here. */
type Locks = {
  request<T>(name: string, options: { ifAvailable?: boolean }, callback: (lock: unknown) => Promise<T>): Promise<T>;
};

const browserLocks = () => (globalThis.navigator as { locks?: Locks } | undefined)?.locks;

const TAKEN = Symbol('taken');

/** Runs `run` holding the lock; `waited` is true when another tab held it first. */
export async function withRefreshLock<T>(run: (waited: boolean) => Promise<T>, locks: Locks | undefined = browserLocks()): Promise<T> {
  if (!locks) return run(false);
  const first = await locks.request<T | typeof TAKEN>(LOCK_NAME, { ifAvailable: true }, (lock) => (lock ? run(false) : Promise.resolve(TAKEN)));
  if (first !== TAKEN) return first;
  return locks.request(LOCK_NAME, {}, () => run(true));
}
