// What users typed never becomes markup, script or a dangerous link on the card.
import { describe, expect, it } from 'vitest';
import { insertCard, insertLink, page } from '../page-helpers';

const anchorHrefs = (html: string) => [...html.matchAll(/<a\b[^>]*\shref="([^"]*)"/gi)].map((m) => m[1] ?? '');

describe('what users typed', () => {
  it('escapes markup in the name, bio and link titles everywhere it appears', async () => {
    const bare = await insertCard({
      name: 'Eve <script>alert(1)</script>',
      bio: '</script><img src=x onerror=alert(2)> "quoted"',
    });
    await insertLink(bare.id, { title: '<b onmouseover=alert(3)>Bold</b>', url: 'https://example.com/?a=1&b=<2>' });
    const { text, status } = await page(`/p/${bare.username}`);
    expect(status).toBe(200);
    expect(text).not.toMatch(/<script>alert|<img src=x|<b onmouseover/);
    expect(text).toContain('<h1 dir="auto">Eve &lt;script&gt;alert(1)&lt;/script&gt;</h1>');
    expect(text).toContain('&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt; &quot;quoted&quot;');
    expect(text).toContain('<span dir="auto">&lt;b onmouseover=alert(3)&gt;Bold&lt;/b&gt;</span>');
    expect(text).toContain('href="https://example.com/?a=1&amp;b=%3C2%3E"');
    // JSON-LD: the data block cannot be closed from inside.
    const ld = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(text)?.[1] ?? '';
    expect(ld).not.toContain('<');
    expect(JSON.parse(ld).description).toBe('</script><img src=x onerror=alert(2)> "quoted"');
    expect([...text.matchAll(/<\/script>/g)]).toHaveLength(2);
  });

  it('never puts a javascript:, data: or other scheme into an href, even when D1 holds one', async () => {
    const bare = await insertCard();
    const hostile = [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:x',
      '//evil.example/x',
      'ftp://files.example/x',
    ];
    for (const [order, url] of hostile.entries())
      await insertLink(bare.id, { title: `Bad ${order}`, url, icon: 'javascript:alert(1)', order });
    await insertLink(bare.id, { title: 'Good', url: 'https://good.example/', icon: 'javascript:alert(9)', order: 99 });
    const { text } = await page(`/p/${bare.username}`);
    const all = anchorHrefs(text);
    expect(all.some((href) => /^\s*(javascript|data|vbscript|ftp):|^\/\//i.test(href))).toBe(false);
    expect(text).not.toMatch(/javascript:/i);
    for (const order of hostile.keys()) expect(text).not.toContain(`Bad ${order}`);
    expect(text).toContain('<a href="https://good.example/" target="_blank"');
    expect(text).toContain('<img src="/icons/default.svg"');
    const vcf = await page(`/p/${bare.username}.vcf`);
    expect(vcf.text).not.toMatch(/javascript|data:text/i);
  });
});
