import { and, eq, isNull, sql } from 'drizzle-orm';
import { CARD_NOT_FOUND } from '@shared/schemas/cards';
import { cards, reports } from '../../db/schema';
import { primaryCardOf } from '../card-owner';
import type { Bindings, Db } from '../../env';
import { AppError, fieldError, notFound } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import { deleteAccount } from '../account-data/deletion';
import { sendNotices } from '../notices';
import { auditEntry, secondFactorReset, type Actor } from '../operator-statements';
import { activation, deactivation } from '../sign-out';
import { totpEnabled } from '../totp';
import { ACCOUNT_NOT_FOUND, everActive, target } from './common';

// What the console does to an account. Every action changes the account and writes its audit
// row (who, what, on whom, when, why, and the report it answered) in one batch; an action that
// does not fit the account's state is refused (409) and changes nothing.

export type AccountAction = 'activate' | 'deactivate' | 'reject' | 'takedown' | 'restore';

export const REJECT_ONLY_SIGNUPS =
  'This account was active once, so it cannot be rejected (which deletes it). Deactivate it instead.';
const conflict = (message: string) => new AppError(409, message);

export async function actOnAccount(
  db: Db,
  env: Pick<Bindings, 'DB' | 'EVENTS' | 'MEDIA'>,
  actor: Actor,
  input: { id: string; action: AccountAction; reason: string; reportId?: number; cardId?: string },
  now = Date.now(),
) {
  const { id, action, reason } = input;
  const who = await target(db, id, actor);
  const audit = auditEntry(db, { actor, action, target: who, reason, reportId: input.reportId }, now);
  if (action === 'activate') {
    if (who.status === 'active') throw conflict('The account is already active.');
    await db.batch([activation(db, id, now), audit]);
  } else if (action === 'deactivate') {
    if (who.status !== 'active') throw conflict('Only an active account can be deactivated.');
    // Signed out everywhere, card offline: the statements of `npm run admin -- deactivate`.
    await db.batch([...deactivation(db, id, now), audit]);
  } else if (action === 'reject') {
    if (everActive(who)) throw conflict(REJECT_ONLY_SIGNUPS);
    await audit;
    await deleteAccount(db, env, id);
  } else {
    const card = await cardToActOn(db, id, input);
    // The audit names the card acted on, one of the account's several.
    const audited = auditEntry(
      db,
      { actor, action, target: { id, username: card.username }, reason, reportId: input.reportId },
      now,
    );
    if (action === 'takedown') {
      if (card.takenDownAt != null) throw conflict('The card is already taken down.');
      await db.batch([
        db
          .update(cards)
          .set({ takenDownAt: now, takedownReason: reason })
          .where(and(eq(cards.id, card.id), eq(cards.userId, id))),
        // Every open report of the card is acted on by this takedown.
        db
          .update(reports)
          .set({ resolution: 'taken_down', resolvedAt: now, resolvedBy: actor.email, resolutionReason: reason })
          .where(and(eq(reports.cardId, card.id), isNull(reports.resolvedAt))),
        audited,
      ]);
    } else {
      if (card.takenDownAt == null) throw conflict('The card is not taken down.');
      await db.batch([
        db
          .update(cards)
          .set({ takenDownAt: null, takedownReason: null })
          .where(and(eq(cards.id, card.id), eq(cards.userId, id))),
        audited,
      ]);
    }
  }
}

/**
 * The card a takedown or a restore acts on (docs/decisions/0091-cards-apart-from-accounts.md):
 * the one `card_id` names, else the reported card when a takedown answers a report, else the
 * account's primary card. A card of another account answers 404 as a missing one does.
 */
async function cardToActOn(db: Db, accountId: string, input: { cardId?: string; reportId?: number }) {
  let cardId = input.cardId ?? null;
  if (input.reportId != null) {
    const report = await db
      .select({ userId: reports.userId, cardId: reports.cardId })
      .from(reports)
      .where(eq(reports.id, input.reportId))
      .get();
    // A report of another card than the one named is not a report of this card either.
    if (report?.userId !== accountId || (cardId != null && report.cardId !== cardId))
      throw fieldError('report_id', 'Not a report of this card');
    cardId = report.cardId;
  }
  const card = await db
    .select({ id: cards.id, username: cards.username, takenDownAt: cards.takenDownAt })
    .from(cards)
    .where(cardId != null ? and(eq(cards.id, cardId), eq(cards.userId, accountId)) : primaryCardOf(sql`${accountId}`))
    .get();
  if (!card) throw notFound(cardId != null ? CARD_NOT_FOUND : ACCOUNT_NOT_FOUND);
  return card;
}

/**
 * The owner lost their second factor and support checked who they are: the authenticator app
 * and its recovery codes go, audited, and the owner is mailed at once (services/notices.ts; a
 * mail that fails is sent again by the cron).
 */
export async function resetSecondFactor(
  db: Db,
  mailer: Mailer,
  actor: Actor,
  input: { id: string; reason: string; support?: string },
  now = Date.now(),
) {
  const who = await target(db, input.id, actor);
  if (!(await totpEnabled(db, who.id))) throw conflict('This account has no authenticator app to reset.');
  await db.batch([
    ...secondFactorReset(db, who.id, now),
    auditEntry(db, { actor, action: 'reset_2fa', target: who, reason: input.reason }, now),
  ]);
  await sendNotices(db, mailer, { userId: who.id, support: input.support });
}
