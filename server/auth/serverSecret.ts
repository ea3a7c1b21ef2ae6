// The signing key: JWT_SECRET when configured, otherwise one generated on first start and
// kept in the database so that every API process (and every restart) shares it.
import { eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { serverSecrets } from '../db/schema';
import { randomToken } from './secrets';

export async function loadSigningKey(db: Database, configured?: string): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  await db
    .insert(serverSecrets)
    .values({ name: 'jwt', value: randomToken(48) })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, 'jwt'));
  return new TextEncoder().encode(row.value);
}
