import type { ReactNode } from 'react';
// The edge build explicitly (web streams, no Node streams), in the Vite build and in the
// vitest workerd pool alike, whatever export conditions either resolves with.
import { renderToReadableStream } from 'react-dom/server.edge';
import { playerFrameSrc } from '@shared/players';
import { logError } from '../lib/log';

export const HTML_TYPE = 'text/html; charset=utf-8';

/**
 * The page's own policy, stricter than the app-wide one: nothing but our island script,
 * inline styles (the critical CSS), images from us or https, our fonts, and calls back to us.
 */
export const PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  // The theme's font, served by this product (shared/fonts.ts).
  "font-src 'self'",
  // data: too: qr-code-styling reads the QR's centre image (a data: URL) through XHR.
  "connect-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * A card's policy: the page's, opened for the embeds of its players only (shared/players.ts),
 * so a card without a player frames nothing.
 */
export const cardCsp = (links: readonly { url: string; display?: string }[]) => {
  const frames = playerFrameSrc(links);
  return frames ? `${PAGE_CSP}; ${frames}` : PAGE_CSP;
};

/** Headers of every edge-rendered page. */
export function pageHeaders(cacheControl: string, extra: Record<string, string> = {}) {
  return {
    'Content-Type': HTML_TYPE,
    'Cache-Control': cacheControl,
    'Content-Security-Policy': PAGE_CSP,
    ...extra,
  };
}

/**
 * Renders a page to a stream. The shell has no Suspense boundary, so it is complete before
 * the first byte and the browser paints from the first chunk.
 */
export function renderPage(node: ReactNode, requestId: string) {
  return renderToReadableStream(node, {
    onError(error) {
      logError(requestId, error, { message: 'page render failed' });
    },
  });
}

/** A rendered page as a Response with its real status. */
export async function pageResponse(node: ReactNode, requestId: string, status: number, cacheControl: string) {
  const extra: Record<string, string> = status === 200 ? {} : { 'X-Robots-Tag': 'noindex' };
  return new Response(await renderPage(node, requestId), { status, headers: pageHeaders(cacheControl, extra) });
}
