// Creating a user, shared by the createuser command, the demo seed and tests, so the rules
// (valid e-mail, minimum password length, unique address) are checked in one place.
import { z } from 'zod';
import type { Executor } from './db/database';
import type { UserRow } from './db/schema';
import { hashPassword, MIN_PASSWORD_LENGTH } from './auth/passwords';
import { findUserByEmail, insertUser } from './repositories/users';
import { invalid, zodFieldErrors } from './errors';

const newUserSchema = z.object({
  email: z.string().trim().email('Enter a valid email address.'),
  password: z.string().min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters.`),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  isStaff: z.boolean().optional(),
});

export type NewUserInput = z.input<typeof newUserSchema>;

export async function createUser(ex: Executor, input: NewUserInput): Promise<UserRow> {
  const parsed = newUserSchema.safeParse(input);
  if (!parsed.success) throw invalid(zodFieldErrors(parsed.error));
  const { password, ...rest } = parsed.data;
  if (await findUserByEmail(ex, rest.email)) {
    throw invalid({ email: ['A user with that email already exists.'] });
  }
  return insertUser(ex, { ...rest, passwordHash: await hashPassword(password) });
}
