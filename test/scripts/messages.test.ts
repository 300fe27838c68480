import { readFileSync } from 'node:fs';
import { parse, type Token } from '@messageformat/parser';
import { describe, expect, it } from 'vitest';
import { ENGLISH_CARD_WORDS } from '../../shared/card/card-words';
import { LANGUAGES } from '../../shared/i18n/languages';
import { catalogueAreas, formattedFiles, readCatalogue, sameWordKeys } from '../../scripts/build-messages';

// Every language has every message, none empty, with English's placeholders; the
// compiled modules are what the catalogues compile to; English says the spec's words.
const english = readCatalogue('en');

/** The placeholders (and plural/select arguments) a message uses, sorted. */
function placeholders(message: string): string[] {
  const names = new Set<string>();
  const visit = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'argument' || token.type === 'function') names.add(token.arg);
      if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
        names.add(token.arg);
        for (const c of token.cases) visit(c.tokens);
      }
    }
  };
  visit(parse(message));
  return [...names].sort();
}

describe('the catalogues', () => {
  it.each(LANGUAGES.filter((language) => language !== 'en'))(
    '%s has every English key, no other, none empty, each with English placeholders',
    (language) => {
      const catalogue = readCatalogue(language);
      expect(Object.keys(catalogue).sort()).toEqual(Object.keys(english).sort());
      for (const [key, source] of Object.entries(english)) {
        const translated = catalogue[key] ?? '';
        expect(translated.trim(), `${language} ${key}`).not.toBe('');
        expect(placeholders(translated), `${language} ${key}`).toEqual(placeholders(source));
      }
    },
  );

  it('English is never left in another language, but for names that stay as they are', () => {
    // Words that are the same in the language too ('Links', 'Spam', 'QR code' in Brazil, 'optional'
    // in German), listed in the catalogues' same.json files.
    const same = sameWordKeys();
    for (const language of LANGUAGES.filter((l) => l !== 'en')) {
      const catalogue = readCatalogue(language);
      const untranslated = Object.keys(english).filter((key) => catalogue[key] === english[key] && !same.includes(key));
      expect(untranslated, language).toEqual([]);
    }
  });

  it('the compiled modules are up to date (npm run messages)', async () => {
    for (const [path, text] of await formattedFiles()) expect(readFileSync(path, 'utf8'), path).toBe(text);
  });

  it("keeps the card's English words and the spec's English messages exactly", () => {
    expect(ENGLISH_CARD_WORDS.saveContact).toBe(english['card.save_contact']);
    expect(ENGLISH_CARD_WORDS.shareContact).toBe(english['card.share_contact']);
    expect(ENGLISH_CARD_WORDS.share).toBe(english['card.share']);
    expect(ENGLISH_CARD_WORDS.noLinks).toBe(english['card.no_links']);
    expect(ENGLISH_CARD_WORDS.links).toBe(english['card.links']);
    expect(ENGLISH_CARD_WORDS.contact).toBe(english['card.contact']);
    expect(ENGLISH_CARD_WORDS.call('+1')).toBe(english['card.call']?.replace('{phone}', '+1'));
    expect(ENGLISH_CARD_WORDS.email('a@b.c')).toBe(english['card.email']?.replace('{address}', 'a@b.c'));
    expect(ENGLISH_CARD_WORDS.poweredBy).toBe(english['card.powered_by']);
    expect(ENGLISH_CARD_WORDS.report).toBe(english['card.report']);
    // docs/product.md §5 and §8, word for word.
    expect(english['api.email_invalid']).toBe('Please enter a valid email address');
    expect(english['api.username_pattern']).toBe(
      'Username can only contain lowercase letters, numbers, underscores, and hyphens',
    );
    expect(english['api.password_pattern']).toBe(
      'Password must contain uppercase, lowercase, number and special character',
    );
    expect(english['page.not_found_title']).toBe('Profile Not Found');
    expect(english['island.download_failed']).toBe('Failed to download QR code. Please try again.');
  });
});

describe("the web app's areas", () => {
  it('hold only keys of their own area, in every language', async () => {
    const { readdirSync, readFileSync: read } = await import('node:fs');
    for (const area of catalogueAreas())
      for (const file of readdirSync(`shared/i18n/catalogues/${area}`).filter((name) => name !== 'same.json')) {
        const keys = Object.keys(JSON.parse(read(`shared/i18n/catalogues/${area}/${file}`, 'utf8')) as object);
        expect(
          keys.filter((key) => !key.startsWith(`${area}.`)),
          `${area}/${file}`,
        ).toEqual([]);
      }
  });
});
