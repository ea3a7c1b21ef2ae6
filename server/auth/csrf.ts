// Double-submit CSRF protection. Every response sets a random `csrftoken` cookie when the
// browser has none; an unsafe request that carries cookies must repeat that cookie's value in
// the X-CSRFToken header, which a cross-site page cannot read. Clients that send no cookies at
// all (scripts, the CLI) carry no ambient credentials and are not checked: auth is a Bearer header.
import type { FastifyInstance } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { ApiError } from '../errors';
import { randomToken } from './secrets';

const CSRF_COOKIE = 'csrftoken';
const CSRF_HEADER = 'x-csrftoken';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The browser's CSRF token: the cookie it sent, or the one this response sets. */
    csrfToken: string;
  }
}

export function registerCsrf(app: FastifyInstance): void {
  app.decorateRequest('csrfToken', '');
  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[CSRF_COOKIE];
    request.csrfToken = cookie ?? randomToken(24);
    if (!cookie) {
      reply.setCookie(CSRF_COOKIE, request.csrfToken, {
        path: '/',
        sameSite: 'lax',
        secure: request.protocol === 'https',
        maxAge: 365 * 24 * 3600,
      });
    }
    if (SAFE_METHODS.has(request.method) || !request.headers.cookie) return;
    const header = request.headers[CSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !sameToken(cookie, header)) {
      throw new ApiError(403, 'csrf_failed', 'CSRF Failed: CSRF token missing or incorrect.');
    }
  });
}
