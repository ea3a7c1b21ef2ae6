import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, LOCK_FILE, liveOwner, lockDataDir } from './dataDirLock';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lock-test-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The pid of a process that has exited, so no live process has it. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '0']).pid;
}

describe('lockDataDir', () => {
  it('writes the owner and refuses a second owner naming the folder and the pid', () => {
    const lock = lockDataDir(dir, 'server');
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: process.pid, role: 'server' });
    expect(liveOwner(dir)).toMatchObject({ pid: process.pid, role: 'server' });
    let refused: unknown;
    try {
      lockDataDir(dir, 'createuser');
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(DataDirLockedError);
    expect((refused as Error).message).toContain(`The data folder ${dir} is in use by another process (pid ${process.pid}, the Airport Planner server)`);
    lock.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    expect(liveOwner(dir)).toBeNull();
  });

  it('takes over the lock of an owner that is gone', () => {
    const pid = deadPid();
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid, started: '1', role: 'server' }));
    expect(liveOwner(dir)).toBeNull();
    const lock = lockDataDir(dir, 'server');
    expect(lock.tookOverStale).toMatchObject({ pid });
    expect(liveOwner(dir)?.pid).toBe(process.pid);
    lock.release();
  });

  it('tells a reused pid from its owner by the start time', () => {
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: process.pid, started: 'not-this-process', role: 'server' }));
    const lock = lockDataDir(dir, 'server');
    expect(lock.tookOverStale?.started).toBe('not-this-process');
    lock.release();
  });

  it('leaves a lock that another process now holds on release', () => {
    const lock = lockDataDir(dir, 'server');
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: 1, started: '', role: 'server' }));
    lock.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(true);
  });
});
