// Sign-in, tokens, passwords and the signed-in user's own record: the auth/ calls of SPEC.md
// section 7, in the shapes the client expects.
import { z } from 'zod';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { passwordResetTokens } from '../db/schema';
import { hashPassword, MIN_PASSWORD_LENGTH, verifyPassword } from '../auth/passwords';
import { requireUser, currentUser } from '../auth/authenticate';
import { startSession } from '../auth/sessions';
import { throttle, bodyEmail } from '../auth/rateLimits';
import { randomToken, sha256 } from '../auth/secrets';
import { isDbId } from './fields';
import { findUserByEmail, findUserById, toUserDto, updateUser } from '../repositories/users';
import { revokeRefreshToken, revokeUserRefreshTokens, rotateRefreshToken } from '../repositories/refreshTokens';
import { badRequest, invalid, unauthorized } from '../errors';
import { bearerSecurity, DetailSchema, errorResponses, LoginResponseSchema, nameSchema, TokenPairSchema, UserSchema } from './schemas';

const tags = ['auth'];
const password = z.string().min(1, 'This field may not be blank.');
const newPasswords = z
  .object({
    new_password1: z.string().min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters.`),
    new_password2: z.string(),
  })
  .refine((b) => b.new_password1 === b.new_password2, {
    path: ['new_password2'],
    message: "The two password fields didn't match.",
  });

const userUpdate = z.object({ first_name: nameSchema, last_name: nameSchema });

// A real hash to verify against when the e-mail is unknown, so a wrong e-mail takes as long as a
// wrong password and timing does not reveal which accounts exist.
const timingDecoy = hashPassword(randomToken());

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;

  app.post('/auth/login/', {
    schema: {
      tags,
      summary: 'Sign in with e-mail and password',
      description:
        'For a user with two-factor authentication on, the tokens answered reach only the one-time-password status and verify calls until a code is verified.',
      body: z.object({ email: z.string().trim().min(1, 'This field may not be blank.'), password }),
      response: { 200: LoginResponseSchema, ...errorResponses },
    },
    preHandler: throttle(app, bodyEmail),
    handler: async (request) => {
      const { email, password: given } = request.body;
      const user = await findUserByEmail(app.db, email);
      const valid = user ? await verifyPassword(user.passwordHash, given) : (await verifyPassword(await timingDecoy, given), false);
      if (!user || !valid || !user.isActive) {
        throw badRequest('Unable to log in with provided credentials.', 'invalid_credentials');
      }
      if (!user.otpEnabled) await updateUser(app.db, user.id, { lastLogin: new Date() });
      return startSession(app, user, user.otpEnabled ? 'mfa' : 'full');
    },
  });

  app.post('/auth/logout/', {
    schema: {
      tags,
      summary: 'Sign out: revokes the refresh token',
      body: z.object({ refresh: z.string().optional() }).optional(),
      response: { 200: DetailSchema, ...errorResponses },
    },
    handler: async (request) => {
      const refresh = request.body?.refresh;
      if (refresh) await revokeRefreshToken(app.db, refresh);
      return { detail: 'Successfully logged out.' };
    },
  });

  app.post('/auth/token/refresh/', {
    schema: {
      tags,
      summary: 'Exchange a refresh token for a new pair (the old refresh token stops working)',
      body: z.object({ refresh: z.string().min(1, 'This field may not be blank.') }),
      response: { 200: TokenPairSchema, ...errorResponses },
    },
    handler: async (request) => {
      const rotation = await rotateRefreshToken(app.db, request.body.refresh, config.refreshTokenMinutes, (token) => app.accessTokens.successorToken(token));
      if (!rotation.ok) {
        throw unauthorized(rotation.reason === 'expired' ? 'Token is expired' : 'Token is invalid or expired', 'token_not_valid');
      }
      const user = await findUserById(app.db, rotation.userId);
      if (!user?.isActive) throw unauthorized('User not found or inactive.', 'user_inactive');
      const access = await app.accessTokens.sign(user.id, rotation.mfaPending ? 'mfa' : 'full');
      return {
        access: access.token,
        refresh: rotation.refresh.token,
        access_expiration: access.expiresAt.toISOString(),
        refresh_expiration: rotation.refresh.expiresAt.toISOString(),
      };
    },
  });

  app.post('/auth/token/verify/', {
    schema: {
      tags,
      summary: 'Check that an access token is valid and unexpired',
      body: z.object({ token: z.string().min(1, 'This field may not be blank.') }),
      response: { 200: z.object({}), ...errorResponses },
    },
    handler: async (request) => {
      const claims = await app.accessTokens.verify(request.body.token);
      if (!claims) throw unauthorized('Token is invalid or expired', 'token_not_valid');
      return {};
    },
  });

  app.get('/auth/csrf/', {
    schema: {
      tags,
      summary: 'Set the CSRF cookie and answer its value',
      response: { 200: z.object({ csrftoken: z.string() }) },
    },
    handler: async (request) => ({ csrftoken: request.csrfToken }),
  });

  app.post('/auth/password/change/', {
    schema: {
      tags,
      summary: "Change the signed-in user's password",
      security: bearerSecurity,
      body: z.object({ old_password: password }).and(newPasswords),
      response: { 200: DetailSchema, ...errorResponses },
    },
    preHandler: requireUser(),
    handler: async (request) => {
      const user = currentUser(request);
      if (!(await verifyPassword(user.passwordHash, request.body.old_password))) {
        throw invalid({ old_password: ['Your old password was entered incorrectly.'] });
      }
      await updateUser(app.db, user.id, { passwordHash: await hashPassword(request.body.new_password1) });
      return { detail: 'New password has been saved.' };
    },
  });

  app.post('/auth/password/reset/', {
    schema: {
      tags,
      summary: 'Mail a password reset link (the answer is the same whether or not the address exists)',
      body: z.object({ email: z.string().trim().email('Enter a valid email address.') }),
      response: { 200: DetailSchema, ...errorResponses },
    },
    preHandler: throttle(app, bodyEmail),
    handler: async (request) => {
      const user = await findUserByEmail(app.db, request.body.email);
      if (user?.isActive) {
        const token = randomToken();
        await app.db.insert(passwordResetTokens).values({
          userId: user.id,
          tokenHash: sha256(token),
          expiresAt: new Date(Date.now() + config.passwordResetMinutes * 60_000),
        });
        const base = config.publicUrl ?? `${request.protocol}://${request.host}`;
        const link = `${base}/auth/reset?uid=${user.id}&token=${token}`;
        await app.mailer.send({
          to: user.email,
          subject: 'Reset your Airport Planner password',
          body:
            `Someone asked to reset the password of ${user.email}.\n\n` +
            `Open this link within ${config.passwordResetMinutes} minutes to choose a new one:\n${link}\n\n` +
            `Or use uid ${user.id} and token ${token}.\nIf it was not you, ignore this mail.`,
        });
      }
      return { detail: 'Password reset e-mail has been sent.' };
    },
  });

  app.post('/auth/password/reset/confirm/', {
    schema: {
      tags,
      summary: 'Set a new password with the uid and token of a reset mail; ends every session',
      body: z.object({ uid: z.coerce.string(), token: z.string().min(1) }).and(newPasswords),
      response: { 200: DetailSchema, ...errorResponses },
    },
    handler: async (request) => {
      const { uid, token, new_password1 } = request.body;
      const userId = Number(uid);
      const passwordHash = await hashPassword(new_password1);
      const done = await app.db.transaction(async (tx) => {
        const [row] = await tx
          .update(passwordResetTokens)
          .set({ usedAt: new Date() })
          .where(
            and(
              eq(passwordResetTokens.tokenHash, sha256(token)),
              eq(passwordResetTokens.userId, isDbId(userId) ? userId : -1),
              isNull(passwordResetTokens.usedAt),
              gt(passwordResetTokens.expiresAt, new Date()),
            ),
          )
          .returning();
        if (!row) return false;
        await updateUser(tx, row.userId, { passwordHash });
        await revokeUserRefreshTokens(tx, row.userId);
        return true;
      });
      if (!done) throw invalid({ token: ['Invalid value'] });
      return { detail: 'Password has been reset with the new password.' };
    },
  });

  const userResponse = { 200: UserSchema, ...errorResponses };
  app.get('/auth/user/', {
    schema: { tags, summary: 'The signed-in user', security: bearerSecurity, response: userResponse },
    preHandler: requireUser(),
    handler: async (request) => toUserDto(currentUser(request)),
  });
  app.put('/auth/user/', {
    schema: { tags, summary: "Replace the signed-in user's name", security: bearerSecurity, body: userUpdate, response: userResponse },
    preHandler: requireUser(),
    handler: async (request) =>
      toUserDto(
        await updateUser(app.db, currentUser(request).id, {
          firstName: request.body.first_name,
          lastName: request.body.last_name,
        }),
      ),
  });
  app.patch('/auth/user/', {
    schema: {
      tags,
      summary: "Change the signed-in user's name",
      security: bearerSecurity,
      body: userUpdate.partial().optional(),
      response: userResponse,
    },
    preHandler: requireUser(),
    handler: async (request) => {
      const user = currentUser(request);
      const body = request.body ?? {};
      if (body.first_name === undefined && body.last_name === undefined) return toUserDto(user);
      return toUserDto(
        await updateUser(app.db, user.id, {
          ...(body.first_name !== undefined && { firstName: body.first_name }),
          ...(body.last_name !== undefined && { lastName: body.last_name }),
        }),
      );
    },
  });
};

export default authRoutes;
