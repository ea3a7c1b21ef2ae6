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

export const invalid = (fields: FieldErrors) =>
  new ApiError(400, 'invalid', 'Invalid input.', fields);
export const badRequest = (detail: string, code = 'bad_request') => new ApiError(400, code, detail);
export const unauthorized = (detail: string, code = 'not_authenticated') =>
  new ApiError(401, code, detail);
export const forbidden = (detail = 'You do not have permission to perform this action.') =>
  new ApiError(403, 'permission_denied', detail);
export const notFound = (detail = 'Not found.') => new ApiError(404, 'not_found', detail);

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

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) {
      return reply
        .code(error.statusCode)
        .send(error.fields ?? { detail: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      if (error.validationContext === 'body' && request.body == null) {
        return reply.code(400).send({ non_field_errors: ['Request body is required.'] });
      }
      return reply.code(400).send(validationFieldErrors(error.validation));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ detail: error.message });
    }
    const detail = reportFault(request.log, error, { url: request.url, method: request.method, user: request.user?.id }, 'The request');
    return reply.code(500).send({ detail });
  });
}
