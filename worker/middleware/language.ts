import { createMiddleware } from 'hono/factory';
import { pickLanguage } from '@shared/i18n/languages';
import type { AppEnv } from '../env';
import { loadLanguage, translateMessage } from '../lib/i18n';

type Body = { message?: unknown; errors?: unknown };

/**
 * The API's messages in the caller's language (decision 75): the `message` of a JSON answer
 * and each of its field `errors`, chosen by Accept-Language. Services and schemas keep saying
 * the spec's English, so an English (or absent, or unsupported) Accept-Language gets exactly
 * those bytes and costs nothing; any other answer is translated here, in one place.
 */
export const apiLanguage = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const header = c.req.header('Accept-Language');
  if (!header) return;
  if (!/^application\/json/i.test(c.res.headers.get('Content-Type') ?? '')) return;
  try {
    c.res.headers.append('Vary', 'Accept-Language');
  } catch {
    // An answer passed through with immutable headers: nothing of ours to translate either.
  }
  const language = pickLanguage(header);
  if (language === 'en') return;
  await loadLanguage(language);
  const body = (await c.res
    .clone()
    .json()
    .catch(() => null)) as Body | null;
  if (!body || typeof body !== 'object' || typeof body.message !== 'string') return;
  const translated: Body = { ...body, message: translateMessage(language, body.message) };
  if (body.errors && typeof body.errors === 'object') {
    translated.errors = Object.fromEntries(
      Object.entries(body.errors as Record<string, unknown>).map(([field, messages]) => [
        field,
        Array.isArray(messages)
          ? messages.map((m) => (typeof m === 'string' ? translateMessage(language, m) : m))
          : messages,
      ]),
    );
  }
  const headers = new Headers(c.res.headers);
  headers.delete('Content-Length');
  headers.set('Content-Language', language);
  c.res = new Response(JSON.stringify(translated), { status: c.res.status, headers });
});
