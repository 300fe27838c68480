import type { Messages } from '@lingui/core';

// The API's English messages as patterns (decision 75): 'Bio must be at most {max} characters' matches
// a message a shared schema produced, and its values fill the other language's message. The
// Worker translates its answers with it (worker/middleware/language.ts); the web app translates
// the same schemas' messages when it checks a form before sending (web/src/lib/field-errors.ts).

type Part = string | [string, ...unknown[]];
export type TranslateKey = (key: string, values?: Record<string, string | number>) => string;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A compiled message's parts as a regular expression's source, each placeholder a group named in
 * `names` (by its index). A plural ('{cards, plural, one {# work card} other {# work cards}}') is
 * the choice of its forms, whose '#' is its number; `literal` counts the text of its shortest.
 */
function sourceOf(parts: Part[], names: string[], plural?: string): { source: string; literal: number } {
  let source = '';
  let literal = 0;
  for (const part of parts) {
    if (typeof part === 'string') {
      if (plural !== undefined && part === '#') {
        names.push(plural);
        source += '(\\d+)';
      } else {
        source += escape(part);
        literal += part.length;
      }
    } else if (part[1] === 'plural' && typeof part[2] === 'object' && part[2] !== null) {
      const forms = Object.values(part[2] as Record<string, Part[]>).map((form) =>
        sourceOf(Array.isArray(form) ? form : [form], names, part[0]),
      );
      source += `(?:${forms.map((form) => form.source).join('|')})`;
      literal += Math.min(...forms.map((form) => form.literal));
    } else {
      names.push(part[0]);
      source += '(.+?)';
    }
  }
  return { source, literal };
}

/**
 * Literal messages first, then templates by the length of their literal text, so the most
 * specific one wins. A field's name ('Job title', keys api.label_*) is not a message of its own:
 * the labels map translates it inside one ('{label} must be text').
 */
export function apiMessagePatterns(english: Messages) {
  const patterns = Object.entries(english)
    .filter(([key]) => !key.startsWith('api.label_'))
    .map(([key, message]) => {
      const names: string[] = [];
      const { source, literal } = sourceOf((Array.isArray(message) ? message : [message]) as Part[], names);
      return { key, pattern: new RegExp(`^${source}$`, 's'), names, placeholders: new Set(names).size, literal };
    })
    .sort((a, b) => a.placeholders - b.placeholders || b.literal - a.literal);
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
    // A plural's forms each hold its number: the one that matched is the one captured.
    const values = Object.fromEntries(
      names.flatMap((name, i): [string, string | number][] => {
        const captured = match[i + 1];
        if (captured === undefined) return [];
        if (/^\d+$/.test(captured)) return [[name, Number(captured)]];
        const label = name === 'label' ? catalogue.labels.get(captured) : undefined;
        return [[name, label ? t(label) : captured]];
      }),
    );
    return t(key, values);
  }
  return english;
}
