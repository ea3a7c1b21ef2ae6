// Issues the access/refresh pair a sign-in answers. A user with 2FA on gets a pending pair
// until a code is verified; a pending refresh token only ever refreshes into another pending pair.
import type { FastifyInstance } from 'fastify';
import type { UserRow } from '../db/schema';
import { issueRefreshToken } from '../repositories/refreshTokens';
import { toUserDto, type UserDto } from '../repositories/users';
import type { TokenScope } from './accessTokens';

export type SessionAnswer = {
  access: string;
  refresh: string;
  access_expiration: string;
  refresh_expiration: string;
  user: UserDto;
};

export async function startSession(app: FastifyInstance, user: UserRow, scope: TokenScope): Promise<SessionAnswer> {
  const access = await app.accessTokens.sign(user.id, scope);
  const refresh = await issueRefreshToken(app.db, user.id, scope === 'mfa', app.config.refreshTokenMinutes);
  return {
    access: access.token,
    refresh: refresh.token,
    access_expiration: access.expiresAt.toISOString(),
    refresh_expiration: refresh.expiresAt.toISOString(),
    user: toUserDto(user),
  };
}
