import { refusedFetch, type PageFetchRules } from '../../lib/outbound-url';

// The one outbound client of link previews: a linked page, or its image, fetched once with the
// limits of docs/product.md §2 (Links): 3 s in all, at most 512 KB of a page read, at most 3
// redirects, each hop checked by lib/outbound-url.ts before it is asked. Nothing here throws
// for the page's sake: every failure is an answer the caller turns into a quiet note.

export const PAGE_TIME_LIMIT_MS = 3_000;
export const PAGE_MAX_BYTES = 512 * 1024;
export const MAX_REDIRECTS = 3;

export type FetchRules = PageFetchRules & {
  /**
   * Development only (the browser journeys): every address is asked of this local server instead,
   * as `<origin>/<host><path>`, so a YouTube link's page is the test's own page.
   */
  via?: string | null;
  fetcher?: typeof fetch;
  timeLimitMs?: number;
};

export type Fetched =
  { ok: true; url: string; contentType: string; bytes: Uint8Array; complete: boolean } | { ok: false; reason: string };

const USER_AGENT = 'Mozilla/5.0 (compatible; CardlinkPreview/1.0; +https://github.com/cardlink)';

/** The address actually asked: the page itself, or in development its stand-in on `via`. */
function target(address: string, via: string | null | undefined) {
  if (!via || address.startsWith(via)) return address;
  const url = new URL(address);
  return `${via.replace(/\/$/, '')}/${url.host}${url.pathname}${url.search}`;
}

/** The first `max` bytes of the body; `complete` says whether that was all of it. */
async function readCapped(response: Response, max: number) {
  const reader = response.body?.getReader();
  if (!reader) return { bytes: new Uint8Array(), complete: true };
  const chunks: Uint8Array[] = [];
  let size = 0;
  let complete = true;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value.subarray(0, Math.max(0, max - size)));
    size += value.byteLength;
    if (size >= max) {
      complete = size === max && (await reader.read().then((next) => next.done));
      // The rest is never downloaded: cancelling closes the connection.
      await reader.cancel().catch(() => undefined);
      break;
    }
  }
  const bytes = new Uint8Array(Math.min(size, max));
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return { bytes, complete };
}

/**
 * GET `address` under the limits. `accept` decides from the Content-Type whether the body is
 * worth reading (an HTML page, an image); `maxBytes` how much of it is read.
 */
export async function fetchLimited(
  address: string,
  rules: FetchRules,
  accept: (contentType: string) => boolean,
  maxBytes: number,
): Promise<Fetched> {
  const fetcher = rules.fetcher ?? fetch;
  const signal = AbortSignal.timeout(rules.timeLimitMs ?? PAGE_TIME_LIMIT_MS);
  let current: URL;
  try {
    current = new URL(target(address, rules.via));
  } catch {
    return { ok: false, reason: 'not an address' };
  }
  // In development, the loopback origin first asked (the tests' page server) and no other.
  const guard = { ...rules, loopbackOrigin: current.origin };
  try {
    for (let hop = 0; ; hop++) {
      const refused = refusedFetch(current, guard);
      if (refused) return { ok: false, reason: `refused: ${refused}` };
      const response = await fetcher(current.href, {
        redirect: 'manual',
        signal,
        headers: { Accept: 'text/html,application/xhtml+xml,image/*;q=0.8', 'User-Agent': USER_AGENT },
      });
      if (response.status >= 300 && response.status < 400 && response.headers.has('Location')) {
        await response.body?.cancel().catch(() => undefined);
        if (hop >= MAX_REDIRECTS) return { ok: false, reason: 'too many redirects' };
        current = new URL(response.headers.get('Location')!, current);
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined);
        return { ok: false, reason: `answered ${response.status}` };
      }
      const contentType = (response.headers.get('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
      if (!accept(contentType)) {
        await response.body?.cancel().catch(() => undefined);
        return { ok: false, reason: `not readable (${contentType || 'no type'})` };
      }
      const { bytes, complete } = await readCapped(response, maxBytes);
      return { ok: true, url: current.href, contentType, bytes, complete };
    }
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    return { ok: false, reason: name === 'TimeoutError' || name === 'AbortError' ? 'too slow' : 'unreachable' };
  }
}

export const isHtml = (type: string) => type === 'text/html' || type === 'application/xhtml+xml';
export const isImage = (type: string) => type.startsWith('image/');
