// The running server's door for administrators on the same machine: with the embedded database
// only the server may open the data folder, so `createuser` asks the server to create the user
// over a Unix socket in that folder. The socket is made readable by the folder owner's OS user
// only: whoever can use it could also read the database files.
import { request } from 'node:http';
import { existsSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import { ADMIN_SOCKET } from '../db/dataDirLock';
import { registerErrorHandler } from '../errors';
import { createUser, type NewUserInput } from '../users';

export const adminSocketPath = (dataDir: string) => join(dataDir, ADMIN_SOCKET);

export async function serveAdminSocket(dataDir: string, db: Database, log: FastifyBaseLogger) {
  const path = adminSocketPath(dataDir);
  // Left by a server that crashed; this process owns the folder's lock, so nobody else uses it.
  if (existsSync(path)) unlinkSync(path);
  const admin = Fastify({ loggerInstance: log.child({ admin: 'socket' }) });
  registerErrorHandler(admin);
  admin.post('/users/', async (req, reply) => {
    const user = await createUser(db, req.body as NewUserInput);
    req.log.info({ user: user.email }, 'user created through the admin socket');
    return reply.code(201).send({ email: user.email, is_staff: user.isStaff });
  });
  const umask = process.umask(0o077);
  try {
    await admin.listen({ path });
  } finally {
    process.umask(umask);
  }
  return admin;
}

export type AdminAnswer = { status: number; body: Record<string, unknown> };

/** One JSON call to a running server's admin socket. */
export function adminCall(dataDir: string, path: string, body: unknown): Promise<AdminAnswer> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      { socketPath: adminSocketPath(dataDir), path, method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } },
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
