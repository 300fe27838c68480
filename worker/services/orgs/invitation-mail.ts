import { eq, sql } from 'drizzle-orm';
import { orgInvitations } from '../../db/schema/orgs';
import type { Bindings, Db } from '../../env';
import type { OrgRow } from './access';
import { parts } from './parts';

// The invitation's mail (docs/decisions/0104-organisations.md): its subject and text in the
// inviting admin's language, its claim link carrying the secret only the mail ever holds.

/**
 * One mail per invitation, in the inviting admin's language; `sent_at` and `sends` say what went.
 * A failed send is logged and left owed: 'Resend' sends it (docs/decisions/0104-organisations.md).
 */
export async function sendInvitations(
  db: Db,
  env: Bindings,
  org: OrgRow,
  accountId: string,
  items: { id: string; email: string; token: string; username: string }[],
  origin: string,
  now: number,
) {
  if (items.length === 0) return;
  const { loadLanguage, mailer: mailerOf, accountLanguageOf } = parts();
  const row = await db.get<{ language: Parameters<typeof loadLanguage>[0] }>(
    sql`SELECT ${accountLanguageOf(accountId)} AS language`,
  );
  const t = await loadLanguage(row?.language ?? 'en');
  const mailer = mailerOf(env, db);
  for (const item of items) {
    try {
      await mailer.send({
        to: item.email,
        subject: t('mail.org_invite_subject', { org: org.name }),
        text: t('mail.org_invite_text', {
          org: org.name,
          email: item.email,
          card: `${origin}/p/${item.username}`,
          url: `${origin}/dashboard/claim?token=${item.token}`,
        }),
      });
      await db
        .update(orgInvitations)
        .set({ sentAt: now, sends: sql`${orgInvitations.sends} + 1`, updatedAt: now })
        .where(eq(orgInvitations.id, item.id));
    } catch (error) {
      console.error(JSON.stringify({ level: 'error', job: 'org_invite', invitation: item.id, message: String(error) }));
    }
  }
}
