import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { ICONS } from '../lib/icons.generated';
import { templateThumbnailSvg } from '../lib/template-thumbnail';
import { MEDIA_KEY_PATTERN } from '../lib/media-url';
import { isUnavailable, RETRY_AFTER_SECONDS } from '../lib/unavailable';
import { findTemplateByThumbnail } from '../services/catalogue';

// What users uploaded is served from our origin: it must never run as a page. Images need
// no scripts, styles or frames; `sandbox` also stops an SVG opened directly from scripting.
const MEDIA_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  'Cross-Origin-Resource-Policy': 'same-site',
};
/** Icons and thumbnails change only with a deploy: cache for a day, revalidate in the background. */
const BUNDLED_CACHE = 'public, max-age=86400, stale-while-revalidate=604800';
const SVG = 'image/svg+xml; charset=utf-8';

const notFoundText = () =>
  new Response('Not found', {
    status: 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', ...MEDIA_HEADERS },
  });

/** GET /media/{key}: avatars and covers from R2. Keys are content hashes, so caching is forever. */
export const media = new Hono<AppEnv>().get('/*', async (c) => {
  // The key is the path exactly as sent, never a decoded one: a key has only [a-z0-9-/.], so an
  // encoded slash or dot cannot name a different object than the plain path would.
  const key = new URL(c.req.url).pathname.replace(/^\/media\//, '');
  if (!MEDIA_KEY_PATTERN.test(key)) return notFoundText();
  let object: R2ObjectBody | null;
  try {
    object = await c.env.MEDIA.get(key);
  } catch (error) {
    if (!isUnavailable(error)) throw error;
    // R2 briefly down: the card draws the initials under every photo, so a failed photo shows them.
    return new Response('Briefly unavailable', {
      status: 503,
      headers: {
        'Content-Type': 'text/plain; charset=utf-8',
        'Retry-After': String(RETRY_AFTER_SECONDS),
        ...MEDIA_HEADERS,
      },
    });
  }
  if (!object) return notFoundText();
  const headers = new Headers(MEDIA_HEADERS);
  headers.set('Content-Type', object.httpMetadata?.contentType ?? 'application/octet-stream');
  headers.set('Cache-Control', 'public, max-age=31536000, immutable');
  headers.set('ETag', object.httpEtag);
  if (c.req.header('If-None-Match') === object.httpEtag) return new Response(null, { status: 304, headers });
  headers.set('Content-Length', String(object.size));
  return new Response(object.body, { headers });
});

/** GET /icons/{id}.svg: the platform icons of shared/platforms.ts, plus default.svg. */
export const icons = new Hono<AppEnv>().get('/:file', (c) => {
  const id = /^([a-z0-9-]+)\.svg$/.exec(c.req.param('file'))?.[1];
  const svg = id !== undefined && Object.hasOwn(ICONS, id) ? ICONS[id] : undefined;
  if (svg === undefined) return notFoundText();
  return new Response(svg, { headers: { 'Content-Type': SVG, 'Cache-Control': BUNDLED_CACHE, ...MEDIA_HEADERS } });
});

/** GET /templates/{slug}.svg: a template's thumbnail, drawn from its stored config. */
export const templateThumbnails = new Hono<AppEnv>().get('/:file', async (c) => {
  const file = c.req.param('file');
  if (!/^[a-z0-9-]+\.svg$/.test(file)) return notFoundText();
  const template = await findTemplateByThumbnail(c.var.db, file);
  if (!template) return notFoundText();
  const svg = templateThumbnailSvg(template.name, template.config);
  return new Response(svg, { headers: { 'Content-Type': SVG, 'Cache-Control': BUNDLED_CACHE, ...MEDIA_HEADERS } });
});
