// Throttles for the calls that guess secrets (password, one-time code, reset mail): a limit per
// account and a wider one per address, each answering 429 with a clear message.
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { ApiError } from '../errors';
import { normaliseEmail } from '../repositories/users';

type KeyOf = (request: FastifyRequest) => string;

/** The e-mail in a JSON body, for limits per account before anyone is authenticated. */
export const bodyEmail: KeyOf = (request) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? `email:${normaliseEmail(email)}` : 'email:';
};

export const authenticatedUser: KeyOf = (request) => `user:${request.user?.id ?? 0}`;

export function throttle(app: FastifyInstance, accountKey: KeyOf): preHandlerAsyncHookHandler[] {
  const { loginRateLimit, rateLimitWindowMinutes } = app.config;
  const timeWindow = rateLimitWindowMinutes * 60_000;
  const errorResponseBuilder = (_request: FastifyRequest, context: { after: string }) =>
    new ApiError(429, 'throttled', `Too many attempts. Try again in ${context.after}.`);
  return [
    app.rateLimit({
      max: loginRateLimit * 5,
      timeWindow,
      keyGenerator: (request) => `address:${request.ip}`,
      errorResponseBuilder,
    }),
    app.rateLimit({ max: loginRateLimit, timeWindow, keyGenerator: accountKey, errorResponseBuilder }),
  ] as preHandlerAsyncHookHandler[];
}
