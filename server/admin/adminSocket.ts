// The running server's door for administrators on the same machine: with the embedded database
// only the server may open the data folder, so `createuser` asks the server to create the user
// over a Unix socket in that folder (or in a private folder, see socketPlace), named in the
// folder's lock. The socket is made usable by the folder owner's OS user only: whoever can use it
// could also read the database files.
import { request } from 'node:http';
import { existsSync, mkdtempSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import { recordInLock } from '../db/dataDirLock';
import { registerErrorHandler } from '../errors';
import { createUser, type NewUserInput } from '../users';

/** The longest socket path every Unix keeps whole (sun_path: 108 bytes on Linux, 104 on macOS). */
const MAX_SOCKET_PATH = 103;

/**
 * The socket's place: in the data folder when the path fits a socket address. A longer one would
 * be cut short without a word (the socket made elsewhere, and in the way of the next start), so it
 * goes in a fresh private folder (0700) under the temporary directory; the lock file says where.
 */
function socketPlace(dataDir: string): { path: string; privateDir: string | null } {
  const inFolder = resolve(dataDir, 'admin.sock');
  if (Buffer.byteLength(inFolder) <= MAX_SOCKET_PATH) return { path: inFolder, privateDir: null };
  const privateDir = mkdtempSync(join(tmpdir(), 'airport-planner-'));
  return { path: join(privateDir, 'admin.sock'), privateDir };
}

export async function serveAdminSocket(dataDir: string, db: Database, log: FastifyBaseLogger) {
  const { path, privateDir } = socketPlace(dataDir);
  // Left by a server that crashed; this process owns the folder's lock, so nobody else uses it.
  if (existsSync(path)) unlinkSync(path);
  const admin = Fastify({ loggerInstance: log.child({ admin: 'socket' }) });
  registerErrorHandler(admin);
  admin.post('/users/', async (req, reply) => {
    const user = await createUser(db, req.body as NewUserInput);
    req.log.info({ user: user.email }, 'user created through the admin socket');
    return reply.code(201).send({ email: user.email, is_staff: user.isStaff });
  });
  if (privateDir) admin.addHook('onClose', async () => rmSync(privateDir, { recursive: true, force: true }));
  const umask = process.umask(0o077);
  try {
    await admin.listen({ path });
  } finally {
    process.umask(umask);
  }
  recordInLock(dataDir, { socket: path });
  return admin;
}

export type AdminAnswer = { status: number; body: Record<string, unknown> };

/** One JSON call to a running server's admin socket (its path from the folder's lock). */
export function adminCall(socketPath: string, path: string, body: unknown): Promise<AdminAnswer> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      { socketPath, path, method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          try {
            resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Record<string, unknown> });
          } catch {
            reject(new Error(`the server answered ${res.statusCode} without JSON`));
          }
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
