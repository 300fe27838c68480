import { describe, expect, it } from 'vitest';
import { contrast } from '@shared/colour';
import { SIGNATURE_LAYOUTS } from '@shared/signature-layouts';
import { signatureHtml, signatureText } from '@/features/share/lib/signature';

const ORIGIN = 'https://cardlink.example';
const input = {
  origin: ORIGIN,
  name: 'Ada <Lovelace> & "Co"',
  username: 'ada',
  bio: 'Analyst of engines.\nSecond line that is left out.',
  avatarUrl: `${ORIGIN}/media/avatars/0123456789abcdef0123456789abcdef/fedcba9876543210fedcba9876543210/256.jpg`,
  links: [
    { title: 'GitHub', url: 'https://github.com/ada', icon: '/icons/github.svg' },
    // An icon on another host is replaced by the platform's own icon on this product.
    { title: 'LinkedIn', url: 'https://www.linkedin.com/in/ada', icon: 'https://cdn.example.net/li.png' },
    { title: 'Mail', url: 'mailto:ada@example.com', icon: '' },
    { title: 'Bad', url: 'javascript:alert(1)', icon: '/icons/github.svg' },
    { title: 'Blog', url: 'https://ada.example.org/', icon: '' },
  ],
};

/** Every image, stylesheet or script address in the HTML. */
const resourceUrls = (html: string) => [...html.matchAll(/\b(?:src|background|srcset)="([^"]*)"/g)].map((m) => m[1]);

describe('the e-mail signature', () => {
  const html = signatureHtml(input);
  const doc = new DOMParser().parseFromString(html, 'text/html');

  it('has no script, no style block and no stylesheet: inline styles only', () => {
    expect(html).not.toMatch(/<script|<style|<link|javascript:|on[a-z]+=/i);
    expect(doc.querySelectorAll('script, style, link').length).toBe(0);
    expect(doc.querySelectorAll('[style]').length).toBeGreaterThan(5);
  });

  it('names no external host: every image is on this product', () => {
    const urls = resourceUrls(html);
    expect(urls.length).toBe(5);
    for (const url of urls) expect(new URL(url ?? '').origin).toBe(ORIGIN);
    expect(urls).toContain(`${ORIGIN}/icons/linkedin.svg`);
  });

  it('shows the avatar, the name, the first line of the bio, the chosen links as icons and View my card', () => {
    expect(doc.body.textContent).toContain('Ada <Lovelace> & "Co"');
    expect(doc.body.textContent).toContain('Analyst of engines.');
    expect(doc.body.textContent).not.toContain('Second line');
    const links = [...doc.querySelectorAll('a')].map((a) => [
      a.getAttribute('href'),
      a.textContent || a.querySelector('img')?.alt,
    ]);
    expect(links).toEqual([
      [`${ORIGIN}/p/ada?src=email`, 'Ada <Lovelace> & "Co"'],
      ['https://github.com/ada', 'GitHub'],
      ['https://www.linkedin.com/in/ada', 'LinkedIn'],
      ['mailto:ada@example.com', 'Mail'],
      ['https://ada.example.org/', 'Blog'],
      [`${ORIGIN}/p/ada?src=email`, 'View my card'],
    ]);
  });

  it('leaves the photo out when there is none, or when it is not on this product', () => {
    for (const avatarUrl of [null, 'https://elsewhere.example/a.jpg']) {
      const without = signatureHtml({ ...input, avatarUrl });
      expect(without).not.toContain('width="72"');
      expect(resourceUrls(without).every((url) => url?.startsWith(ORIGIN))).toBe(true);
    }
  });

  it('has a plain-text twin', () => {
    expect(signatureText(input)).toBe(
      `Ada <Lovelace> & "Co"\nAnalyst of engines.\nView my card: ${ORIGIN}/p/ada?src=email`,
    );
  });

  it('shows title and company, and the phone and e-mail as links, when the card has them', () => {
    const business = {
      ...input,
      role: 'Head of Design · Acme & Co',
      phone: { e164: '+442079460958', display: '+44 20 7946 0958' },
      email: 'ada@acme.example',
    };
    const withRole = new DOMParser().parseFromString(signatureHtml(business), 'text/html');
    expect(withRole.body.textContent).toContain('Head of Design · Acme & Co');
    const hrefs = [...withRole.querySelectorAll('a')].map((a) => [a.getAttribute('href'), a.textContent]);
    expect(hrefs).toContainEqual(['tel:+442079460958', '+44 20 7946 0958']);
    expect(hrefs).toContainEqual(['mailto:ada@acme.example', 'ada@acme.example']);
    expect(signatureText(business)).toBe(
      `Ada <Lovelace> & "Co"\nHead of Design · Acme & Co\nAnalyst of engines.\n+44 20 7946 0958 · ada@acme.example\nView my card: ${ORIGIN}/p/ada?src=email`,
    );
  });

  it('shortens a long bio between characters, never through an emoji', () => {
    // At the cut (119 UTF-16 units) stands a family emoji: half of it would be an unpaired
    // surrogate, which a mail program shows as '�'.
    const bio = `${'a'.repeat(117)} 👨‍👩‍👧‍👦 and more`;
    const text = signatureText({ ...input, bio });
    expect(text).toContain(`${'a'.repeat(117)}…`);
    expect(text).not.toMatch(/[\uD800-\uDFFF](?![\uDC00-\uDFFF])/);
    expect(signatureHtml({ ...input, bio })).toContain(`${'a'.repeat(117)}…</div>`);
  });
});

