// The sign-in sequence of SPEC section 4: credentials, then the one-time-password status, then
// (when 2FA is on) the code. Tokens from login stay "pending" in the caller's hands until the
// code is verified: only a finished sign-in reaches the session store.
import { api } from '../api/client';
import { ApiError, unwrap } from '../api/errors';
import { store } from '../store';
import { signInAtom } from './atoms';
import { OTP_CODE_LENGTH } from './config';
import { SessionError } from './session';
import { signInInput } from './tokens';
import type { User } from './user';

export const SIGN_IN_MESSAGES = {
  failed: "Couldn't sign in with those credentials",
  'wrong-code': 'Invalid 2FA code',
  'bad-code-format': 'Invalid code',
} as const;

/** 'rate-limited' carries the server's words, which say when to try again. */
export type SignInErrorCode = keyof typeof SIGN_IN_MESSAGES | 'rate-limited';

export class SignInError extends Error {
  constructor(
    readonly code: SignInErrorCode,
    message: string = SIGN_IN_MESSAGES[code as keyof typeof SIGN_IN_MESSAGES],
  ) {
    super(message);
    this.name = 'SignInError';
  }
}

type LoginAnswer = { access: string; refresh: string; access_expiration: string; user: User };

/** Tokens that only reach the 2FA calls until a code is verified. */
export type PendingTokens = { access: string; refresh: string };

export type CredentialsOutcome = { kind: 'signed-in' } | { kind: 'needs-code'; pending: PendingTokens };

/** Exactly six digits (SPEC section 5). */
export function isWellFormedCode(code: string): boolean {
  return new RegExp(`^\\d{${OTP_CODE_LENGTH}}$`).test(code);
}

/** Too many attempts is not a credentials or code problem, so it keeps the server's words. */
function failure(error: unknown, otherwise: 'failed' | 'wrong-code'): SignInError {
  if (error instanceof ApiError && error.status === 429 && error.detail) {
    return new SignInError('rate-limited', error.detail);
  }
  return new SignInError(otherwise);
}

/** Finishes sign-in; a token the session cannot store counts as a failed sign-in. */
function finish(answer: LoginAnswer): void {
  try {
    store.set(signInAtom, signInInput(answer, new Date()));
  } catch (error) {
    if (error instanceof SessionError) {
      console.error('Sign-in answer could not be stored:', error.message);
      throw new SignInError('failed');
    }
    throw error;
  }
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

export async function submitCredentials(email: string, password: string): Promise<CredentialsOutcome> {
  let answer: LoginAnswer;
  let otpEnabled: boolean;
  try {
    answer = await unwrap(api.POST('/api/auth/login/', { body: { email, password } }));
    const status = await unwrap(api.GET('/api/auth/mfa/otp/status/', { headers: bearer(answer.access) }));
    otpEnabled = status.otp_enabled;
  } catch (error) {
    throw failure(error, 'failed');
  }
  if (otpEnabled) return { kind: 'needs-code', pending: { access: answer.access, refresh: answer.refresh } };
  finish(answer);
  return { kind: 'signed-in' };
}

export async function submitCode(pending: PendingTokens, code: string): Promise<void> {
  if (!isWellFormedCode(code)) {
    throw new SignInError('bad-code-format');
  }
  let answer: LoginAnswer;
  try {
    answer = await unwrap(api.POST('/api/auth/mfa/otp/verify/', { body: { token: code }, headers: bearer(pending.access) }));
  } catch (error) {
    throw failure(error, 'wrong-code');
  }
  finish(answer);
}

/** Leaving the 2FA step: the pending refresh token is revoked so it cannot be used later. */
export async function abandonPendingSignIn(pending: PendingTokens): Promise<void> {
  await unwrap(api.POST('/api/auth/logout/', { body: { refresh: pending.refresh } }));
}
