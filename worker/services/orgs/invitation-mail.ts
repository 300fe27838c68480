import { and, asc, eq, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { cards } from '../../db/schema';
import { orgInvitations, organisations } from '../../db/schema/orgs';
import type { Bindings, Db } from '../../env';
import type { InvitationMessage } from '../../lib/webhook-message';
import type { Mailer } from '../../lib/mailer';
import type { OrgRow } from './access';
import { parts, type OrgParts } from './parts';

// The invitation's mail (docs/decisions/0104-organisations.md): its subject and text in the
// inviting admin's language, its claim link carrying the secret only the mail ever holds. The
// request that invites sends the first few itself and queues the rest; the queue's consumer mails
// them within minutes, and the cron's turn sweeps up what the queue did not deliver.

/** Mails an invitation's request sends itself; a file's others are queued. */
export const MAILED_IN_REQUEST = 10;
/**
 * Owed mails a cron turn (the sweeper) sends: one read, then per mail a claim and (in
 * development) the outbox's row, within the turn's 41 queries (worker/jobs.ts, docs/decisions/0088).
 */
export const INVITATIONS_PER_TURN = 20;
/** A row the request is still sending is not the cron's: only rows owed this long are. */
const OWED_AFTER_MS = 2 * 60_000;

/**
 * One mail per invitation, in the inviting admin's language; `sent_at` and `sends` say what went.
 * A failed send is logged and left owed: the cron's sweeper sends it (docs/decisions/0104-organisations.md).
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

type MailTools = Pick<OrgParts, 'loadLanguage' | 'randomToken' | 'sha256' | 'accountLanguageOf'>;

/** Owed invitations' rows, with what their mail needs, the oldest first. */
const owedRows = (db: Db, tools: MailTools, where: SQL | undefined, limit: number) =>
  db
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
        where,
      ),
    )
    .orderBy(asc(orgInvitations.updatedAt))
    .limit(limit)
    .all();

/**
 * Claims each row before its mail goes, in one statement that gives it a new secret (the mail
 * carries it; none was sent before) and marks it sent, and only if nobody changed the row since
 * it was read: two turns, a turn and a queued message, a message delivered twice, or any of them
 * and 'Resend' never mail one invitation twice. A send that fails is owed again, at the back.
 * Answers how many went and the ids whose send failed.
 */
async function claimAndSend(
  db: Db,
  mailer: Mailer,
  tools: MailTools,
  owed: Awaited<ReturnType<typeof owedRows>>,
  now: number,
) {
  const failed: string[] = [];
  if (owed.length === 0) return { sent: 0, failed };
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
      failed.push(item.id);
      await db
        .update(orgInvitations)
        .set({ sentAt: null, sends: sql`${orgInvitations.sends} - 1`, updatedAt: now })
        .where(eq(orgInvitations.id, item.id));
    }
  }
  return { sent, failed };
}

/**
 * The queue's go-ahead for these invitations (the request that made them queued their ids): each
 * still owed is claimed and mailed at once (claimAndSend). A message delivered again, or for a
 * row the cron or 'Resend' already mailed, finds nothing owed and sends nothing.
 */
export async function sendQueuedInvitations(db: Db, mailer: Mailer, tools: MailTools, ids: string[], now: number) {
  if (ids.length === 0) return { sent: 0, failed: [] as string[] };
  const owed = await owedRows(db, tools, inArray(orgInvitations.id, ids), ids.length);
  return claimAndSend(db, mailer, tools, owed, now);
}

/**
 * The cron's turn, the sweeper for mail the queue did not deliver (a queueing that failed, a
 * message that ran out of retries): sends up to `limit` owed invitations, oldest first, each
 * owed at least two minutes (so a request or a queued message still sending it keeps it).
 * Answers how many went.
 */
export async function sendOwedInvitations(
  db: Db,
  mailer: Mailer,
  tools: MailTools,
  now: number,
  limit = INVITATIONS_PER_TURN,
) {
  const owed = await owedRows(db, tools, lte(orgInvitations.updatedAt, now - OWED_AFTER_MS), limit);
  return (await claimAndSend(db, mailer, tools, owed, now)).sent;
}

/** Ids per `sendBatch`: Queues takes at most 100 messages a call. */
const QUEUED_PER_CALL = 100;

/**
 * Puts one message per invitation on the queue, 100 a call (each call one subrequest). A call
 * that fails is logged and its rows stay owed: the cron's turn sends them.
 */
export async function queueInvitations(queue: Pick<Bindings, 'WEBHOOKS'>, ids: string[]) {
  for (let i = 0; i < ids.length; i += QUEUED_PER_CALL) {
    const chunk = ids.slice(i, i + QUEUED_PER_CALL);
    await queue.WEBHOOKS.sendBatch(chunk.map((invitation) => ({ body: { invitation } }))).catch((error: unknown) =>
      console.error(
        JSON.stringify({ level: 'error', job: 'org_invite', message: `${chunk.length} not queued: ${String(error)}` }),
      ),
    );
  }
}

/** A send that failed (the provider's limit, an outage) is offered again after this long, then longer. */
const RETRY_DELAY_SECONDS = 60;

/**
 * The webhook queue's invitation messages (worker/jobs.ts hands them here, with the Worker's
 * parts, as it does to the cron's turn: routes/orgs.ts never ran in a queue's invocation). Each is
 * acknowledged once its invitation is mailed or found not owed; one whose send failed is retried
 * later by the queue (and, past the queue's retries, swept by the cron's turn). A failure of our
 * own (D1) retries them all.
 */
export async function runInvitationMessages(
  messages: readonly Message<unknown>[],
  db: Db,
  mailer: Mailer,
  tools: MailTools,
  now = Date.now(),
) {
  const ids = messages.map((message) => (message.body as InvitationMessage).invitation);
  try {
    const { sent, failed } = await sendQueuedInvitations(db, mailer, tools, [...new Set(ids)], now);
    console.log(
      JSON.stringify({ level: 'info', job: 'org_invite', queued: messages.length, sent, failed: failed.length }),
    );
    for (const message of messages) {
      if (failed.includes((message.body as InvitationMessage).invitation)) {
        message.retry({ delaySeconds: RETRY_DELAY_SECONDS * message.attempts });
      } else message.ack();
    }
  } catch (error) {
    console.error(JSON.stringify({ level: 'error', job: 'org_invite', message: String(error) }));
    for (const message of messages) message.retry({ delaySeconds: RETRY_DELAY_SECONDS * message.attempts });
  }
}
