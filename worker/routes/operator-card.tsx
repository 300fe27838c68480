import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { secret } from '../lib/config';
import { loadLanguage } from '../lib/i18n';
import { ogImageAlt, ogImageUrl } from '../og/og-meta';
import { CardPage } from '../pages/card-page';
import { cardVersion } from '../pages/page-cache';
import { pageHeaders, renderPage } from '../pages/render';
import { checkBearer } from '../services/access-tokens';
import { cookieToken } from '../services/events/viewer';
import { operatorAccess } from '../services/operator-access';
import { getCardForOperator, type OperatorCard } from '../services/public-card';

// /p/{username} for an operator (docs/operating.md: takedowns and appeals): a card visitors
// cannot see, opened from the console with the dashboard's cookie.

type C = Context<AppEnv>;

/** Whether the viewer is an operator with console access (admin role, second-factor sign-in). */
async function isOperatorViewing(c: C) {
  const token = cookieToken(c.req.raw);
  if (!token) return false;
  let jwtSecret: string;
  try {
    jwtSecret = secret(c.env, 'JWT_SECRET');
  } catch {
    return false;
  }
  const check = await checkBearer(c.var.db, token, jwtSecret);
  return 'userId' in check && (await operatorAccess(c.var.db, check.userId, check.sessionId)) === 'granted';
}

/** The banner above a card only an operator sees: why visitors get 'not found'. */
export function operatorNotice({ takenDown, hold }: Pick<OperatorCard, 'takenDown' | 'hold'>) {
  const why = takenDown
    ? `Taken down on ${new Date(takenDown.at).toISOString().slice(0, 10)}: "${takenDown.reason}".`
    : hold === 'deactivated'
      ? 'The account is deactivated.'
      : 'The account is waiting for activation.';
  return `${why} Visitors get 'not found'; only operators see this card.`;
}

/**
 * A card visitors cannot see (taken down, or its account held), opened by an operator to review
 * a report or an appeal: drawn with a banner saying why, never cached, counted or indexed.
 * Anyone else gets nothing here (null: the 404 page).
 */
export async function operatorCard(c: C, username: string) {
  if (!(await isOperatorViewing(c))) return null;
  const found = await getCardForOperator(c.var.db, new URL(c.req.url).origin, username);
  if (!found || (!found.takenDown && !found.hold)) return null;
  const url = `${new URL(c.req.url).origin}/p/${found.card.username}`;
  await loadLanguage(found.card.language);
  const og = { url: ogImageUrl(url, await cardVersion(found.card)), alt: ogImageAlt(found.card) };
  const page = <CardPage card={found.card} url={url} og={og} notice={operatorNotice(found)} />;
  return new Response(await renderPage(page, c.var.requestId), {
    status: 200,
    headers: pageHeaders('private, no-store', { 'X-Robots-Tag': 'noindex' }),
  });
}
