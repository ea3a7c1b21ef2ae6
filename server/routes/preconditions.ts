// Optimistic concurrency for the items planners change: each row's version (raised by the
// database on every change, db/schema/columns.ts) is its entity tag. A PUT, PATCH or DELETE whose
// If-Match names none of the current tags, or whose If-Unmodified-Since is older than the row's
// last change, is refused with 412 and the current row, and changes nothing (RFC 9110, 13.1.1,
// 13.1.4 and 13.2.2). A write without either header goes ahead, as scripts send them.
import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PreconditionFailed } from '../errors';

/** The conditional headers a write takes, for its schema (others pass through); the app always sends If-Match. */
export const preconditionHeaders = z.looseObject({
  'if-match': z.string().optional().describe('The ETag (version) the write was made against; an older one answers 412 with the item as it is'),
  'if-unmodified-since': z.string().optional().describe('An HTTP date; a change of the item after it answers 412'),
});

/** An item's version as the API answers it (in rows and as the ETag). */
export const versionField = z.number().int().describe('Raised by every change; the ETag of the item, sent back as If-Match');

/** What a precondition is checked against: the row's version and the time of its last change. */
export type Versioned = { version: number; updated_at?: Date | string | null };

/** A version as an entity tag (strong: two rows of one version are the same bytes). */
const entityTag = (version: number): string => `"${version}"`;

/** Sets the ETag of an answered row. */
export function tagReply(reply: FastifyReply, row: Versioned): void {
  reply.header('ETag', entityTag(row.version));
}

/** The tags of an If-Match value (quoted, separated by commas); weak ones never match a strong comparison. */
function matches(header: string, current: string): boolean {
  if (header.trim() === '*') return true;
  return (header.match(/(W\/)?"[^"]*"/g) ?? []).some((tag) => tag === current);
}

/** Whether the row changed after the If-Unmodified-Since time (whole seconds, as HTTP dates are). */
function changedSince(header: string, updatedAt: Versioned['updated_at']): boolean {
  const since = Date.parse(header);
  // An invalid date is ignored (RFC 9110 13.1.4), as is a row without a time.
  if (Number.isNaN(since) || updatedAt == null) return false;
  return Math.floor(new Date(updatedAt).getTime() / 1000) * 1000 > since;
}

/** Whether the request may write over `current`: its If-Match, else its If-Unmodified-Since, holds. */
function preconditionsHold(request: FastifyRequest, current: Versioned): boolean {
  const ifMatch = request.headers['if-match'];
  if (ifMatch !== undefined) return matches(ifMatch, entityTag(current.version));
  const since = request.headers['if-unmodified-since'];
  return since === undefined || !changedSince(since, current.updated_at);
}

/**
 * Refuses the write (PreconditionFailed: 412 with the row as the API answers it, `present`) when
 * the request's preconditions do not hold for `row`.
 */
export async function requireFresh(
  request: FastifyRequest,
  row: Versioned,
  present: () => Promise<Record<string, unknown>> | Record<string, unknown>,
): Promise<void> {
  if (preconditionsHold(request, row)) return;
  throw new PreconditionFailed(await present(), entityTag(row.version));
}
