import { and, desc, eq } from 'drizzle-orm';
import type { Passkey } from '@shared/schemas/security';
import { passkeys } from '../db/schema';
import type { Db } from '../env';
import { notFound } from '../lib/errors';

// An account's passkeys as rows: listed and removed without the WebAuthn library, which only
// the ceremonies load (passkey-ceremony.ts, imported by their routes on first use).

/** The relying party: this site, as the browser sees it (the request's origin and host name). */
export type RelyingParty = { id: string; origin: string };
export const PASSKEY_NOT_FOUND = 'Passkey not found';

export async function listPasskeys(db: Db, userId: string): Promise<Passkey[]> {
  const rows = await db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(desc(passkeys.createdAt))
    .all();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    created_at: new Date(row.createdAt).toISOString(),
    last_used_at: row.lastUsedAt == null ? null : new Date(row.lastUsedAt).toISOString(),
    backed_up: row.backedUp,
  }));
}

export async function deletePasskey(db: Db, userId: string, passkeyId: string) {
  const deleted = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  if (deleted.length === 0) throw notFound(PASSKEY_NOT_FOUND);
}