describe('the e-mail signature’s layouts', () => {
  const full = {
    ...input,
    role: 'Head <b>Design</b> · Acme & Co',
    phone: { e164: '+442079460958', display: '+44 20 7946 0958' },
    email: 'ada@acme.example',
    logoUrl: `${ORIGIN}/media/logos/0123456789abcdef0123456789abcdef/fedcba9876543210fedcba9876543210/512.jpg`,
  };
  for (const layout of SIGNATURE_LAYOUTS) {
    it(`${layout}: one table with inline styles only, its text escaped, every image on this product`, () => {
      const html = signatureHtml({ ...full, layout });
      const doc = new DOMParser().parseFromString(html, 'text/html');
      expect(doc.body.children).toHaveLength(1);
      expect(doc.body.firstElementChild?.tagName).toBe('TABLE');
      expect(html).not.toMatch(/<script|<style|<link|<b>Design|javascript:|on[a-z]+=/i);
      expect(doc.querySelectorAll('b > b, script, style').length).toBe(0);
      expect(doc.body.textContent).toContain('Ada <Lovelace> & "Co"');
      expect(doc.body.textContent).toContain('Head <b>Design</b> · Acme & Co');
      for (const url of resourceUrls(html)) expect(new URL(url ?? '').origin).toBe(ORIGIN);
      const hrefs = [...doc.querySelectorAll('a')].map((a) => a.getAttribute('href'));
      expect(hrefs).toContain(`${ORIGIN}/p/ada?src=email`);
      expect(hrefs).not.toContain('javascript:alert(1)');
    });
  }

  it("draws the card's accent as it reads on a mail's white: a light one darkened to 4.5:1, a dark one kept", () => {
    const colours = (accent: string) =>
      SIGNATURE_LAYOUTS.flatMap((layout) =>
        [...signatureHtml({ ...full, accent, layout }).matchAll(/color:(#[0-9a-f]{6})/gi)].map((m) => m[1]!),
      );
    // Midnight's sky blue, made for a dark card.
    const light = colours('#38bdf8');
    expect(light).not.toContain('#38bdf8');
    for (const colour of light) expect(contrast(colour, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(colours('#1d4ed8')).toContain('#1d4ed8');
  });

  it('standard is the layout of a card that chose none', () => {
    expect(signatureHtml({ ...full, layout: 'standard' })).toBe(signatureHtml({ ...full, layout: null }));
  });

  it('compact is one line of text: no photo, no icons, no line breaks', () => {
    const doc = new DOMParser().parseFromString(signatureHtml({ ...full, layout: 'compact' }), 'text/html');
    expect(doc.querySelectorAll('img')).toHaveLength(0);
    expect(doc.querySelectorAll('tr, td')).toHaveLength(2);
    expect(doc.querySelector('td')?.getAttribute('style')).toContain('white-space:nowrap');
    expect(signatureText({ ...full, layout: 'compact' })).not.toContain('\n');
  });

  it('banner draws the photo larger, the logo when there is no photo, and the links as larger icons', () => {
    const doc = new DOMParser().parseFromString(signatureHtml({ ...full, layout: 'banner' }), 'text/html');
    const images = [...doc.querySelectorAll('img')];
    expect(images[0]?.getAttribute('src')).toBe(full.avatarUrl);
    expect(images[0]?.getAttribute('width')).toBe('96');
    expect(images.slice(1).every((img) => img.getAttribute('width') === '28')).toBe(true);
    const logo = new DOMParser().parseFromString(
      signatureHtml({ ...full, avatarUrl: null, layout: 'banner' }),
      'text/html',
    );
    expect(logo.querySelector('img')?.getAttribute('src')).toBe(full.logoUrl);
    const elsewhere = signatureHtml({
      ...full,
      avatarUrl: null,
      logoUrl: 'https://evil.example/l.png',
      layout: 'banner',
    });
    expect(elsewhere).not.toContain('evil.example');
  });
});
