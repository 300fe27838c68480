import { LINK_TITLE_MAX, LINKS_PER_USER_MAX } from '@shared/constants';
import type { PreviewLink } from '@shared/schemas/link-import';
import { isAllowedLinkUrl } from '@shared/schemas/links';
import { AppError } from '../../lib/errors';
import { readLink } from './read-link';

// Reading a Linktree page. Linktree is a Next.js site: the page carries its
// data as JSON in <script id="__NEXT_DATA__">, whose props.pageProps holds the links (title, url,
// type; headers have no url) and the social icons (type, url), in the page's own order.

export const UNREADABLE_PAGE =
  'We could not read any links from this page. Check that the address is a public Linktree page and try again.';
export const NO_LINKS = 'This Linktree page has no links to import.';

const NEXT_DATA = /<script\b[^>]*\bid=["']?__NEXT_DATA__["']?[^>]*>([\s\S]*?)<\/script>/i;

type Raw = Record<string, unknown>;
const isObject = (value: unknown): value is Raw => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** A link of the page as it will be offered: a catalogue platform, its icon, a title (the page's, else the platform's name or the host). */
function toPreview(title: string, url: string): PreviewLink {
  const link = readLink(url);
  return {
    title: (title || link.title).slice(0, LINK_TITLE_MAX),
    url,
    platform: link.platformId,
    platform_name: link.name,
    icon: link.icon,
  };
}

const arrayAt = (...candidates: unknown[]) => candidates.find(Array.isArray) as unknown[] | undefined;

/**
 * The links of a stored or fetched Linktree page, in its order, headers and links without a
 * usable address left out, each address once. Throws a 422 with a clear message when the page
 * is not one it can read (nothing partial: either the page's data parses or nothing is offered).
 */
export function parseLinktreePage(html: string): PreviewLink[] {
  const match = NEXT_DATA.exec(html);
  let data: unknown;
  try {
    data = match ? JSON.parse(match[1] ?? '') : null;
  } catch {
    data = null;
  }
  const props = isObject(data) && isObject(data.props) ? data.props : null;
  const page = props && isObject(props.pageProps) ? props.pageProps : null;
  const account = page && isObject(page.account) ? page.account : null;
  const links = arrayAt(page?.links, account?.links);
  if (!page || !links) throw new AppError(422, UNREADABLE_PAGE, { url: [UNREADABLE_PAGE] });
  const socials = arrayAt(page.socialLinks, account?.socialLinks) ?? [];

  const found: PreviewLink[] = [];
  const seen = new Set<string>();
  const add = (title: string, url: string) => {
    if (!url || !isAllowedLinkUrl(url) || seen.has(url) || found.length >= LINKS_PER_USER_MAX) return;
    seen.add(url);
    found.push(toPreview(title, url));
  };
  const ordered = links
    .filter(isObject)
    .map((link, index) => ({ link, position: typeof link.position === 'number' ? link.position : index }))
    .sort((a, b) => a.position - b.position);
  for (const { link } of ordered) {
    if (text(link.type).toUpperCase() === 'HEADER' || link.locked === true) continue;
    add(text(link.title), text(link.url));
  }
  for (const social of socials.filter(isObject)) add('', text(social.url));
  if (found.length === 0) throw new AppError(422, NO_LINKS, { url: [NO_LINKS] });
  return found;
}
