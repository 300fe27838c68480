import { and, eq } from 'drizzle-orm';
import { ORG_NOT_FOUND, type OrgRole } from '@shared/schemas/orgs-bodies';
import { orgAudit, orgMembers, organisations } from '../../db/schema/orgs';
import type { Db } from '../../env';
import { forbidden, notFound } from '../../lib/errors';

// Who may do what in an organisation (docs/decisions/0104-organisations.md). The account's
// membership is read in the same query as the organisation, so an organisation the account does
// not belong to answers as a missing one: an outsider learns nothing of it.

export type OrgRow = typeof organisations.$inferSelect;
export const MANAGERS_ONLY = 'Only the owner and admins of the organisation can do this';
export const OWNER_ONLY = 'Only the owner of the organisation can do this';

const RANK: Record<OrgRole, number> = { member: 0, admin: 1, owner: 2 };

/** The organisation and the account's role in it, if at least `least`; 404 for an outsider, 403 for a lesser role. */
export async function orgOfMemberOrThrow(db: Db, orgId: string, accountId: string, least: OrgRole = 'member') {
  const row = await db
    .select({ org: organisations, role: orgMembers.role })
    .from(organisations)
    .innerJoin(orgMembers, and(eq(orgMembers.orgId, organisations.id), eq(orgMembers.userId, accountId)))
    .where(eq(organisations.id, orgId))
    .get();
  if (!row) throw notFound(ORG_NOT_FOUND);
  if (RANK[row.role] < RANK[least]) throw forbidden(least === 'owner' ? OWNER_ONLY : MANAGERS_ONLY);
  return row;
}

export type AuditAction =
  | 'org.created'
  | 'org.updated'
  | 'org.owner_transferred'
  | 'member.invited'
  | 'member.invitation_resent'
  | 'member.invitation_withdrawn'
  | 'member.joined'
  | 'member.role_changed'
  | 'member.removed'
  | 'member.left'
  | 'card.reassigned'
  | 'card.deleted'
  | 'invite_link.on'
  | 'invite_link.off'
  | 'audit.exported'
  | 'template.updated'
  | 'contacts.exported'
  | 'analytics.exported';

/** One line of the audit log, as a statement for the batch of the change it records. */
export const auditEntry = (
  db: Db,
  entry: {
    orgId: string;
    actorId: string | null;
    action: AuditAction;
    subject?: string;
    detail?: Record<string, unknown>;
  },
  now = Date.now(),
) =>
  db.insert(orgAudit).values({
    orgId: entry.orgId,
    actorId: entry.actorId,
    action: entry.action,
    subject: entry.subject ?? '',
    detail: entry.detail ?? null,
    createdAt: now,
  });
