import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ENTRY_POINTS, ROOT, THREAD_ENTRIES } from '../../scripts/entryPoints.mjs';
import THREADS from './threads.json';
import { threadEntry } from './threadEntry';

describe('the engine threads', () => {
  it('are each built: the build bundles every thread the server may start', () => {
    expect(THREAD_ENTRIES).toEqual(THREADS);
    for (const [name, source] of Object.entries(THREADS)) {
      expect(ENTRY_POINTS[name], name).toBe(source);
      expect(existsSync(`${ROOT}/${source}`), source).toBe(true);
    }
  });

  it('start from their sources through the loader while the server runs from its sources', () => {
    for (const name of Object.keys(THREADS) as (keyof typeof THREADS)[]) {
      const { file, options } = threadEntry(name);
      expect(fileURLToPath(file)).toMatch(/server\/engines\/bootstrap\.mjs$/);
      expect(existsSync(fileURLToPath((options.workerData as { entry: string }).entry))).toBe(true);
    }
  });

  it('refuses a thread the list does not name', () => {
    // @ts-expect-error: only the names of threads.json are thread names.
    expect(() => threadEntry('simulationThread')).toThrow(/no engine thread is named simulationThread/);
  });
});
