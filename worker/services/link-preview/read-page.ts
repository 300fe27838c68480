import { LINK_TITLE_MAX } from '@shared/constants';
import { shorten } from '@shared/shorten';
import { singleLine } from '@shared/schemas/text';

// What a page says about itself: its Open Graph title and image, else its Twitter card's, else
// its <title>. Read from the first part of the page (fetch-page.ts stops at 512 KB), which is
// where a page's <head> is.

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

export function decodeEntities(text: string) {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Each `<meta>` tag's attributes, lower-case names, values decoded. */
function metaTags(html: string) {
  const tags: Record<string, string>[] = [];
  for (const [tag] of html.matchAll(/<meta\b[^>]*>/gi)) {
    const attributes: Record<string, string> = {};
    for (const match of tag.matchAll(/([a-z:_-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi))
      attributes[match[1]!.toLowerCase()] = decodeEntities(match[2] ?? match[3] ?? match[4] ?? '');
    tags.push(attributes);
  }
  return tags;
}

const cleanTitle = (text: string | undefined) => {
  const title = singleLine(text ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  return title ? shorten(title, LINK_TITLE_MAX) : null;
};

export type PageFacts = { title: string | null; image: string | null };

/** The page's title and image address (absolute, http or https), each null when it has none. */
export function readPage(html: string, pageUrl: string): PageFacts {
  const metas = metaTags(html);
  const meta = (...names: string[]) => {
    for (const name of names) {
      const found = metas.find((tag) => (tag.property ?? tag.name)?.toLowerCase() === name && tag.content?.trim());
      if (found) return found.content!.trim();
    }
    return undefined;
  };
  const titleTag = /<title\b[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1];
  const title = cleanTitle(meta('og:title', 'twitter:title')) ?? cleanTitle(titleTag && decodeEntities(titleTag));
  const imageText = meta('og:image:secure_url', 'og:image', 'og:image:url', 'twitter:image', 'twitter:image:src');
  let image: string | null = null;
  if (imageText) {
    try {
      const url = new URL(imageText, pageUrl);
      if (url.protocol === 'https:' || url.protocol === 'http:') image = url.href;
    } catch {
      // An image address that is no address: the page has no image to offer.
    }
  }
  return { title, image };
}
