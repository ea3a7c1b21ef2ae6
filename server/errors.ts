// Typed API errors and the one error handler that turns every failure into the JSON shape the
// client expects: {"detail": "..."} in general, {"field": ["message", ...]} for invalid input.
// Server faults are logged with their context and answered without internals.
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { reportFault } from './faults';

export type FieldErrors = Record<string, string[]>;

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: FieldErrors,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const invalid = (fields: FieldErrors) => new ApiError(400, 'invalid', 'Invalid input.', fields);
export const badRequest = (detail: string, code = 'bad_request') => new ApiError(400, code, detail);
export const unauthorized = (detail: string, code = 'not_authenticated') => new ApiError(401, code, detail);
export const forbidden = (detail = 'You do not have permission to perform this action.') => new ApiError(403, 'permission_denied', detail);
export const notFound = (detail = 'Not found.') => new ApiError(404, 'not_found', detail);

/**
 * A write refused because the item changed since the writer read it: 412 with the item as it is
 * now and its ETag (or, for a bulk write, the changed items).
 */
export class PreconditionFailed extends Error {
  constructor(
    readonly current: unknown,
    readonly etag?: string,
  ) {
    super('The item has changed since you read it.');
    this.name = 'PreconditionFailed';
  }
}

/** The key a validation issue is reported under: the field's dotted path, or the DRF name. */
function fieldKey(instancePath: string): string {
  const path = instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
  return path || 'non_field_errors';
}

/** The {"field": [...]} form of a schema validation failure. */
export function validationFieldErrors(validation: ReadonlyArray<{ instancePath?: string; message?: string }>): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of validation) {
    (fields[fieldKey(issue.instancePath ?? '')] ??= []).push(issue.message ?? 'Invalid value.');
  }
  return fields;
}

/** The same form for a zod parse done by hand (form fields, a CLI's arguments). */
export function zodFieldErrors(error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> }): FieldErrors {
  return validationFieldErrors(error.issues.map((i) => ({ instancePath: `/${i.path.map(String).join('/')}`, message: i.message })));
}

type PgError = { code?: string; detail?: string; constraint?: string };

/**
 * A database refusal that is the request's fault, not the server's: two requests racing to
 * create one unique value (both pass the route's check, one insert loses), or a reference to a
 * row deleted meanwhile. Answered as invalid input naming the column. Drizzle wraps the
 * driver's error in `cause`.
 */
function databaseInputErrors(error: unknown): FieldErrors | null {
  const pg = [error, (error as { cause?: unknown })?.cause].find(
    (e): e is PgError => typeof (e as PgError)?.code === 'string' && /^23/.test((e as PgError).code!),
  );
  if (!pg) return null;
  const columns = /^Key \(([^)]+)\)/.exec(pg.detail ?? '')?.[1].split(', ') ?? [];
  const field = columns.at(-1) ?? 'non_field_errors';
  if (pg.code === '23505') return { [field]: [`A record with this ${field.replace(/_/g, ' ')} already exists.`] };
  if (pg.code === '23503') return { [field]: ['Refers to a record that does not exist (any more).'] };
  return null;
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof PreconditionFailed) {
      if (error.etag) reply.header('ETag', error.etag);
      return reply.code(412).send(error.current);
    }
    if (error instanceof ApiError) {
      return reply.code(error.statusCode).send(error.fields ?? { detail: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      if (error.validationContext === 'body' && request.body == null) {
        return reply.code(400).send({ non_field_errors: ['Request body is required.'] });
      }
      return reply.code(400).send(validationFieldErrors(error.validation));
    }
    const fromDatabase = databaseInputErrors(error);
    if (fromDatabase) return reply.code(400).send(fromDatabase);
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ detail: error.message });
    }
    const detail = reportFault(request.log, error, { url: request.url, method: request.method, user: request.user?.id }, 'The request');
    return reply.code(500).send({ detail });
  });
}
