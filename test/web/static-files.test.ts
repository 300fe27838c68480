import headersFile from '../../web/public/_headers?raw';
import serviceWorker from '../../web/public/sw.js?raw';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FONT_FAMILIES } from '@shared/constants';
import { FONT_WEIGHTS, THEME_FONTS } from '@shared/fonts';

/** The header lines of one path rule of a Workers static-assets `_headers` file. */
function rule(file: string, pattern: string) {
  const headers: Record<string, string> = {};
  let inside = false;
  for (const line of file.split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    if (!line.startsWith(' ')) {
      inside = line.trim() === pattern;
      continue;
    }
    if (!inside) continue;
    const [name, ...value] = line.trim().split(':');
    headers[name!] = value.join(':').trim();
  }
  return headers;
}

describe('static files', () => {
  it("give static assets the Worker's security headers", async () => {
    // Imported by path so the web type-check does not pull in the Worker's bindings.
    const modulePath = '../../worker/middleware/security-headers.ts';
    const { SECURITY_HEADERS } = (await import(/* @vite-ignore */ modulePath)) as {
      SECURITY_HEADERS: Record<string, string>;
    };
    const assets = rule(headersFile, '/*');
    expect(Object.keys(SECURITY_HEADERS).length).toBeGreaterThan(3);
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(assets[name], name).toBe(value);
  });

  it('serve a service worker that never caches the API or media', () => {
    const sw = serviceWorker;
    expect(sw).toMatch(/const NEVER = \[[^\]]*'\/v1\/'[^\]]*'\/media\/'/);
    expect(sw).toContain('self.skipWaiting()');
    expect(sw).toContain('self.clients.claim()');
  });

  it('have a font file of every weight for every theme font (copied into the build)', () => {
    expect(THEME_FONTS.map((font) => font.name)).toEqual(FONT_FAMILIES.map((family) => family.split(',')[0]));
    for (const font of THEME_FONTS)
      for (const weight of FONT_WEIGHTS) {
        const source = `node_modules/@fontsource/${font.slug}/files/${font.slug}-latin-${weight}-normal.woff2`;
        expect(existsSync(source), source).toBe(true);
      }
    expect(rule(headersFile, '/fonts/*')['Cache-Control']).toBe('public, max-age=2592000');
  });

  it('have a real robots.txt: cards allowed, the dashboard, sign-in and API not', () => {
    const robots = readFileSync('web/public/robots.txt', 'utf8');
    expect(robots).toMatch(/^User-agent: \*$/m);
    expect(robots).toMatch(/^Allow: \/p\/$/m);
    for (const path of ['/dashboard', '/auth', '/v1/']) expect(robots).toContain(`Disallow: ${path}\n`);
    expect(robots).not.toContain('<html');
  });

  it('have a real favicon.ico: an icon directory of PNG images', () => {
    const ico = readFileSync('web/public/favicon.ico');
    expect([...ico.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
    const count = ico.readUInt16LE(4);
    expect(count).toBeGreaterThanOrEqual(2);
    const firstImage = ico.readUInt32LE(6 + 12);
    expect([...ico.subarray(firstImage, firstImage + 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  });
});
