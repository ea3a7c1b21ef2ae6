// Data access for users, and the one place a user row becomes the API's user object.
import { and, asc, eq, isNull, lt, or } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { users, type UserRow } from '../db/schema';

export type UserDto = {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  is_staff: boolean;
  is_active: boolean;
  otp_enabled: boolean;
  version: number;
};

export const toUserDto = (u: UserRow): UserDto => ({
  id: u.id,
  email: u.email,
  first_name: u.firstName,
  last_name: u.lastName,
  is_staff: u.isStaff,
  is_active: u.isActive,
  otp_enabled: u.otpEnabled,
  version: u.version,
});

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export async function findUserByEmail(ex: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await ex
    .select()
    .from(users)
    .where(eq(users.email, normaliseEmail(email)));
  return row;
}

export async function findUserById(ex: Executor, id: number): Promise<UserRow | undefined> {
  const [row] = await ex.select().from(users).where(eq(users.id, id));
  return row;
}

export function listUsers(ex: Executor): Promise<UserRow[]> {
  return ex.select().from(users).orderBy(asc(users.id));
}

export type NewUser = {
  email: string;
  passwordHash: string;
  firstName?: string;
  lastName?: string;
  isStaff?: boolean;
};

export async function insertUser(ex: Executor, user: NewUser): Promise<UserRow> {
  const [row] = await ex
    .insert(users)
    .values({ ...user, email: normaliseEmail(user.email) })
    .returning();
  return row;
}

export async function updateUser(ex: Executor, id: number, changes: Partial<Omit<UserRow, 'id'>>): Promise<UserRow> {
  const [row] = await ex.update(users).set(changes).where(eq(users.id, id)).returning();
  return row;
}

/**
 * Takes a correct code's time step as used, unless that step or a later one was used already
 * (a replayed or older code); one conditional update, so two requests racing with one code
 * cannot both pass.
 */
export async function consumeOtpStep(ex: Executor, id: number, step: number): Promise<boolean> {
  const rows = await ex
    .update(users)
    .set({ otpLastStep: step })
    .where(and(eq(users.id, id), or(isNull(users.otpLastStep), lt(users.otpLastStep, step))))
    .returning({ id: users.id });
  return rows.length === 1;
}
