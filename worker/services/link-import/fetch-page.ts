import { IMPORT_URL_MESSAGE } from '@shared/schemas/link-import';
import { AppError } from '../../lib/errors';

// The Worker fetches only pages it builds the address of itself: https://linktr.ee/{name}. A
// user's text never becomes a URL fetched as it is, so the import cannot be pointed at another
// host or at this Worker's own network (SSRF).

const HOSTS = new Set(['linktr.ee', 'www.linktr.ee']);
const NAME = /^[A-Za-z0-9._-]{1,64}$/;
const PAGE_MAX_BYTES = 3 * 1024 * 1024;
const TIMEOUT_MS = 10_000;

export const PAGE_NOT_FOUND = 'There is no public Linktree page at this address.';
export const PAGE_UNAVAILABLE = 'Linktree did not answer. Please try again in a moment.';

const refuse = (message: string, status: 422 | 502 = 422) => new AppError(status, message, { url: [message] });

/** The Linktree name in what was typed: 'https://linktr.ee/name', 'linktr.ee/name' or '@name'. */
export function linktreeName(input: string): string {
  const typed = input.trim();
  if (/^@?[A-Za-z0-9._-]+$/.test(typed) && !typed.includes('.')) return typed.replace(/^@/, '');
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(typed) ? typed : `https://${typed}`);
  } catch {
    throw refuse(IMPORT_URL_MESSAGE);
  }
  const [name, ...rest] = url.pathname.split('/').filter(Boolean);
  const ok =
    !/\.\.|%/.test(typed) &&
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    HOSTS.has(url.hostname.toLowerCase()) &&
    url.port === '' &&
    url.username === '' &&
    url.password === '' &&
    rest.length === 0 &&
    name !== undefined &&
    NAME.test(name);
  if (!ok || !name) throw refuse(IMPORT_URL_MESSAGE);
  return name;
}

async function readCapped(response: Response) {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > PAGE_MAX_BYTES) {
      await reader.cancel();
      throw refuse('This page is too large to import.');
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(await new Blob(chunks).arrayBuffer());
}

/**
 * The HTML of https://linktr.ee/{name}. `fetcher` is injected so that tests never use the
 * network. Redirects are not followed (a page that moves elsewhere is not imported).
 */
export async function fetchLinktreePage(name: string, fetcher: typeof fetch): Promise<{ url: string; html: string }> {
  const url = `https://linktr.ee/${encodeURIComponent(name)}`;
  let response: Response;
  try {
    response = await fetcher(url, {
      redirect: 'manual',
      headers: { Accept: 'text/html', 'User-Agent': 'Mozilla/5.0 (compatible; CardlinkImport/1.0)' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    throw refuse(PAGE_UNAVAILABLE, 502);
  }
  if (response.status === 404 || (response.status >= 300 && response.status < 400)) throw refuse(PAGE_NOT_FOUND);
  if (!response.ok) throw refuse(response.status >= 500 ? PAGE_UNAVAILABLE : PAGE_NOT_FOUND, 502);
  return { url, html: await readCapped(response) };
}
