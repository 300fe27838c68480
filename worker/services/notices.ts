import { and, asc, eq, sql } from 'drizzle-orm';
import { notices, users } from '../db/schema';
import type { Db } from '../env';
import { loadLanguage } from '../lib/i18n';
import type { MailMessage, Mailer } from '../lib/mailer';
import { accountLanguage } from './account-language';

/** Tries per notice before it is given up (logged): ten minutes of cron ticks. */
export const NOTICE_ATTEMPTS = 10;

type Kind = (typeof notices.$inferSelect)['kind'];
type Words = Awaited<ReturnType<typeof loadLanguage>>;

// In the account's language, like every e-mail to an owner (docs/product.md §8, Languages).
const MESSAGES: Record<Kind, (t: Words, email: string, support: string | undefined) => Omit<MailMessage, 'to'>> = {
  second_factor_reset: (t, email, support) => ({
    subject: t('mail.second_factor_reset_subject'),
    text: `${t('mail.second_factor_reset_text', { email })}\n\n${
      support ? t('mail.second_factor_reset_unasked_support', { support }) : t('mail.second_factor_reset_unasked')
    }`,
  }),
};

/**
 * Sends the mail owed (the `notices` written beside the change they tell of): one account's
 * right after the console's action, or every account's from the cron, which also covers
 * `npm run admin` (it cannot send mail) and a send that failed. A row goes once sent; a failing
 * one is tried again at the next tick, NOTICE_ATTEMPTS times in all. Answers how many were sent.
 */
export async function sendNotices(
  db: Db,
  mailer: Mailer,
  options: { userId?: string; support?: string; limit?: number } = {},
): Promise<number> {
  const rows = await db
    .select({
      id: notices.id,
      kind: notices.kind,
      attempts: notices.attempts,
      email: users.email,
      language: accountLanguage,
    })
    .from(notices)
    .innerJoin(users, and(eq(users.id, notices.userId), sql`${users.status} != 'deleted'`))
    .where(options.userId ? eq(notices.userId, options.userId) : undefined)
    .orderBy(asc(notices.id))
    .limit(options.limit ?? 50)
    .all();
  let sent = 0;
  for (const row of rows) {
    try {
      const t = await loadLanguage(row.language ?? 'en');
      await mailer.send({ to: row.email, ...MESSAGES[row.kind](t, row.email, options.support) });
      await db.delete(notices).where(eq(notices.id, row.id));
      sent += 1;
    } catch (error) {
      const last = row.attempts + 1 >= NOTICE_ATTEMPTS;
      // The address stays out of the log; the row id is enough to find it.
      console.error(
        JSON.stringify({ level: 'error', job: 'notices', notice: row.id, given_up: last, message: String(error) }),
      );
      await (last
        ? db.delete(notices).where(eq(notices.id, row.id))
        : db
            .update(notices)
            .set({ attempts: sql`${notices.attempts} + 1` })
            .where(eq(notices.id, row.id)));
    }
  }
  return sent;
}
