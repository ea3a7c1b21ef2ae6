// Part of `npm run build`: the PGlite data folders a first start begins from, saved in
// dist-server/. Creating a PGlite cluster (initdb) takes 2.5 to 5 seconds of WebAssembly on the
// main thread, and a first start needs two (the app's database and the job queue's); PGlite's own
// snapshot (a tarball it unpacks file by file) still takes 2 to 3, while copying a saved folder
// and opening it takes well under one. The app's is saved migrated (opening it still applies any
// migration newer than the build); both are tied to the PGlite version that made them.
import { readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

/** The installed PGlite's version; server/db/pgliteFolder.ts names the files the same way. */
function pgliteVersion() {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  return JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8')).version;
}

async function createCluster(path, migrationsFolder) {
  rmSync(path, { recursive: true, force: true });
  const pglite = new PGlite(path);
  await pglite.waitReady;
  if (migrationsFolder) await migrate(drizzle(pglite), { migrationsFolder });
  await pglite.close();
}

export async function writeDatabaseSnapshots(folder, migrationsFolder) {
  const path = (kind) => join(folder, `pglite-${pgliteVersion()}-${kind}`);
  await createCluster(path('empty'));
  await createCluster(path('migrated'), migrationsFolder);
}
