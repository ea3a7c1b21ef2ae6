// The signed-in user's record as the session keeps it. The API's zod schema checks what comes
// back from storage at start-up, so a tampered or outdated '_state' entry discards the session.
import type { components } from '../../openapi/schema';
import { UserSchema } from '../../common/schemas/user';

export type User = components['schemas']['User'];

/** The API's own schema of a user (the one the OpenAPI document is made from). */
export const readUserState = (json: unknown): User => UserSchema.parse(json);

/** Up to two letters for the avatar: the initials of the name, else of the e-mail. */
export function initialsOf(user: Pick<User, 'email' | 'first_name' | 'last_name'>): string {
  const fromName = `${user.first_name.trim().charAt(0)}${user.last_name.trim().charAt(0)}`;
  return (fromName || user.email.charAt(0)).toUpperCase();
}

export function displayName(user: Pick<User, 'email' | 'first_name' | 'last_name'>): string {
  return `${user.first_name} ${user.last_name}`.trim() || user.email;
}
