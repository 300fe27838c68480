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

type Schedule = { starts_at?: string; ends_at?: string };

/** A moment of the page's data (ISO text or epoch milliseconds) in ISO form, or undefined. */
function moment(value: unknown): string | undefined {
  const ms = typeof value === 'number' ? value : typeof value === 'string' && value ? Date.parse(value) : NaN;
  return Number.isFinite(ms) && ms > 0 ? new Date(ms).toISOString() : undefined;
}

/**
 * A scheduled link's start and end as the page carries them: on the link (`startsAt`, `endsAt`)
 * or under its rules (`rules.schedule`). A page without them gives none; an end not after the
 * start is dropped rather than refuse the whole page.
 */
function scheduleOf(link: Raw): Schedule {
  const rules = isObject(link.rules) && isObject(link.rules.schedule) ? link.rules.schedule : {};
  const starts = moment(link.startsAt ?? rules.startsAt ?? rules.start);
  const ends = moment(link.endsAt ?? rules.endsAt ?? rules.end);
  if (starts && ends && Date.parse(ends) <= Date.parse(starts)) return { starts_at: starts };
  return { ...(starts ? { starts_at: starts } : {}), ...(ends ? { ends_at: ends } : {}) };
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
  const add = (title: string, url: string, schedule: Schedule = {}) => {
    if (!url || !isAllowedLinkUrl(url) || seen.has(url) || found.length >= LINKS_PER_USER_MAX) return;
    seen.add(url);
    found.push({ ...toPreview(title, url), ...schedule });
  };
  const ordered = (list: unknown[]) =>
    list
      .filter(isObject)
      .map((link, index) => ({ link, position: typeof link.position === 'number' ? link.position : index }))
      .sort((a, b) => a.position - b.position);
  for (const { link } of ordered(links)) {
    if (link.locked === true) continue;
    if (text(link.type).toUpperCase() === 'HEADER') {
      // A header comes across as a header (a title only) that opens its section; a page that
      // nests the section's links under it gives them right after it.
      const title = text(link.title).slice(0, LINK_TITLE_MAX);
      if (title && found.length < LINKS_PER_USER_MAX)
        found.push({ title, url: '', platform: 'header', platform_name: 'Header', icon: '', kind: 'header' });
      for (const { link: child } of ordered(Array.isArray(link.childLinks) ? link.childLinks : []))
        if (child.locked !== true) add(text(child.title), text(child.url), scheduleOf(child));
      continue;
    }
    add(text(link.title), text(link.url), scheduleOf(link));
  }
  for (const social of socials.filter(isObject)) add('', text(social.url));
  if (!found.some((link) => link.kind !== 'header')) throw new AppError(422, NO_LINKS, { url: [NO_LINKS] });
  return found;
}
