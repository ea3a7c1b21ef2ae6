// Opens the one database the server uses: embedded PGlite in a data folder by default, or a
// PostgreSQL server when DATABASE_URL is set. Both speak the same SQL through Drizzle, and both
// are migrated from the same folder on open.
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import * as schema from './schema';
import { lockDataDir, type DataDirLock, type LockOwner } from './dataDirLock';
import { serverFile } from '../serverFiles';
import { openPgliteFolder } from './pgliteFolder';
import { listenOnServer, type Listener } from './listen';
import { tagQueries } from './actor';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Repositories take either, so a caller can make several of their writes one transaction. */
export type Executor = Database | Transaction;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /**
   * Where errors of idle server connections go (the server restarting, a network cut): a pool
   * without a listener would crash the process. Until set, they are written to stderr.
   */
  onConnectionError(listener: (error: Error) => void): void;
  /** The owner of a stale lock this process took over (embedded only), for the log. */
  staleLock?: LockOwner | null;
  /**
   * Passes on every notice sent on `channel` (NOTIFY, from any process on the database) until the
   * answered function is called.
   */
  listen(channel: string, listener: Listener): Promise<() => Promise<void>>;
};

export const migrationsFolder = serverFile('db/migrations');

export type DatabaseOptions =
  | { databaseUrl: string }
  /** `role` names the process in the folder's lock, for the message a second process gets. */
  | { dataDir: string; role?: string }
  /** An already opened PGlite (tests open one from a migrated snapshot). */
  | { pglite: PGlite };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if ('databaseUrl' in options) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    let connectionError = (error: Error): void => void process.stderr.write(`database connection error: ${error.message}\n`);
    pool.on('error', (error) => connectionError(error));
    // Each connection tags its statements with their actor (actor.ts); pool.query uses them too.
    pool.on('connect', (connection) => void tagQueries(connection));
    const db = drizzlePg({ client: pool, schema }) as unknown as Database;
    try {
      await migratePg(db as never, { migrationsFolder });
    } catch (error) {
      await pool.end();
      throw error;
    }
    return {
      db,
      kind: 'postgres',
      close: () => pool.end(),
      onConnectionError: (listener) => (connectionError = listener),
      listen: (channel, listener) => listenOnServer(options.databaseUrl, channel, listener),
    };
  }
  let client: PGlite;
  let lock: DataDirLock | null = null;
  if ('pglite' in options) {
    client = options.pglite;
  } else {
    mkdirSync(options.dataDir, { recursive: true });
    // Before PGlite touches the folder: a second process must refuse having written nothing.
    const held = lockDataDir(options.dataDir, options.role ?? 'server');
    lock = held;
    client = await openPgliteFolder(options.dataDir, 'migrated').catch((error: unknown) => {
      held.release();
      throw error;
    });
  }
  const close = async () => {
    try {
      await client.close();
    } finally {
      lock?.release();
    }
  };
  tagQueries(client);
  // A transaction's statements go through the transaction's own query.
  const transaction = client.transaction.bind(client);
  client.transaction = (callback) => transaction((tx) => callback(tagQueries(tx)));
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  try {
    await migratePglite(db as never, { migrationsFolder });
  } catch (error) {
    await close();
    throw error;
  }
  return {
    db,
    kind: 'pglite',
    close,
    // An embedded database has no connections to lose.
    onConnectionError: () => undefined,
    staleLock: lock?.tookOverStale ?? null,
    // One process owns the database, so every notice is sent here and none can be missed.
    listen: async (channel, listener) => {
      const unlisten = await client.listen(channel, listener.notice);
      return () => unlisten();
    },
  };
}
