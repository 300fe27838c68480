import type { Messages } from '@lingui/core';

// The API's English messages as patterns (decision 75): 'Bio must be at most {max} characters' matches
// a message a shared schema produced, and its values fill the other language's message. The
// Worker translates its answers with it (worker/middleware/language.ts); the web app translates
// the same schemas' messages when it checks a form before sending (web/src/lib/field-errors.ts).

type Part = string | [string, ...unknown[]];
export type TranslateKey = (key: string, values?: Record<string, string | number>) => string;

/**
 * Literal messages first, then templates by the length of their literal text, so the most
 * specific one wins. A field's name ('Job title', keys api.label_*) is not a message of its own:
 * the labels map translates it inside one ('{label} must be text').
 */
export function apiMessagePatterns(english: Messages) {
  const patterns = Object.entries(english)
    .filter(([key]) => !key.startsWith('api.label_'))
    .map(([key, message]) => {
      const parts = (Array.isArray(message) ? message : [message]) as Part[];
      const names: string[] = [];
      let source = '';
      let literal = 0;
      for (const part of parts) {
        if (typeof part === 'string') {
          source += part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
          literal += part.length;
        } else {
          names.push(part[0]);
          source += '(.+?)';
        }
      }
      return { key, pattern: new RegExp(`^${source}$`, 's'), names, literal };
    })
    .sort((a, b) => a.names.length - b.names.length || b.literal - a.literal);
  const labels = new Map(
    Object.entries(english)
      .filter(([key]) => key.startsWith('api.label_'))
      .map(([key, message]) => [String((message as Part[])[0]), key]),
  );
  return { patterns, labels };
}

export type ApiMessagePatterns = ReturnType<typeof apiMessagePatterns>;

/** An English API message in the language `t` speaks, or unchanged when no pattern matches it. */
export function translateApiMessage(catalogue: ApiMessagePatterns, t: TranslateKey, english: string): string {
  for (const { key, pattern, names } of catalogue.patterns) {
    const match = pattern.exec(english);
    if (!match) continue;
    const values = Object.fromEntries(
      names.map((name, i) => {
        const captured = match[i + 1] ?? '';
        if (/^\d+$/.test(captured)) return [name, Number(captured)];
        const label = name === 'label' ? catalogue.labels.get(captured) : undefined;
        return [name, label ? t(label) : captured];
      }),
    );
    return t(key, values);
  }
  return english;
}
