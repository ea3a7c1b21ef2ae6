// One-time-password two-factor authentication (RFC 6238): set up with generate + validate,
// check with status + verify at sign-in, turn off with disable.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../auth/authenticate';
import { newTotpSecret, qrSvg, totpStep, totpUri } from '../auth/totp';
import { verifyPassword } from '../auth/passwords';
import { startSession } from '../auth/sessions';
import { authenticatedUser, throttle } from '../auth/rateLimits';
import { consumeOtpStep, updateUser } from '../repositories/users';
import type { UserRow } from '../db/schema';
import { revokeUserRefreshTokens } from '../repositories/refreshTokens';
import { badRequest, invalid } from '../errors';
import { bearerSecurity, errorResponses, LoginResponseSchema } from './schemas';

const tags = ['two-factor'];
const security = bearerSecurity;
const code = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Invalid code');
const OtpStatusSchema = z.object({ otp_enabled: z.boolean() }).meta({ id: 'OtpStatus' });
const INVALID_CODE = 'Invalid 2FA code';

const mfaRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Whether a code is correct for the user's secret and not used before; marks it used. */
  const acceptCode = async (user: UserRow, token: string) => {
    const step = user.otpSecret ? totpStep(user.otpSecret, token) : null;
    return step !== null && (await consumeOtpStep(app.db, user.id, step));
  };
  const guessGuard = [requireUser({ allowPending: true }), ...throttle(app, authenticatedUser)];

  app.get('/auth/mfa/otp/status/', {
    schema: { tags, security, summary: 'Whether the signed-in user has 2FA on', response: { 200: OtpStatusSchema, ...errorResponses } },
    preHandler: requireUser({ allowPending: true }),
    handler: async (request) => ({ otp_enabled: currentUser(request).otpEnabled }),
  });

  app.post('/auth/mfa/otp/verify/', {
    schema: {
      tags,
      security,
      summary: 'The second factor at sign-in: a correct code answers a full token pair',
      body: z.object({ token: code }),
      response: { 200: LoginResponseSchema, ...errorResponses },
    },
    preHandler: guessGuard,
    handler: async (request) => {
      const user = currentUser(request);
      if (!user.otpEnabled || !user.otpSecret) {
        throw badRequest('Two-factor authentication is not enabled.', 'otp_disabled');
      }
      if (!(await acceptCode(user, request.body.token))) throw badRequest(INVALID_CODE, 'invalid_code');
      // The pending pair has done its job; only the full pair answered here stays usable.
      await revokeUserRefreshTokens(app.db, user.id, { pendingOnly: true });
      const signedIn = await updateUser(app.db, user.id, { lastLogin: new Date() });
      return startSession(app, signedIn, 'full');
    },
  });

  app.post('/auth/mfa/otp/generate/', {
    schema: {
      tags,
      security,
      summary: 'Start setting up 2FA: a new secret, its otpauth URI and a QR code (SVG)',
      response: {
        200: z.object({ secret: z.string(), otpauth_url: z.string(), qr_svg: z.string() }),
        ...errorResponses,
      },
    },
    preHandler: requireUser(),
    handler: async (request) => {
      const user = currentUser(request);
      if (user.otpEnabled) throw badRequest('Two-factor authentication is already enabled.', 'otp_enabled');
      const secret = newTotpSecret();
      // A new secret starts a new sequence of codes.
      await updateUser(app.db, user.id, { otpSecret: secret, otpLastStep: null });
      const otpauthUrl = totpUri(secret, user.email);
      return { secret, otpauth_url: otpauthUrl, qr_svg: await qrSvg(otpauthUrl) };
    },
  });

  app.post('/auth/mfa/otp/validate/', {
    schema: {
      tags,
      security,
      summary: 'Finish setting up 2FA: the first correct code turns it on',
      body: z.object({ token: code }),
      response: { 200: OtpStatusSchema, ...errorResponses },
    },
    preHandler: [requireUser(), ...throttle(app, authenticatedUser)],
    handler: async (request) => {
      const user = currentUser(request);
      if (user.otpEnabled) throw badRequest('Two-factor authentication is already enabled.', 'otp_enabled');
      if (!user.otpSecret) throw badRequest('Generate a secret first.', 'otp_not_generated');
      if (!(await acceptCode(user, request.body.token))) throw badRequest(INVALID_CODE, 'invalid_code');
      await updateUser(app.db, user.id, { otpEnabled: true });
      return { otp_enabled: true };
    },
  });

  app.post('/auth/mfa/otp/disable/', {
    schema: {
      tags,
      security,
      summary: 'Turn 2FA off, proven by a current code or the password',
      body: z.object({ token: code.optional(), password: z.string().optional() }),
      response: { 200: OtpStatusSchema, ...errorResponses },
    },
    preHandler: [requireUser(), ...throttle(app, authenticatedUser)],
    handler: async (request) => {
      const user = currentUser(request);
      const { token, password } = request.body;
      if (!token && !password) {
        throw invalid({ non_field_errors: ['Give a current code or your password.'] });
      }
      const proven = token ? await acceptCode(user, token) : await verifyPassword(user.passwordHash, password ?? '');
      if (!proven) {
        throw token ? badRequest(INVALID_CODE, 'invalid_code') : invalid({ password: ['Wrong password.'] });
      }
      await updateUser(app.db, user.id, { otpEnabled: false, otpSecret: null, otpLastStep: null });
      return { otp_enabled: false };
    },
  });
};

export default mfaRoutes;
