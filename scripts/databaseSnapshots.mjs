// Part of `npm run build`: the PGlite data folders a first start begins from, saved as gzipped
// tarballs in dist-server/. Creating a PGlite cluster (initdb) takes 2.5 to 5 seconds of
// WebAssembly on the main thread, and a first start needs two (the app's database and the job
// queue's); loading a saved one takes about one. The app's is saved migrated (opening it still
// applies any migration newer than the build); both are tied to the PGlite version that made them.
import { readFileSync, writeFileSync } from 'node:fs';
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

async function save(pglite, file) {
  const dump = await pglite.dumpDataDir('gzip');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
}

export async function writeDatabaseSnapshots(folder, migrationsFolder) {
  const file = (kind) => join(folder, `pglite-${pgliteVersion()}-${kind}.tgz`);
  const pglite = new PGlite();
  await pglite.waitReady;
  await save(pglite, file('empty'));
  await migrate(drizzle(pglite), { migrationsFolder });
  await save(pglite, file('migrated'));
  await pglite.close();
}
