// The long proofs: a published optimum proven by search, a sized plan's minimality verified by
// thousands of fresh replications. They take a minute of both cores between them, so `npm test`
// (the loop before every commit) leaves them, reported as skipped, to `npm run test:all`, which CI
// runs (vitest.config.ts provides `longProofs` when LONG_PROOFS=1).
import { inject, it } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    longProofs: boolean;
  }
}

/** `it` for a long proof: run by `npm run test:all` (CI), skipped by `npm test`. */
export const longProof = it.runIf(inject('longProofs'));
