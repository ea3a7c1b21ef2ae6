// Zod schemas shared by several route modules, registered by id so the OpenAPI document names
// them as components and the generated client gets one type per concept.
import { z } from 'zod';
import { UserSchema } from '../../common/schemas/user';

export { UserSchema };

export const DetailSchema = z.object({ detail: z.string() }).meta({ id: 'Detail' });

/** 400 answers name each bad field: {"field": ["message", ...]}. */
const FieldErrorsSchema = z.record(z.string(), z.array(z.string())).meta({ id: 'FieldErrors', description: 'Each invalid field with its messages' });

export const TokenPairSchema = z
  .object({
    access: z.string(),
    refresh: z.string(),
    access_expiration: z.string().describe('ISO 8601 time the access token expires'),
    refresh_expiration: z.string().describe('ISO 8601 time the refresh token expires'),
  })
  .meta({ id: 'TokenPair' });

export const LoginResponseSchema = TokenPairSchema.extend({ user: UserSchema }).meta({
  id: 'LoginResponse',
});

export const errorResponses = {
  400: FieldErrorsSchema.or(DetailSchema),
  401: DetailSchema,
  403: DetailSchema,
  404: DetailSchema,
  429: DetailSchema,
} as const;

export const bearerSecurity = [{ bearerAuth: [] }];

export const nameSchema = z.string().trim().max(150);
