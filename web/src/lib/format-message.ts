import type { Messages } from '@lingui/core';

// The dashboard formats the messages Lingui compiled at build time (scripts/build-messages.ts)
// itself: a message is a string, or tokens that are text, a placeholder [name], or a formatted
// argument [name, 'plural' | 'selectordinal' | 'select' | 'number' | 'date', cases or style].
// Lingui's runtime does the same in the Worker and on the card; here, where every screen carries
// it, these few lines keep each screen's growth for languages within 5 KB (docs/decisions/0077).

type Message = Messages[string];
type Values = Record<string, string | number>;
type Token = string | [name: string, type?: string, format?: unknown];

const cache = new Map<string, Intl.PluralRules | Intl.NumberFormat>();
const memo = <T extends Intl.PluralRules | Intl.NumberFormat>(key: string, make: () => T) =>
  (cache.get(key) as T | undefined) ?? (cache.set(key, make()), cache.get(key) as T);

const numberFormat = (locale: string, style?: unknown) =>
  memo(
    `n|${locale}|${String(style)}`,
    () => new Intl.NumberFormat(locale, style === 'percent' ? { style: 'percent' } : undefined),
  );

function formatTokens(tokens: Message, values: Values, locale: string, count?: string): string {
  if (!Array.isArray(tokens)) return String(tokens);
  let out = '';
  for (const token of tokens as Token[]) {
    if (typeof token === 'string') {
      out += token === '#' && count !== undefined ? count : token;
      continue;
    }
    const [name, type, format] = token;
    const value = values[name];
    if (type === 'plural' || type === 'selectordinal') {
      const { offset = 0, ...cases } = format as Record<string, Message> & { offset?: number };
      const n = Number(value) - Number(offset);
      const rules = memo(
        `p|${locale}|${type}`,
        () => new Intl.PluralRules(locale, { type: type === 'plural' ? 'cardinal' : 'ordinal' }),
      ) as Intl.PluralRules;
      const chosen = cases[String(value)] ?? cases[rules.select(n)] ?? cases.other ?? '';
      out += formatTokens(chosen, values, locale, numberFormat(locale).format(n));
    } else if (type === 'select') {
      const cases = format as Record<string, Message>;
      const key = String(value);
      out += formatTokens(Object.hasOwn(cases, key) ? cases[key]! : (cases.other ?? ''), values, locale, count);
    } else if (type === 'number') {
      out += numberFormat(locale, format).format(Number(value));
    } else if (type === 'date') {
      out += new Intl.DateTimeFormat(locale).format(new Date(value ?? 0));
    } else if (value !== undefined) {
      out += String(value);
    }
  }
  return out;
}

/** One compiled message with its values, in a language (its plural rules and number forms). */
export const formatMessage = (message: Message, values: Values, locale: string) =>
  formatTokens(message, values, locale);
