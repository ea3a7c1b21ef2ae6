// Unexpected errors (an engine bug, a crashed thread, a database fault) are logged whole under a
// short reference, and people get a sentence with that reference instead of the internals, so an
// administrator can find the log line a planner quotes.
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';

export const newReference = () => randomBytes(4).toString('hex');

/** Logs `error` with its context under a new reference and answers the words for people. */
export function reportFault(log: FastifyBaseLogger, error: unknown, context: Record<string, unknown>, what: string): string {
  const reference = newReference();
  log.error({ err: error, reference, ...context }, `${what} failed unexpectedly`);
  return `${what} failed unexpectedly (reference ${reference}). The error has been logged.`;
}
