import { and, asc, eq, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import { cards, users } from '../db/schema';
import { customHostnames } from '../db/schema/domains';
import type { Db } from '../env';
import type { CustomDomainsConfig } from '../lib/config';
import { getHostname } from '../lib/custom-hostnames-client';
import { loadLanguage } from '../lib/i18n';
import { logError } from '../lib/log';
import type { Mailer } from '../lib/mailer';
import { accountLanguage } from './account-language';
import { forgetAtCloudflare, PENDING_LIMIT_MS, problemsOf, recordsOf, stateOf } from './custom-domains';

// The cron's look at the cards' domains (docs/decisions/0103-custom-domains.md): Cloudflare's
// statuses copied in, the owner told when the domain becomes active or fails, a name still not
// active after 7 days removed with a notice, and names no card holds deleted at Cloudflare.

/** Hostnames asked about per turn: each is one API call, far below Cloudflare's 1,200 per 5 minutes. */
export const DOMAINS_PER_TURN = 10;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** When to ask again: often while the owner is likely at their registrar, then less, then rarely. */
export function nextCheck(state: string, age: number, now: number) {
  if (state === 'pending') return now + (age < HOUR ? 2 * MINUTE : age < 24 * HOUR ? 15 * MINUTE : HOUR);
  return now + 6 * HOUR;
}

type Mail = 'active' | 'failed' | 'removed';

async function tell(mailer: Mailer, to: string, language: string | null, kind: Mail, hostname: string) {
  const t = await loadLanguage((language ?? 'en') as Parameters<typeof loadLanguage>[0]);
  await mailer.send({
    to,
    subject: t(`mail.domain_${kind}_subject`, { hostname }),
    text: t(`mail.domain_${kind}_text`, { hostname }),
  });
}

export async function checkDomains(db: Db, config: CustomDomainsConfig | null, mailer: Mailer, now: number) {
  let asked = 0;
  let removed = 0;
  // A card taken down stopped being served at once (cardOfHost); its domain goes too, by the
  // orphans' way below. One statement, so the turn stays within the cron's 50 queries
  // (docs/decisions/0088): this and 2 reads, 10 deletions, at most 3 writes for each of 10 looks.
  await db
    .update(customHostnames)
    .set({ cardId: null })
    .where(
      inArray(customHostnames.cardId, db.select({ id: cards.id }).from(cards).where(isNotNull(cards.takenDownAt))),
    );
  // Names no card holds any more (removed, the card or account deleted): Cloudflare's copy goes.
  const orphans = await db
    .select()
    .from(customHostnames)
    .where(isNull(customHostnames.cardId))
    .orderBy(asc(customHostnames.nextCheckAt))
    .limit(DOMAINS_PER_TURN)
    .all();
  for (const row of orphans) await forgetAtCloudflare(db, config, row);
  if (!config?.cloudflare) return { asked, removed, forgotten: orphans.length };
  const due = await db
    .select({ row: customHostnames, email: users.email, language: accountLanguage })
    .from(customHostnames)
    .innerJoin(cards, eq(cards.id, customHostnames.cardId))
    .innerJoin(users, eq(users.id, cards.userId))
    .where(and(isNotNull(customHostnames.cloudflareId), lte(customHostnames.nextCheckAt, now)))
    .orderBy(asc(customHostnames.nextCheckAt))
    .limit(DOMAINS_PER_TURN)
    .all();
  for (const { row, email, language } of due) {
    const age = now - row.createdAt;
    const before = stateOf(row.status, row.sslStatus);
    try {
      if ((before === 'pending' || before === 'failed') && age >= PENDING_LIMIT_MS) {
        await db.update(customHostnames).set({ cardId: null }).where(eq(customHostnames.id, row.id));
        await forgetAtCloudflare(db, config, { ...row, cardId: null });
        removed += 1;
        await tell(mailer, email, language, 'removed', row.hostname);
        continue;
      }
      asked += 1;
      const found = await getHostname(config.cloudflare, row.cloudflareId!);
      const status = found?.status ?? 'deleted';
      const sslStatus = found?.ssl?.status ?? (found ? row.sslStatus : 'deleted');
      const state = stateOf(status, sslStatus);
      const mail: Mail | null =
        state === 'active' && row.notified !== 'active'
          ? 'active'
          : state !== 'active' && state !== 'pending' && row.notified !== state
            ? 'failed'
            : null;
      await db
        .update(customHostnames)
        .set({
          status,
          sslStatus,
          ...(found ? { records: JSON.stringify(recordsOf(found)), problems: JSON.stringify(problemsOf(found)) } : {}),
          checkedAt: now,
          nextCheckAt: nextCheck(state, age, now),
        })
        .where(eq(customHostnames.id, row.id));
      if (mail) {
        await tell(mailer, email, language, mail, row.hostname);
        // Marked once sent: a mail that failed is tried again at the next look.
        await db.update(customHostnames).set({ notified: state }).where(eq(customHostnames.id, row.id));
      }
    } catch (error) {
      logError(crypto.randomUUID(), error, { job: 'domains', hostname: row.hostname });
      await db
        .update(customHostnames)
        .set({ nextCheckAt: now + 15 * MINUTE })
        .where(eq(customHostnames.id, row.id));
    }
  }
  return { asked, removed, forgotten: orphans.length };
}
