// Every layer: pure engines and server units (node), React components (happy-dom), the API
// against a real database, and the browser end-to-end. `npm test` runs all but the last
// (`--project '!e2e'`), `npm run test:browser` the last, `npm run test:all` (CI) all of them.
// Files of every project run side by side, two at a time (the machine's two cores), the browser
// and API files first (tests/support/waitingFirst.ts): they spend much of their time waiting on
// a server, a database or a browser, which the other file fills with computing. With DATABASE_URL
// set (PostgreSQL, as .ci/run does), the API files also run once more on the embedded database
// (PGlite), so both storage backends are covered in the one run.
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import react from '@vitejs/plugin-react';
import WaitingFirst from './tests/support/waitingFirst.js';

const onPostgres = Boolean(process.env.DATABASE_URL);
/** The long proofs run in `npm run test:all` (CI) only (tests/support/longProofs.ts). */
const longProofs = process.env.LONG_PROOFS === '1';

const api = (name: string, env: Record<string, string> = {}): TestProjectInlineConfiguration => ({
  test: {
    name,
    environment: 'node',
    include: ['tests/api/**/*.test.ts'],
    setupFiles: ['tests/support/setupWarnings.ts'],
    globalSetup: ['tests/support/buildOnce.ts'],
    // Each file imports the whole server (every route, Drizzle, pg-boss); sharing those modules
    // between the files a worker runs saves importing them again per file. Files share no state
    // through them: each opens its own database and app, and what the modules keep (reference
    // tables read from files, the sizing threads, whose problems are keyed by a random run id)
    // is the same for every database.
    isolate: false,
    env,
    // Vitest's own timeouts: a hook or test that waits longer names what for
    // (tests/support/waits.ts).
  },
});

export default defineConfig({
  test: {
    maxWorkers: 2,
    sequence: { sequencer: WaitingFirst },
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['common/**/*.test.ts', 'workers/**/*.test.ts', 'server/**/*.test.ts'],
          isolate: false,
          provide: { longProofs },
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'dom',
          environment: 'happy-dom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/testing/setupConsole.ts'],
        },
      },
      api('api'),
      // An empty DATABASE_URL: the files open PGlite databases, their servers PGlite folders.
      ...(onPostgres ? [api('api (PGlite)', { DATABASE_URL: '' })] : []),
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/support/buildOnce.ts', 'tests/support/demoTemplate.ts'],
          // These tests drive a browser through Playwright, so Playwright Test's defaults hold:
          // 30 s a test and 5 s an expectation (Vitest's 5 s and 1 s are set for unit tests; a
          // browser test walks several screens). Tests that wait for jobs or another long
          // operation say so with their own timeout (tests/support/waits.ts).
          testTimeout: 30_000,
          expect: { poll: { timeout: 5_000 } },
        },
      },
    ],
  },
});
