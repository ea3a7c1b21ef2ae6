// Throttles for the calls that guess secrets (password, one-time code, reset mail): a limit per
// account and a wider one per address, each answering 429 with a clear message.
// @fastify/rate-limit's route hooks run only one limiter per request, so both limits use its
// manual limiter (createRateLimit) and this module turns an exceeded limit into the 429.
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

function minutesText(ms: number): string {
  const minutes = Math.ceil(ms / 60_000);
  return minutes <= 1 ? '1 minute' : `${minutes} minutes`;
}

export function throttle(app: FastifyInstance, accountKey: KeyOf): preHandlerAsyncHookHandler[] {
  const { loginRateLimit, rateLimitWindowMinutes } = app.config;
  const timeWindow = rateLimitWindowMinutes * 60_000;
  const limiters = [
    app.createRateLimit({ max: loginRateLimit * 5, timeWindow, keyGenerator: (r) => `address:${r.ip}` }),
    app.createRateLimit({ max: loginRateLimit, timeWindow, keyGenerator: accountKey }),
  ];
  return limiters.map((limit) => async (request: FastifyRequest) => {
    const result = await limit(request);
    if (!result.isAllowed && result.isExceeded) {
      throw new ApiError(429, 'throttled', `Too many attempts. Try again in ${minutesText(result.ttl)}.`);
    }
  });
}
