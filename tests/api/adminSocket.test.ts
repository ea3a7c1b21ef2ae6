// The running server's admin socket, the way createuser finds it: named in the data folder's lock,
// in the folder when its path fits a socket address and in a private folder when it would not.
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, serveAdminSocket } from '../../server/admin/adminSocket';
import { liveOwner, lockDataDir } from '../../server/db/dataDirLock';
import { findUserByEmail } from '../../server/repositories/users';
import { openTestDatabase, type TestDatabase } from '../support/database';
import { APP_CLOSE_MS, APP_SETUP_MS } from '../support/waits';

let database: TestDatabase;
let root: string;
beforeAll(async () => {
  database = await openTestDatabase();
  root = mkdtempSync(join(tmpdir(), 'admin-socket-'));
}, APP_SETUP_MS);
afterAll(async () => {
  await database.close();
  rmSync(root, { recursive: true, force: true });
}, APP_CLOSE_MS);

/** Serves the socket as the server would on `dataDir`, creates a user through it, and stops. */
async function createThroughSocket(dataDir: string, email: string) {
  const lock = lockDataDir(dataDir, 'server');
  const admin = await serveAdminSocket(dataDir, database.db, pino({ level: 'silent' }));
  const socket = liveOwner(dataDir)?.socket ?? '';
  const answer = await adminCall(socket, '/users/', { email, password: 'planner pass' });
  const mode = statSync(dirname(socket)).mode & 0o777;
  await admin.close();
  lock.release();
  return { socket, answer, mode };
}

describe('admin socket', () => {
  it('listens in the data folder, named in the lock, and creates the user', async () => {
    const dataDir = join(root, 'data');
    mkdirSync(dataDir);
    const { socket, answer } = await createThroughSocket(dataDir, 'first@example.com');
    expect(socket).toBe(join(dataDir, 'admin.sock'));
    expect(answer).toEqual({ status: 201, body: { email: 'first@example.com', is_staff: false } });
    expect(await findUserByEmail(database.db, 'first@example.com')).toBeTruthy();
    expect(existsSync(socket)).toBe(false);
  });

  it('moves to a private folder when the data folder path is too long for a socket, and starts again', async () => {
    const dataDir = join(root, 'a-data-folder-deep-in-a-home-directory'.repeat(3));
    mkdirSync(dataDir);
    for (const email of ['long1@example.com', 'long2@example.com']) {
      const { socket, answer, mode } = await createThroughSocket(dataDir, email);
      expect(socket.startsWith(dataDir)).toBe(false);
      expect(mode).toBe(0o700);
      expect(answer.status).toBe(201);
      expect(existsSync(dirname(socket))).toBe(false);
    }
    expect(await findUserByEmail(database.db, 'long2@example.com')).toBeTruthy();
  });

  it('answers a refusal as the API does, creating nobody', async () => {
    const { answer } = await createThroughSocket(join(root, 'data'), 'FIRST@example.com');
    expect(answer).toEqual({ status: 400, body: { email: ['A user with that email already exists.'] } });
  });
});
