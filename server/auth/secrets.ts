// Random tokens and their hashes. Opaque tokens (refresh, password reset) are stored only as
// SHA-256 hashes: they are long and random, so a slow hash adds nothing.
import { createHash, randomBytes } from 'node:crypto';

export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
