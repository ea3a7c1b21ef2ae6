// The one way tests and benchmarks reach the project's shared data: the `shared` folder beside
// the repository (as CI lays it out), found from this file's place, never from a machine's path.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
const SHARED_DATA_DIR = resolve(ROOT, '../shared/data');

/** The path of a file or folder in ../shared/data; throws naming what is missing and where it looked. */
export function sharedDataPath(...parts: string[]): string {
  const path = join(SHARED_DATA_DIR, ...parts);
  if (!existsSync(path)) {
    throw new Error(
      `Shared data missing: ${parts.join('/')} is not in ${SHARED_DATA_DIR}. ` +
        'Tests and benchmarks read it from the `shared` folder beside the repository (../shared/data).',
    );
  }
  return path;
}

export function readSharedData(...parts: string[]): Buffer {
  return readFileSync(sharedDataPath(...parts));
}

export const readSharedText = (...parts: string[]): string => readSharedData(...parts).toString('utf8');
