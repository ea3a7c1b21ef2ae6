// Password hashing with argon2id (OWASP's first choice), behind two functions so the
// parameters live in one place.
import { hash, verify } from '@node-rs/argon2';

// Algorithm 2 is argon2id; the enum is a const enum that isolated modules cannot import.
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const MIN_PASSWORD_LENGTH = 8;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}
