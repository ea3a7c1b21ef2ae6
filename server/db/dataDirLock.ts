// One process at a time owns an embedded data folder: PGlite is a single-process database, and a
// second process opening the same folder loses its writes or corrupts the folder. The owner keeps
// a lock file naming its pid and start time; a second process reads it and refuses before it
// writes anything. A lock left by a crashed owner (pid gone, or the pid reused by a younger
// process) is stale and taken over.
import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const LOCK_FILE = 'airport-planner.lock';

export type LockOwner = {
  pid: number;
  /** The process's start (Linux: clock ticks since boot from /proc), telling a reused pid apart. */
  started: string;
  /** What holds it: 'server' serves the admin socket; anything else just works and leaves. */
  role: string;
  /** Where the server's admin socket listens, once it does (createuser's way in). */
  socket?: string;
};

export class DataDirLockedError extends Error {
  readonly code = 'data_dir_locked';
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner,
  ) {
    super(
      `The data folder ${dataDir} is in use by another process (pid ${owner.pid}, ${owner.role === 'server' ? 'the Airport Planner server' : `\`${owner.role}\``}). ` +
        'The embedded database allows one process at a time: ' +
        (owner.role === 'server'
          ? 'use the running server (createuser goes through it), stop it first, or point DATA_DIR at another folder.'
          : 'wait until it finishes, or point DATA_DIR at another folder.'),
    );
    this.name = 'DataDirLockedError';
  }
}

function processStart(pid: number): string {
  try {
    // Field 22 of /proc/<pid>/stat; the command name (field 2) may hold spaces, so count from ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? '';
  } catch {
    return '';
  }
}

function isAlive(owner: LockOwner): boolean {
  // pid 0 stands for an unreadable lock (and process.kill(0) would signal our own group).
  if (owner.pid <= 0) return false;
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    // EPERM: alive but somebody else's.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const started = processStart(owner.pid);
  return !started || !owner.started || started === owner.started;
}

function readOwner(path: string): LockOwner | null {
  try {
    const owner = JSON.parse(readFileSync(path, 'utf8')) as LockOwner;
    return Number.isInteger(owner.pid) ? owner : { pid: 0, started: '', role: 'unknown' };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    // Unreadable: nobody can own it, since an owner's lock appears whole (see createLock).
    return { pid: 0, started: '', role: 'unknown' };
  }
}

/** The live owner of a folder, or null when it is free (no lock, or a stale one). */
export function liveOwner(dataDir: string): LockOwner | null {
  const owner = readOwner(join(dataDir, LOCK_FILE));
  return owner && isAlive(owner) ? owner : null;
}

export type DataDirLock = {
  /** True when a stale lock of a crashed owner was taken over. */
  tookOverStale: LockOwner | null;
  release(): void;
};

/**
 * Writes the lock beside its place and links it in: the link fails when a lock exists, so of two
 * processes starting together exactly one wins, and nobody ever reads a lock half-written (an
 * O_EXCL create would leave an empty lock behind a crash, or show one to a racer for a moment).
 */
function createLock(path: string, text: string): void {
  const draft = `${path}.${process.pid}`;
  writeFileSync(draft, text);
  try {
    linkSync(draft, path);
  } finally {
    unlinkSync(draft);
  }
}

/** Takes the folder's lock for this process, or throws DataDirLockedError naming the owner. */
export function lockDataDir(dataDir: string, role: string): DataDirLock {
  const path = join(dataDir, LOCK_FILE);
  const me: LockOwner = { pid: process.pid, started: processStart(process.pid), role };
  const text = JSON.stringify(me);
  let tookOverStale: LockOwner | null = null;
  for (let attempt = 0; ; attempt++) {
    try {
      createLock(path, text);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 2) throw error;
    }
    const owner = readOwner(path);
    if (owner && isAlive(owner)) throw new DataDirLockedError(dataDir, owner);
    if (owner) takeOverStale(path, owner, dataDir);
    tookOverStale = owner;
  }
  const release = () => {
    if (readOwner(path)?.pid === me.pid) unlinkSync(path);
    process.off('exit', release);
  };
  // A process that exits without closing (process.exit in a CLI) still leaves the folder free.
  process.on('exit', release);
  return { tookOverStale, release };
}

/** Adds to the lock this process holds what others need to reach it (the admin socket). */
export function recordInLock(dataDir: string, details: Pick<LockOwner, 'socket'>): void {
  const path = join(dataDir, LOCK_FILE);
  const owner = readOwner(path);
  if (owner?.pid !== process.pid) throw new Error(`${dataDir} is not locked by this process`);
  // Written beside and renamed over, so a reader sees the old lock or the new one, never half.
  const draft = `${path}.${process.pid}`;
  writeFileSync(draft, JSON.stringify({ ...owner, ...details }));
  renameSync(draft, path);
}

/**
 * Moves a stale lock aside. The rename is atomic, so of two processes taking over together one
 * moves it; should the file moved turn out to be a racer's fresh lock, it goes back.
 */
function takeOverStale(path: string, stale: LockOwner, dataDir: string): void {
  const aside = `${path}.stale-${process.pid}`;
  try {
    renameSync(path, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const moved = readOwner(aside);
  if (moved && moved.pid !== stale.pid && isAlive(moved)) {
    renameSync(aside, path);
    throw new DataDirLockedError(dataDir, moved);
  }
  unlinkSync(aside);
}
