import { and, asc, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { cards } from '../../db/schema';
import { orgInvitations, organisations } from '../../db/schema/orgs';
import type { Bindings, Db } from '../../env';
import type { Mailer } from '../../lib/mailer';
import type { OrgRow } from './access';
import { parts, type OrgParts } from './parts';

// The invitation's mail (docs/decisions/0104-organisations.md): its subject and text in the
// inviting admin's language, its claim link carrying the secret only the mail ever holds. The
// request that invites sends the first few itself; the rest are owed, sent by the cron's turn.

/** Mails an invitation's request sends itself; a file's others go in the cron's turns. */
export const MAILED_IN_REQUEST = 10;
/**
 * Owed mails a cron turn sends: one read, then per mail a claim and (in development) the
 * outbox's row, within the turn's 41 queries (worker/jobs.ts, docs/decisions/0088).
 */
export const INVITATIONS_PER_TURN = 20;
/** A row the request is still sending is not the cron's: only rows owed this long are. */
const OWED_AFTER_MS = 2 * 60_000;

/**
 * One mail per invitation, in the inviting admin's language; `sent_at` and `sends` say what went.
 * A failed send is logged and left owed: the cron sends it (docs/decisions/0104-organisations.md).
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
      await mailer.send(invitationMail(t, org.name, item, origin));
      await db
        .update(orgInvitations)
        .set({ sentAt: now, sends: sql`${orgInvitations.sends} + 1`, updatedAt: now })
        .where(eq(orgInvitations.id, item.id));
    } catch (error) {
      console.error(JSON.stringify({ level: 'error', job: 'org_invite', invitation: item.id, message: String(error) }));
    }
  }
}

type Words = Awaited<ReturnType<OrgParts['loadLanguage']>>;

const invitationMail = (
  t: Words,
  org: string,
  item: { email: string; token: string; username: string },
  origin: string,
) => ({
  to: item.email,
  subject: t('mail.org_invite_subject', { org }),
  text: t('mail.org_invite_text', {
    org,
    email: item.email,
    card: `${origin}/p/${item.username}`,
    url: `${origin}/dashboard/claim?token=${item.token}`,
  }),
});

/**
 * The cron's turn: sends up to `limit` owed invitations, oldest first. Each is claimed before its
 * mail goes, in one statement that gives it a new secret (the mail carries it; none was sent
 * before) and marks it sent, and only if nobody changed the row since it was read: two turns, or
 * a turn and 'Resend', never mail one invitation twice. A send that fails is owed again, at the
 * back. Answers how many went.
 */
export async function sendOwedInvitations(
  db: Db,
  mailer: Mailer,
  tools: Pick<OrgParts, 'loadLanguage' | 'randomToken' | 'sha256' | 'accountLanguageOf'>,
  now: number,
  limit = INVITATIONS_PER_TURN,
) {
  const owed = await db
    .select({
      id: orgInvitations.id,
      email: orgInvitations.email,
      origin: orgInvitations.mailOrigin,
      updatedAt: orgInvitations.updatedAt,
      org: organisations.name,
      username: cards.username,
      language: tools.accountLanguageOf(orgInvitations.invitedBy),
    })
    .from(orgInvitations)
    .innerJoin(organisations, eq(organisations.id, orgInvitations.orgId))
    .innerJoin(cards, eq(cards.id, orgInvitations.cardId))
    .where(
      and(
        eq(orgInvitations.status, 'pending'),
        isNull(orgInvitations.sentAt),
        isNotNull(orgInvitations.mailOrigin),
        lte(orgInvitations.updatedAt, now - OWED_AFTER_MS),
      ),
    )
    .orderBy(asc(orgInvitations.updatedAt))
    .limit(limit)
    .all();
  if (owed.length === 0) return 0;
  const items = await Promise.all(
    owed.map(async (row) => {
      const token = tools.randomToken();
      return { ...row, token, hash: await tools.sha256(token) };
    }),
  );
  const claimed = await db.batch(
    items.map((item) =>
      db
        .update(orgInvitations)
        .set({ tokenHash: item.hash, sentAt: now, sends: sql`${orgInvitations.sends} + 1`, updatedAt: now })
        .where(
          and(
            eq(orgInvitations.id, item.id),
            isNull(orgInvitations.sentAt),
            eq(orgInvitations.status, 'pending'),
            eq(orgInvitations.updatedAt, item.updatedAt),
          ),
        )
        .returning({ id: orgInvitations.id }),
    ) as [never, ...never[]],
  );
  let sent = 0;
  for (const [index, item] of items.entries()) {
    if ((claimed[index] as unknown as unknown[]).length === 0) continue;
    try {
      const t = await tools.loadLanguage(item.language);
      await mailer.send(invitationMail(t, item.org, item, item.origin!));
      sent += 1;
    } catch (error) {
      console.error(JSON.stringify({ level: 'error', job: 'org_invite', invitation: item.id, message: String(error) }));
      await db
        .update(orgInvitations)
        .set({ sentAt: null, sends: sql`${orgInvitations.sends} - 1`, updatedAt: now })
        .where(eq(orgInvitations.id, item.id));
    }
  }
  return sent;
}
