import { Hono, type Context } from 'hono';
import { USERNAME_MAX, USERNAME_PATTERN } from '@shared/constants';
import { contactReplyMessage, contactSubmitFor } from '@shared/schemas/contacts';
import type { AppEnv } from '../env';
import { isDevelopment } from '../lib/config';
import { toFieldErrors } from '../lib/validate';
import { limitBody } from '../middleware/body-limit';
import { nearestReplica } from '../middleware/db';
import { logError } from '../lib/log';
import { browserLanguage, loadLanguage } from '../lib/i18n';
import { ContactClosedPage, ContactPage, ContactSentPage, type ContactFormValues } from '../pages/contact-page';
import { PAGE_CSP, pageHeaders, renderPage } from '../pages/render';
import { NotFoundPage } from '../pages/status-pages';
import { notifyOwner } from '../services/contacts/notify';
import { submitContact } from '../services/contacts/submit';
import { emitWebhookEvent } from '../services/webhooks/emit';
import { getPublicCard } from '../services/public-card';
import type { ReactNode } from 'react';

type C = Context<AppEnv>;

// The card page's policy, except that this page's form may post back to this site.
const CONTACT_CSP = PAGE_CSP.replace("form-action 'none'", "form-action 'self'");
const FORM_MAX = 16 * 1024;
const FIELDS = ['name', 'email', 'phone', 'company', 'note', 'consent'] as const;

async function html(c: C, node: ReactNode, status: number, headers: Record<string, string> = {}) {
  const extra: Record<string, string> = {
    'Content-Security-Policy': CONTACT_CSP,
    'X-Robots-Tag': 'noindex',
    ...headers,
  };
  return new Response(await renderPage(node, c.var.requestId), {
    status,
    headers: pageHeaders('no-store', extra),
  });
}

/**
 * The public card, whether its owner takes contacts, or null (missing or private: a 404, so the
 * form never says more about a card than the card does).
 */
async function contactCard(c: C) {
  const wanted = c.req.param('username')?.trim().toLowerCase() ?? '';
  if (wanted.length > USERNAME_MAX || !USERNAME_PATTERN.test(wanted)) return null;
  const result = await getPublicCard(c.var.db, new URL(c.req.url).origin, wanted);
  if (result.status !== 'public') return null;
  await loadLanguage(result.card.language);
  return result;
}

/** No such public card: Page Not Found; a card not taking contacts: its own 404 page, back to the card. */
async function noForm(c: C, found: Awaited<ReturnType<typeof contactCard>>) {
  if (found) return html(c, <ContactClosedPage card={found.card} />, 404);
  const language = browserLanguage(c.req.raw);
  await loadLanguage(language);
  return html(c, <NotFoundPage path={c.req.path} language={language} />, 404);
}

/** What the form sent, as text only (a file part is ignored). */
async function formValues(c: C): Promise<Record<string, string> | null> {
  const type = c.req.header('Content-Type') ?? '';
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(type)) return null;
  const body = await c.req.parseBody();
  const values: Record<string, string> = {};
  for (const field of FIELDS) {
    const value = body[field];
    if (typeof value === 'string') values[field] = value;
  }
  return values;
}

function after(c: C, work: Promise<unknown>) {
  try {
    c.executionCtx.waitUntil(work);
  } catch {
    // No execution context (a direct app.request in a test): it settles on its own.
  }
}

/** /p/{username}/contact: the form (GET) and the contact it sends (POST), both without script. */
export const contactPage = new Hono<AppEnv>()
  .get('/:username/contact', nearestReplica, async (c) => {
    const found = await contactCard(c);
    if (!found?.card.contact_exchange) return noForm(c, found);
    return html(c, <ContactPage card={found.card} />, 200);
  })
  .post('/:username/contact', limitBody(FORM_MAX), async (c) => {
    const found = await contactCard(c);
    if (!found?.card.contact_exchange) return noForm(c, found);
    const { card, ownerId } = found;
    const values = await formValues(c);
    if (!values) return html(c, <ContactPage card={card} message="Please send the form from this page." />, 415);
    const parsed = contactSubmitFor(card.name).safeParse(values);
    const typed: ContactFormValues = values;
    if (!parsed.success) {
      const errors = toFieldErrors(parsed.error);
      // Said with the other problems: a form refused for its name also asks for a way to reply.
      if (!values.email?.trim() && !values.phone?.trim()) errors.email ??= [contactReplyMessage(card.name)];
      return html(c, <ContactPage card={card} values={typed} errors={errors} />, 422);
    }
    const stored = await submitContact(c.env, { ownerId, body: parsed.data, request: c.req.raw });
    if (!stored.ok) {
      const page = <ContactPage card={card} values={typed} message={stored.message} />;
      return html(c, page, 429, { 'Retry-After': String(stored.retryAfter) });
    }

    // The owner's webhooks (docs/decisions/0098-signed-webhooks.md): queued before the answer.
    await emitWebhookEvent(c.env, c.var.db, {
      userId: found.accountId,
      cardId: ownerId,
      type: 'contact.created',
      data: {
        contact: {
          id: stored.id,
          name: parsed.data.name,
          email: parsed.data.email,
          phone: parsed.data.phone,
          company: parsed.data.company,
          note: parsed.data.note,
          created_at: new Date().toISOString(),
        },
      },
    }).catch((error) => logError(c.var.requestId, error, { message: 'contact webhook not queued' }));
    // The owner's mail: in the outbox before the answer in development (so it can be read at
    // once), after the answer elsewhere; a failure is logged, never shown to the visitor.
    const mail = notifyOwner(c.env, c.var.db, ownerId, parsed.data, new URL(c.req.url).origin).catch((error) =>
      logError(c.var.requestId, error, { message: 'contact mail not sent' }),
    );
    if (isDevelopment(c.env)) await mail;
    else after(c, mail);
    return html(c, <ContactSentPage card={card} />, 201);
  });
