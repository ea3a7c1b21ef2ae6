// A fresh, migrated database for each test file. With DATABASE_URL set, a new database is
// created on that PostgreSQL server and dropped afterwards; otherwise an in-memory PGlite is
// loaded from a migrated snapshot (opening and migrating PGlite from nothing costs seconds,
// loading a snapshot much less), cached in the temp folder by the migrations' content.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { migrationsFolder, openDatabase, type DatabaseHandle } from '../../server/db/database';

function migrationsDigest(): string {
  const hash = createHash('sha256');
  for (const name of readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    const path = join(migrationsFolder, name);
    if (name.endsWith('.sql') || name.endsWith('.json')) hash.update(name).update(readFileSync(path));
  }
  return hash.digest('hex').slice(0, 16);
}

async function pgliteSnapshot(): Promise<Blob> {
  const file = join(tmpdir(), `airport-planner-pglite-${migrationsDigest()}.tar`);
  if (!existsSync(file)) {
    const client = new PGlite();
    const handle = await openDatabase({ pglite: client });
    const dump = await client.dumpDataDir('none');
    // Written aside and renamed into place: files running side by side may make it at once, and
    // none may read another's half-written one.
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
    await handle.close();
  }
  return new Blob([readFileSync(file)]);
}

export type TestDatabase = DatabaseHandle & { url?: string };

/**
 * A new PostgreSQL database on the DATABASE_URL server, empty or a copy of `template` (a database
 * nobody is connected to); answers its URL and a drop function.
 */
export async function createServerDatabase(serverUrl: string, template?: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `ap_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${pg.escapeIdentifier(template)}` : ''}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      // Pools close their connections asynchronously; forcing the drop while one is still
      // closing kills it with an error nobody listens to. Wait for them first (bounded).
      for (let i = 0; i < 50; i++) {
        const { rows } = await client.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export async function openTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const created = await createServerDatabase(serverUrl);
    const handle = await openDatabase({ databaseUrl: created.url });
    return {
      ...handle,
      url: created.url,
      async close() {
        await handle.close();
        await created.drop();
      },
    };
  }
  return openDatabase({ pglite: new PGlite({ loadDataDir: await pgliteSnapshot() }) });
}
