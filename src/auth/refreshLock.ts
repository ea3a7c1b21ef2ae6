// One refresh at a time across the tabs of a browser: the Web Locks API queues the tabs, so the
// second finds the tokens the first stored instead of presenting a spent refresh token. Where a
// browser has no Web Locks the refresh runs as it is (the server's grace period covers two tabs).
const LOCK_NAME = 'airport-planner-token-refresh';

type Locks = { request<T>(name: string, callback: () => Promise<T>): Promise<T> };

export function withRefreshLock<T>(run: () => Promise<T>, locks: Locks | undefined = (globalThis.navigator as { locks?: Locks } | undefined)?.locks): Promise<T> {
  return locks ? locks.request(LOCK_NAME, run) : run();
}
