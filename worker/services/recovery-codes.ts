import { and, count, eq, isNull } from 'drizzle-orm';
import { RECOVERY_CODE_COUNT } from '@shared/constants';
import { recoveryCodes } from '../db/schema';
import type { Db } from '../env';
import { sha256 } from '../lib/hashing';

// Ten single-use codes for when the phone is lost: 10 characters from 32 unambiguous ones (50
// bits each), shown once as xxxxx-xxxxx and stored only hashed. Guessing is bounded like any
// second factor (second-factor.ts), so a keyed hash is as good as a slow one here.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function randomCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  const chars = [...bytes].map((byte) => ALPHABET[byte % 32] ?? 'a');
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** What a person may type for a code: any case, with or without the hyphen or spaces. */
export const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

const hashCode = (userId: string, code: string) => sha256(`recovery:${userId}:${normalizeRecoveryCode(code)}`);

/** The statements that replace the account's codes with a new set, and the codes to show once. */
export async function newRecoveryCodeWrites(db: Db, userId: string, now = Date.now()) {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, randomCode);
  const rows = await Promise.all(
    codes.map(async (code) => ({ userId, codeHash: await hashCode(userId, code), createdAt: now })),
  );
  const writes = [
    db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)),
    db.insert(recoveryCodes).values(rows),
  ] as const;
  return { codes, writes };
}

export async function replaceRecoveryCodes(db: Db, userId: string) {
  const { codes, writes } = await newRecoveryCodeWrites(db, userId);
  await db.batch(writes);
  return codes;
}

/** Uses a code once: true only for the one request that marks an unused code used. */
export async function useRecoveryCode(db: Db, userId: string, code: string, now = Date.now()) {
  if (!/^[a-z0-9]{10}$/.test(normalizeRecoveryCode(code))) return false;
  const result = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, await hashCode(userId, code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .run();
  return result.meta.changes === 1;
}

export async function recoveryCodesLeft(db: Db, userId: string) {
  const row = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
    .get();
  return row?.n ?? 0;
}

export const deleteRecoveryCodes = (db: Db, userId: string) =>
  db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
