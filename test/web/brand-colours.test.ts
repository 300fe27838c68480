import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Tailwind draws a brand-* class only for a shade the theme defines (web/src/styles/index.css's
// @theme); an undefined one is dropped without a word, and the text or background falls back to
// whatever it inherits (a dark-mode label in near-black on slate, say).
const root = join(import.meta.dirname, '../../web/src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(tsx?|css|html)$/.test(entry.name) ? [path] : [];
  });
}

const used = () => {
  const shades = new Set<string>();
  for (const file of sources(root))
    for (const match of readFileSync(file, 'utf8').matchAll(/\bbrand-(\d{2,3})\b/g)) shades.add(match[1]!);
  return [...shades].sort((a, b) => Number(a) - Number(b));
};

const defined = () =>
  new Set(
    [...readFileSync(join(root, 'styles/index.css'), 'utf8').matchAll(/--color-brand-(\d{2,3})\s*:/g)].map(
      (match) => match[1]!,
    ),
  );

describe('the brand colours', () => {
  it('defines every brand-* shade a class in web/src uses', () => {
    const shades = used();
    expect(shades.length).toBeGreaterThan(0);
    const theme = defined();
    expect(shades.filter((shade) => !theme.has(shade)).map((shade) => `brand-${shade}`)).toEqual([]);
  });
});
