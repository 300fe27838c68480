import { Hono } from 'hono';
import type { Context } from 'hono';
import { USERNAME_MAX, USERNAME_PATTERN } from '@shared/constants';
import { reportBody } from '@shared/schemas/operators';
import type { AppEnv } from '../env';
import { clientKey } from '../lib/client-key';
import { browserLanguage, loadLanguage, translateMessage } from '../lib/i18n';
import { linkIdOr404 } from '../lib/params';
import { toFieldErrors } from '../lib/validate';
import { limitBody } from '../middleware/body-limit';
import { ReportPage, ReportSentPage, WarningPage } from '../pages/operator-pages';
import { PAGE_CSP, pageHeaders, renderPage } from '../pages/render';
import { safeHref } from '@shared/card/safe-url';
import { NotFoundPage } from '../pages/status-pages';
import { findClickableLink, getPublicCard } from '../services/public-card';
import { fileReport } from '../services/reports';

type C = Context<AppEnv>;
const NO_STORE = 'no-store';
// The report page posts its own form: the card's policy says form-action 'none'.
const REPORT_CSP = PAGE_CSP.replace("form-action 'none'", "form-action 'self'");

async function page(c: C, node: Parameters<typeof renderPage>[0], status: number) {
  const headers = pageHeaders(NO_STORE, { 'Content-Security-Policy': REPORT_CSP, 'X-Robots-Tag': 'noindex' });
  return new Response(await renderPage(node, c.var.requestId), { status, headers });
}

/** The public card a report is about, or null: only a card a visitor can see can be reported. */
async function reportable(c: C) {
  const wanted = c.req.param('username')?.trim().toLowerCase() ?? '';
  if (wanted.length > USERNAME_MAX || !USERNAME_PATTERN.test(wanted)) return null;
  const result = await getPublicCard(c.var.db, new URL(c.req.url).origin, wanted);
  if (result.status !== 'public') return null;
  await loadLanguage(result.card.language);
  return {
    ownerId: result.ownerId,
    accountId: result.accountId,
    username: result.card.username,
    language: result.card.language,
  };
}

async function notFound(c: C) {
  const language = browserLanguage(c.req.raw);
  await loadLanguage(language);
  return page(c, <NotFoundPage path={c.req.path} language={language} />, 404);
}

/**
 * /p/{username}/report: a plain HTML form that works without JavaScript (README, Operating:
 * reports). A stored report says which card, why and when; nothing about who sent it beyond the
 * bound's hashed client key, and the answer says nothing about the card's owner.
 */
export const reportPage = new Hono<AppEnv>()
  .get('/:username/report', async (c) => {
    const card = await reportable(c);
    return card ? page(c, <ReportPage username={card.username} language={card.language} />, 200) : notFound(c);
  })
  .post('/:username/report', limitBody(8 * 1024), async (c) => {
    const card = await reportable(c);
    if (!card) return notFound(c);
    const form = await c.req.parseBody().catch(() => ({}));
    const parsed = reportBody.safeParse(form);
    if (!parsed.success) {
      const message = Object.values(toFieldErrors(parsed.error))[0]?.[0] ?? 'Choose a reason';
      const error = translateMessage(card.language, message);
      return page(c, <ReportPage username={card.username} error={error} language={card.language} />, 422);
    }
    const stored = await fileReport(c.var.db, {
      ownerId: card.ownerId,
      accountId: card.accountId,
      reason: parsed.data.reason,
      note: parsed.data.note,
      client: await clientKey(c.env, c.req.raw),
    });
    const t = await loadLanguage(card.language);
    if (!stored) {
      const sent = (
        <ReportSentPage title={t('page.report_many_title')} message={t('page.report_many')} language={card.language} />
      );
      return page(c, sent, 429);
    }
    const sent = (
      <ReportSentPage title={t('page.report_sent_title')} message={t('page.report_sent')} language={card.language} />
    );
    return page(c, sent, 200);
  });

/**
 * /go/<link-id>: where the card sends a visitor for a link whose destination was listed after it
 * was saved. The click was already counted by the card (the link's ping or the island), so this
 * page counts nothing. Only a flagged link has it: the card links straight to every other one, and
 * a redirect to any stored URL would lend this site's name to a destination nobody checked
 * (`https://paypal.com@evil.example/` read as PayPal's), so another link is 'not found'.
 */
export const goPage = new Hono<AppEnv>().get('/:id', linkIdOr404('Link not found'), async (c) => {
  const link = await findClickableLink(c.var.db, c.req.valid('param').id, c.var.customHost?.cardId);
  const destination = link?.flaggedAt != null ? safeHref(link.url) : null;
  if (!link || !destination) return notFound(c);
  return page(c, <WarningPage destination={destination} back={`/p/${link.username}`} />, 200);
});
