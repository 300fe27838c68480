import { describe, expect, it } from 'vitest';
import { BIO_MAX, LINK_TITLE_MAX, NAME_MAX } from '@shared/constants';
import { LANGUAGES } from '@shared/i18n/languages';
import { setLanguage } from '../i18n/language-helpers';
import { setExchange } from '../contacts/contact-helpers';
import { createCard, page, TEN_LINKS } from '../page-helpers';

// README, Decisions (budgets are tests): one round trip's first flight (~14 KB) carries the whole card.
const HTML_BUDGET = 14 * 1024;

async function gzipSize(text: string) {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'));
  return (await new Response(stream).arrayBuffer()).byteLength;
}

/** Text that does not compress away: deterministic pseudo-random words. */
function words(length: number, seed: number) {
  let state = seed;
  let out = '';
  while (out.length < length) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    const size = 2 + (state % 9);
    for (let i = 0; i < size; i++) out += String.fromCharCode(97 + ((state >> (i + 3)) % 26));
    out += ' ';
  }
  return out.slice(0, length).trim();
}

async function measure(label: string, username: string) {
  const { text, status } = await page(`/p/${username}`);
  expect(status).toBe(200);
  const gzip = await gzipSize(text);
  console.log(`[budget] ${label}: HTML ${text.length} B, gzip ${gzip} B (budget ${HTML_BUDGET} B)`);
  return { text, gzip };
}

// Each test builds a full card through the API (registration hashes a password): give it room.
describe('the card page budget', { timeout: 30_000 }, () => {
  it('a card with 10 links, a cover, an avatar and the contact button fits in 14 KB gzip, CSS inline, no render-blocking script', async () => {
    const card = await createCard({
      name: 'Ada Lovelace',
      bio: 'Engineer and speaker. I write about analytical engines, poetry and the science of operations. Say hello at a conference!',
      links: TEN_LINKS,
      avatar: true,
      cover: true,
    });
    await setExchange(card, true);
    const { text, gzip } = await measure('typical card', card.username);
    expect(gzip).toBeLessThanOrEqual(HTML_BUDGET);
    expect(text.match(/<a [^>]*data-link-id=/g)).toHaveLength(10);
    expect(text).toContain(`href="/p/${card.username}/contact">Share your contact</a>`);

    const head = text.slice(0, text.indexOf('</head>'));
    expect(head).toMatch(/<style>[^<]{1000,}<\/style>/);
    expect(text).not.toMatch(/<link[^>]+rel="stylesheet"/);
    // Only a data block in the head; the one script with a src is a module at the end of <body>.
    expect(head.match(/<script\b[^>]*>/g)).toEqual(['<script type="application/ld+json">']);
    const external = text.match(/<script\b[^>]*\bsrc=[^>]*>/g) ?? [];
    expect(external).toEqual(['<script type="module" src="/card/island.js">']);
    expect(text.indexOf(external[0] ?? '')).toBeGreaterThan(text.indexOf('</footer>'));
    expect(text).not.toMatch(/@import|fonts\.googleapis|<link[^>]+rel="preconnect"/);
  });

  it('even a card at every length limit stays within the budget', async () => {
    const card = await createCard({
      name: words(NAME_MAX, 1),
      bio: words(BIO_MAX, 2),
      links: TEN_LINKS.map((link, i) => ({
        ...link,
        title: words(LINK_TITLE_MAX, 10 + i),
        url: link.url.startsWith('https:') ? `${link.url}/${words(200, 20 + i).replace(/ /g, '/')}` : link.url,
      })),
      avatar: true,
      cover: true,
    });
    await setExchange(card, true);
    const { gzip } = await measure('card at every limit', card.username);
    expect(gzip).toBeLessThanOrEqual(HTML_BUDGET);
    // Within budget in every language (the longest words, and Arabic's two-byte letters).
    for (const language of LANGUAGES.filter((l) => l !== 'en')) {
      await setLanguage({ ...card, name: words(NAME_MAX, 1) }, language);
      const { text, gzip: size } = await measure(`card at every limit, ${language}`, card.username);
      expect(text).toContain(`<html lang="${language}"`);
      expect(size).toBeLessThanOrEqual(HTML_BUDGET);
    }
  });
});
