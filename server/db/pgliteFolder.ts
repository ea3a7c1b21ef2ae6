// Opens PGlite on a data folder. A new folder starts from a snapshot the build saved
// (scripts/databaseSnapshots.mjs): loading one takes about a second where creating a cluster
// (initdb) takes three to five, which is most of a first start. Without a build, or with another
// PGlite installed since, PGlite creates the cluster itself.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { buildFile } from '../serverFiles';

/** 'migrated': the app's schema as of the build; 'empty': a bare cluster (the job queue's). */
export type SnapshotKind = 'migrated' | 'empty';

function installedPgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  return (JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8')) as { version: string }).version;
}

export async function openPgliteFolder(dataDir: string, kind: SnapshotKind): Promise<PGlite> {
  const snapshot = buildFile(`pglite-${installedPgliteVersion()}-${kind}.tgz`);
  const fresh = !existsSync(join(dataDir, 'PG_VERSION'));
  const pglite = fresh && existsSync(snapshot) ? new PGlite(dataDir, { loadDataDir: new Blob([readFileSync(snapshot)]) }) : new PGlite(dataDir);
  await pglite.waitReady;
  return pglite;
}
