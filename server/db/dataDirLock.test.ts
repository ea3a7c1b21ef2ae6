import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, LOCK_FILE, liveOwner, lockDataDir, recordInLock } from './dataDirLock';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lock-test-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The pid of a process that has exited, so no live process has it. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '0']).pid;
}

/**
 * Starts a process that tries to take the lock, says whether it won, and holds the lock until its
 * stdin ends, so no racer can find the folder free again after a winner.
 */
function racer() {
  const script =
    `const { lockDataDir } = await import(${JSON.stringify(join(import.meta.dirname, 'dataDirLock.ts'))});` +
    `try { const lock = lockDataDir(${JSON.stringify(dir)}, 'racer'); console.log('won');` +
    ` process.stdin.on('end', () => lock.release()).resume(); } catch (error) { console.log(error.name); }`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script]);
  const answer = new Promise<string>((resolve) => child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim())));
  const exited = new Promise((resolve) => child.on('close', resolve));
  return { answer, finish: () => (child.stdin.end(), exited) };
}

describe('lockDataDir', () => {
  it('lets exactly one of several processes starting together win', async () => {
    const racers = Array.from({ length: 4 }, racer);
    const answers = await Promise.all(racers.map((r) => r.answer));
    await Promise.all(racers.map((r) => r.finish()));
    expect(answers.sort()).toEqual(['DataDirLockedError', 'DataDirLockedError', 'DataDirLockedError', 'won']);
    expect(readdirSync(dir)).toEqual([]);
  }, 60_000);

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

  it('takes over an unreadable lock instead of refusing for ever', () => {
    writeFileSync(join(dir, LOCK_FILE), '');
    expect(liveOwner(dir)).toBeNull();
    const lock = lockDataDir(dir, 'server');
    expect(liveOwner(dir)?.pid).toBe(process.pid);
    lock.release();
  });

  it('tells a reused pid from its owner by the start time', () => {
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: process.pid, started: 'not-this-process', role: 'server' }));
    const lock = lockDataDir(dir, 'server');
    expect(lock.tookOverStale?.started).toBe('not-this-process');
    lock.release();
  });

  it('records the admin socket in the lock it holds, and only in its own', () => {
    expect(() => recordInLock(dir, { socket: '/x.sock' })).toThrow(`${dir} is not locked by this process`);
    const lock = lockDataDir(dir, 'server');
    recordInLock(dir, { socket: join(dir, 'admin.sock') });
    expect(liveOwner(dir)).toMatchObject({ pid: process.pid, role: 'server', socket: join(dir, 'admin.sock') });
    lock.release();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('leaves a lock that another process now holds on release', () => {
    const lock = lockDataDir(dir, 'server');
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: 1, started: '', role: 'server' }));
    lock.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(true);
  });
});
