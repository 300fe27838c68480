import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ICON, PLATFORM_CATEGORIES, PLATFORMS } from '@shared/platforms';
import { SEED_TEMPLATES, templateThumbnailPath } from '../../../worker/db/seed';
import { ORIGIN } from '../helpers';

const get = (path: string) => SELF.fetch(`${ORIGIN}${path}`);

describe('platform catalogue', () => {
  it('has about 70 platforms across the 7 categories, with unique ids and {username} templates', () => {
    expect(PLATFORMS.length).toBeGreaterThanOrEqual(65);
    expect(PLATFORMS.length).toBeLessThanOrEqual(80);
    expect(new Set(PLATFORMS.map((p) => p.category))).toEqual(new Set(PLATFORM_CATEGORIES));
    expect(new Set(PLATFORMS.map((p) => p.id)).size).toBe(PLATFORMS.length);
    for (const platform of PLATFORMS) {
      expect(platform.urlTemplate, platform.id).toContain('{username}');
      expect(platform.icon).toBe(`/icons/${platform.id}.svg`);
    }
    const byId = Object.fromEntries(PLATFORMS.map((p) => [p.id, p]));
    expect(byId.email?.urlTemplate).toBe('mailto:{username}');
    expect(byId.phone?.urlTemplate).toBe('tel:{username}');
    expect(byId.website?.urlTemplate).toBe('{username}');
    expect(byId.custom?.urlTemplate).toBe('{username}');
  });
});

describe('GET /icons/:id.svg', () => {
  it('serves an SVG for every platform in the catalogue and the default icon', async () => {
    for (const path of [...PLATFORMS.map((p) => p.icon), DEFAULT_ICON]) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('Content-Type')).toBe('image/svg+xml; charset=utf-8');
      expect(res.headers.get('Cache-Control')).toMatch(/max-age=\d{5,}/);
      expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
      const svg = await res.text();
      expect(svg, path).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      expect(svg).not.toMatch(/<script/i);
    }
  });

  it('gives brand icons their colour', async () => {
    expect(await (await get('/icons/github.svg')).text()).toContain('fill="#181717"');
    expect(await (await get('/icons/linkedin.svg')).text()).toContain('stroke="#0A66C2"');
  });

  it('answers 404 for an unknown icon', async () => {
    expect((await get('/icons/not-a-platform.svg')).status).toBe(404);
    expect((await get('/icons/constructor.svg')).status).toBe(404);
    expect((await get('/icons/github.png')).status).toBe(404);
  });
});

describe('GET /templates/:slug.svg', () => {
  it('draws a different thumbnail for every template', async () => {
    const bodies = new Set<string>();
    for (const template of SEED_TEMPLATES) {
      const res = await get(templateThumbnailPath(template.slug));
      expect(res.status, template.slug).toBe(200);
      expect(res.headers.get('Content-Type')).toBe('image/svg+xml; charset=utf-8');
      const svg = await res.text();
      expect(svg).toContain(`<title>${template.name} template</title>`);
      expect(svg.includes('<circle'), template.slug).toBe(template.config.showAvatar);
      if (template.config.layout === 'two-column') {
        // The profile panel sits where the card puts it: on the right only for the mirrored grid.
        const panelX = Number(/<rect x="([\d.]+)" y="14" width="68"/.exec(svg)?.[1]);
        expect(panelX > 120, template.slug).toBe(template.config.avatarPosition === 'right');
      }
      bodies.add(svg.replace(/<title>.*<\/title>/, ''));
    }
    expect(bodies.size).toBe(SEED_TEMPLATES.length);
  });

  it('answers 404 for an unknown template', async () => {
    expect((await get('/templates/nope.svg')).status).toBe(404);
    expect((await get('/templates/classic.png')).status).toBe(404);
  });
});
