// The signed-in user's record as the session keeps it. The zod schema checks what comes back
// from storage at start-up, so a tampered or outdated '_state' entry discards the session.
import { z } from 'zod';
import type { components } from '../../openapi/schema';

export type User = components['schemas']['User'];

export const userSchema: z.ZodType<User> = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  is_staff: z.boolean(),
  is_active: z.boolean(),
  otp_enabled: z.boolean(),
});

export const readUserState = (json: unknown): User => userSchema.parse(json);

/** Up to two letters for the avatar: the initials of the name, else of the e-mail. */
export function initialsOf(user: Pick<User, 'email' | 'first_name' | 'last_name'>): string {
  const fromName = `${user.first_name.trim().charAt(0)}${user.last_name.trim().charAt(0)}`;
  return (fromName || user.email.charAt(0)).toUpperCase();
}

export function displayName(user: Pick<User, 'email' | 'first_name' | 'last_name'>): string {
  return `${user.first_name} ${user.last_name}`.trim() || user.email;
}
