import { setupI18n, type Messages } from '@lingui/core';
import { expect, it } from 'vitest';
import { formatMessage } from '@/lib/format-message';

// The dashboard's own formatter of compiled messages (web/src/lib/format-message.ts) must say
// exactly what Lingui's runtime says, for every message of every area and language, with counts
// that reach each plural form (Arabic has six) and plain values for the other placeholders.
const MODULES = import.meta.glob<{ messages: Messages }>(
  ['../../shared/i18n/compiled/*/*.ts', '!../../shared/i18n/compiled/areas/*.ts'],
  { eager: true },
);

it('formats every compiled message as Lingui does', () => {
  let compared = 0;
  for (const [file, { messages }] of Object.entries(MODULES)) {
    const language = /\/([a-z-]+)\.ts$/.exec(file)?.[1]?.replace('pt-br', 'pt-BR') ?? 'en';
    const lingui = setupI18n({ locale: language, messages: { [language]: messages } });
    for (const [key, message] of Object.entries(messages)) {
      const names = [...JSON.stringify(message).matchAll(/\["([a-z_]+)"/gi)].map((m) => m[1] ?? '');
      for (const n of [0, 1, 2, 3, 11, 100, 1234]) {
        const values = Object.fromEntries(names.map((name) => [name, n]));
        expect(formatMessage(message, values, language), `${file} ${key} ${n}`).toBe(lingui._(key, values));
        compared += 1;
      }
      const words = Object.fromEntries(names.map((name) => [name, `<${name}>`]));
      if (!JSON.stringify(message).match(/"(plural|number|selectordinal)"/))
        expect(formatMessage(message, words, language), `${file} ${key}`).toBe(lingui._(key, words));
    }
  }
  expect(compared).toBeGreaterThan(1000);
});
