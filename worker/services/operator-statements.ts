import { eq } from 'drizzle-orm';
import type { AuditAction } from '@shared/schemas/admin';
import { auditLog, notices, recoveryCodes, totpFactors } from '../db/schema';
import type { Db } from '../db/types';
import { activation, deactivation, roleChange } from './sign-out';

// What an operator does to an account, as statements returned unrun, each list ending with its
// audit row: the console batches them (services/admin/), and `npm run admin` renders the same
// ones to SQL text (scripts/admin.ts), so both leave the same trace. Node loads this file too:
// no imports beyond the schema and sign-out.ts.

/** Who acted: an operator (their id and address at the time), or the command line. */
export type Actor = { id: string; email: string };
/** The actor id of `npm run admin`; its `email` is a label naming who ran it, and where. */
export const COMMAND_LINE_ID = 'command-line';

export type AuditTarget = { id: string; username: string | null };

export const auditEntry = (
  db: Db,
  entry: { actor: Actor; action: AuditAction; target: AuditTarget | null; reason: string; reportId?: number | null },
  now = Date.now(),
) =>
  db.insert(auditLog).values({
    actorId: entry.actor.id,
    actorEmail: entry.actor.email,
    action: entry.action,
    targetId: entry.target?.id ?? null,
    targetLabel: entry.target?.username ?? null,
    reason: entry.reason,
    reportId: entry.reportId ?? null,
    createdAt: now,
  });

/**
 * A lost second factor, reset by an operator: the authenticator app's secret and the recovery
 * codes go (passkeys stay: the owner removes them in Security), so the password alone signs in,
 * and the owner is mailed about it (the notice, sent by services/notices.ts).
 */
export const secondFactorReset = (db: Db, userId: string, now = Date.now()) =>
  [
    db.delete(totpFactors).where(eq(totpFactors.userId, userId)),
    db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)),
    db.insert(notices).values({ userId, kind: 'second_factor_reset', createdAt: now }),
  ] as const;

/** The commands of `npm run admin` that change an account (`list` only reads). */
export const ACCOUNT_COMMANDS = ['activate', 'deactivate', 'grant-admin', 'revoke-admin', 'reset-2fa'] as const;
export type AccountCommand = (typeof ACCOUNT_COMMANDS)[number];

const AUDITED_AS: Record<AccountCommand, AuditAction> = {
  activate: 'activate',
  deactivate: 'deactivate',
  'grant-admin': 'grant_admin',
  'revoke-admin': 'revoke_admin',
  'reset-2fa': 'reset_2fa',
};

/** A command's writes and its audit row, for one batch. */
export function commandStatements(
  db: Db,
  command: AccountCommand,
  target: AuditTarget,
  actor: Actor,
  reason: string,
  now = Date.now(),
) {
  const writes =
    command === 'activate'
      ? [activation(db, target.id, now)]
      : command === 'deactivate'
        ? deactivation(db, target.id, now)
        : command === 'reset-2fa'
          ? secondFactorReset(db, target.id, now)
          : [roleChange(db, target.id, command === 'grant-admin' ? 'admin' : 'user', now)];
  return [...writes, auditEntry(db, { actor, action: AUDITED_AS[command], target, reason }, now)];
}
