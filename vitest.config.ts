// One `vitest run` covers every layer: pure engines and server units (node), React
// components (happy-dom), the API against a real database, and the browser end-to-end.
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['common/**/*.test.ts', 'workers/**/*.test.ts', 'server/**/*.test.ts'],
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'dom',
          environment: 'happy-dom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/testing/setupConsole.ts', 'src/testing/setupTimeouts.ts'],
          // Above the 10 s a findBy may wait (setupTimeouts.ts), so a failing one says what it missed.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['tests/api/**/*.test.ts'],
          setupFiles: ['tests/support/setupWarnings.ts'],
          // Each file opens its own database; running them one at a time bounds memory.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 300_000,
          // A screen's update after a click can take over expect.poll's default second while
          // the api tests share the 2 cores; a poll passes as soon as it holds, so only a
          // failure waits the whole time.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
