// Turns the Bearer header into request.user. Route modules put `requireUser()` in their
// preHandler; only the second-factor calls pass `allowPending` to accept an 'mfa'-scope token.
import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema';
import { findUserById } from '../repositories/users';
import { unauthorized } from '../errors';
import { currentActor } from '../db/actor';
import type { TokenScope } from './accessTokens';

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null;
    tokenScope: TokenScope | null;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [kind, token] = header.split(' ');
  return kind?.toLowerCase() === 'bearer' && token ? token : null;
}

export function requireUser(options: { allowPending?: boolean } = {}) {
  return async function authenticate(request: FastifyRequest): Promise<void> {
    const token = bearerToken(request);
    if (!token) throw unauthorized('Authentication credentials were not provided.');
    const claims = await request.server.accessTokens.verify(token);
    if (!claims) throw unauthorized('Given token not valid for any token type', 'token_not_valid');
    if (claims.scope === 'mfa' && !options.allowPending) {
      throw unauthorized('Two-factor verification required.', 'mfa_required');
    }
    const user = await findUserById(request.server.db, claims.userId);
    if (!user || !user.isActive) throw unauthorized('User not found or inactive.', 'user_inactive');
    request.user = user;
    request.tokenScope = claims.scope;
    const actor = currentActor();
    if (actor) actor.userId = user.id;
  };
}

/** The signed-in user of a route guarded by requireUser(). */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized('Authentication credentials were not provided.');
  return request.user;
}
