// Setup of the api test project. A query sent on a PostgreSQL connection still running another
// (a Promise.all of reads inside a transaction, whose one connection runs one query at a time) is
// queued by node-postgres 8 with a deprecation warning, and refused by its next major. The warning
// fails the test file that caused it, so such code cannot land unnoticed.
import { afterAll } from 'vitest';

const overlapping: string[] = [];

function onWarning(warning: Error): void {
  if (warning.name === 'DeprecationWarning' && warning.message.includes('already executing a query')) overlapping.push(warning.message);
}

process.on('warning', onWarning);

afterAll(() => {
  process.off('warning', onWarning);
  if (overlapping.length > 0) {
    throw new Error(`a query was sent on a PostgreSQL connection still running another (await them one after another): ${overlapping[0]}`);
  }
});
