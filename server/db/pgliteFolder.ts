// Opens PGlite on a data folder. A new folder starts as a copy of a cluster the build saved
// (scripts/databaseSnapshots.mjs): copying and opening one takes well under a second where
// creating a cluster (initdb) takes three to five, which was most of a first start. Without a
// build, or with another PGlite installed since, PGlite creates the cluster itself.
import { cpSync, existsSync, readFileSync } from 'node:fs';
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
  const snapshot = buildFile(`pglite-${installedPgliteVersion()}-${kind}`);
  if (!existsSync(join(dataDir, 'PG_VERSION')) && existsSync(join(snapshot, 'PG_VERSION'))) cpSync(snapshot, dataDir, { recursive: true });
  const pglite = new PGlite(dataDir);
  await pglite.waitReady;
  return pglite;
}
