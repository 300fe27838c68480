// GET /p/{username} as a document : the loaded card, its head, and the 403/404 screens.
import { beforeAll, describe, expect, it } from 'vitest';
import { postForm } from '../images';
import { createCard, insertCard, page, TEN_LINKS } from '../page-helpers';
import { ACCESS_COOKIE } from '@shared/session-cookies';

type Card = Awaited<ReturnType<typeof createCard>>;

describe('GET /p/{username}', { timeout: 30_000 }, () => {
  let card: Card;
  beforeAll(async () => {
    card = await createCard({
      name: 'Ada Lovelace',
      bio: 'Engineer & speaker',
      links: TEN_LINKS,
      avatar: true,
      cover: true,
    });
  }, 30_000);

  it('streams the card with status 200: cover, avatar, name, @username, bio and every link with its icon', async () => {
    const res = await page(`/p/${card.username}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    expect(res.text.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(res.text).toContain('<h1 dir="auto">Ada Lovelace</h1>');
    expect(res.text).toContain(`<bdi>@${card.username}</bdi></p>`);
    expect(res.text).toContain('Engineer &amp; speaker');
    expect(res.text).toMatch(
      /<div class="cover"[^>]*><picture>.*<img src="https:\/\/card\.test\/media\/covers\/[0-9a-f]{32}\/[0-9a-f]{32}\/960\.jpg"/,
    );
    expect(res.text).toMatch(
      /<div class="av" role="img" aria-label="Ada Lovelace"><svg[^>]*>.*>AL<\/text>.*<picture>.*<img src="https:\/\/card\.test\/media\/avatars\/[0-9a-f]{32}\/[0-9a-f]{32}\/384\.jpg"/,
    );
    // Every link, web, mailto: and tel: alike, opens in a new tab without handing over the opener.
    for (const link of TEN_LINKS) {
      const anchor = new RegExp(
        `<a href="${link.url.replace(/[.?+]/g, '\\$&')}" target="_blank" rel="noopener noreferrer" data-link-id="\\d+" ping="/v1/link/\\d+/click"><img src="${link.icon}"[^>]*/><span dir="auto">${link.title.replace(/[()]/g, '\\$&')}</span></a>`,
      );
      expect(res.text).toMatch(anchor);
    }
    expect(res.text).toContain('<a href="mailto:ada@example.com" target="_blank" rel="noopener noreferrer"');
    expect(res.text).toContain('<a href="tel:+441234567890" target="_blank" rel="noopener noreferrer"');
    expect(res.text).toContain(
      `<a class="save" href="/p/${card.username}.vcf" download="${card.username}.vcf">Save contact</a>`,
    );
    expect(res.text).toContain('Powered by <a href="/">Cardlink</a>');
    expect(res.text).not.toContain('No links available');
  });

  it('has the head a messenger or a search engine reads', async () => {
    const { text } = await page(`/p/${card.username}`);
    const url = `https://card.test/p/${card.username}`;
    expect(text).toContain(`<title>Ada Lovelace (@${card.username}) | Cardlink</title>`);
    expect(text).toContain('<meta name="description" content="Engineer &amp; speaker"/>');
    expect(text).toContain(`<link rel="canonical" href="${url}"/>`);
    expect(text).toContain(`<meta property="og:url" content="${url}"/>`);
    expect(text).toContain('<meta property="og:title" content="Ada Lovelace');
    // The drawn preview (og-image.test.ts), named under the card's current version.
    expect(text).toContain(`<meta property="og:image" content="${url}/og.png?v=`);
    expect(text).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    const ld = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(text)?.[1];
    const person = JSON.parse(ld ?? '{}');
    expect(person).toMatchObject({ '@type': 'Person', name: 'Ada Lovelace', url, description: 'Engineer & speaker' });
    expect(person.sameAs).toContain('https://github.com/ada');
  });

  it('shortens a long bio for the description between characters, never through an emoji', async () => {
    // The cut (159 UTF-16 units) falls inside the emoji; half of it would reach a preview as '�'.
    const long = await createCard({ name: 'Long Bio', bio: `${'a'.repeat(158)}👍 and more` });
    const { text } = await page(`/p/${long.username}`);
    expect(text).toContain(`<meta name="description" content="${'a'.repeat(158)}…"/>`);
    expect(text).not.toContain('\uFFFD');
  });

  it('loads only its island, as a module after the card, under a strict policy', async () => {
    const res = await page(`/p/${card.username}`);
    const scripts = [...res.text.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts).toEqual(['<script type="application/ld+json">', '<script type="module" src="/card/island.js">']);
    expect(res.text.indexOf('/card/island.js')).toBeGreaterThan(res.text.indexOf('</main>'));
    const csp = res.headers.get('Content-Security-Policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("font-src 'self'");
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(res.headers.get('Cache-Control')).toBe('no-cache');
  });

  it('redirects the address with a trailing slash to the card', async () => {
    const res = await page(`/p/${card.username}/`, { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(res.headers.get('Location')).toBe(`/p/${card.username}`);
  });

  it('finds the card whatever the case of the address', async () => {
    const res = await page(`/p/${card.username.toUpperCase()}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain(`<link rel="canonical" href="https://card.test/p/${card.username}"/>`);
  });

  it('draws the initials without a photo, and a generic icon when the name gives none', async () => {
    const plain = await insertCard({ name: 'grace brewster hopper' });
    const drawn = (await page(`/p/${plain.username}`)).text;
    expect(drawn).toMatch(
      /<div class="av" role="img" aria-label="grace brewster hopper"><svg[^>]*><circle[^>]*fill="#[0-9a-f]{6}"><\/circle><text[^>]*>GB<\/text><\/svg><\/div>/,
    );
    const blank = await insertCard({ name: '   ' });
    const generic = (await page(`/p/${blank.username}`)).text;
    expect(generic).toMatch(
      /<div class="av"[^>]*><svg[^>]*><circle[^>]*><\/circle><path d="M12 12a5[^"]*" fill="#fff"[^>]*><\/path><\/svg><\/div>/,
    );
  });

  it('gives every line the owner typed its own direction, and the Share button its place among the actions', async () => {
    // An Arabic card with English words in it: each keeps its own direction (dir="auto"), the
    // card's stylesheet aligns it as the card's layout does.
    const owner = await createCard({
      name: 'Lina Haddad',
      links: [{ title: 'My portfolio', url: 'https://example.com/' }],
    });
    const update = await postForm('/v1/user/profile/update', owner.token, {
      name: 'Lina Haddad',
      username: owner.username,
      bio: 'Product designer in Beirut.',
      pronouns: 'she/her',
      job_title: 'Designer',
      company: 'Studio Nour',
      location: 'Beirut',
      language: 'ar',
    });
    expect(update.status).toBe(200);
    const res = await page(`/p/${owner.username}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('<html lang="ar" dir="rtl">');
    expect(res.text).toContain('<h1 dir="auto">Lina Haddad</h1>');
    expect(res.text).toContain('<p class="pn" dir="auto">she/her</p>');
    expect(res.text).toContain('<p class="role" dir="auto">Designer · Studio Nour</p>');
    expect(res.text).toContain('<p class="loc" dir="auto">Beirut</p>');
    expect(res.text).toContain('<p class="bio" dir="auto">Product designer in Beirut.</p>');
    expect(res.text).toMatch(/<span dir="auto">My portfolio<\/span>/);
    expect(res.text).toContain('[dir=auto]{text-align:-webkit-match-parent;text-align:match-parent}');
    // The Share button: in the row of actions, with its own icon, hidden where no script runs.
    expect(res.text).toMatch(
      new RegExp(
        `<div class="acts">.*<a class="save share" href="/qr/${owner.username}"><svg [^>]*aria-hidden="true">.*</svg>مشاركة</a></div>`,
      ),
    );
    expect(res.text).toContain('@media (scripting:none){.share{display:none}}');
  });

  it("shows 'No links available' for a card without links", async () => {
    const bare = await insertCard();
    const res = await page(`/p/${bare.username}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('<p class="empty">No links available</p>');
  });
});

describe('private and missing cards', { timeout: 30_000 }, () => {
  it('answers 403 with the Private Profile screen', async () => {
    const owner = await createCard({ links: TEN_LINKS.slice(0, 1) });
    const update = await postForm('/v1/user/profile/update', owner.token, {
      name: owner.name,
      username: owner.username,
      is_active: '0',
    });
    expect(update.status).toBe(200);
    const res = await page(`/p/${owner.username}`);
    expect(res.status).toBe(403);
    expect(res.text).toContain('<h1>Private Profile</h1>');
    expect(res.text).toContain(`<bdi>@${owner.username}</bdi> has set their profile to private.`);
    expect(res.text).toContain('Only authorized users can view this digital card.');
    expect(res.text).not.toContain('github.com');
    expect(res.headers.get('X-Robots-Tag')).toBe('noindex');
    for (const path of [`/p/${owner.username}.vcf`, `/qr/${owner.username}`])
      expect((await page(path)).status).toBe(403);
  });

  it("gives the Private and Not Found screens the brand and buttons of the app's own Page Not Found", async () => {
    const owner = await createCard({ links: [] });
    await postForm('/v1/user/profile/update', owner.token, {
      name: owner.name,
      username: owner.username,
      is_active: '0',
    });
    for (const path of [`/p/${owner.username}`, '/p/nobody_here']) {
      const { text } = await page(path);
      expect(text, path).toMatch(/<a class="brand" href="\/" aria-label="Cardlink home"><svg [^>]*aria-hidden="true"/);
      expect(text, path).toContain('<span>Cardlink</span></a>');
      expect(text, path).toMatch(/<a class="btn primary" href="\/">Go to Homepage<\/a>/);
    }
  });

  it('shows the owner, signed in, their own private card with a banner; nobody else, and never from a cache', async () => {
    const owner = await createCard({ links: TEN_LINKS.slice(0, 1) });
    const stranger = await createCard({ links: [] });
    await postForm('/v1/user/profile/update', owner.token, {
      name: owner.name,
      username: owner.username,
      is_active: '0',
    });
    const asOwner = await page(`/p/${owner.username}`, { headers: { Cookie: `${ACCESS_COOKIE}=${owner.token}` } });
    expect(asOwner.status).toBe(200);
    expect(asOwner.text).toContain('<p class="notice" role="status">Only you can see this card: it is private</p>');
    expect(asOwner.text).toContain('github.com');
    expect(asOwner.headers.get('Cache-Control')).toBe('private, no-store');
    expect(asOwner.headers.get('X-Robots-Tag')).toBe('noindex');

    // Another account's cookie, a forged one, or none: the Private screen, and nothing of the card.
    for (const cookie of [`${ACCESS_COOKIE}=${stranger.token}`, `${ACCESS_COOKIE}=forged.token.value`, '']) {
      const res = await page(`/p/${owner.username}`, { headers: cookie ? { Cookie: cookie } : {} });
      expect(res.status, cookie).toBe(403);
      expect(res.text).toContain('<h1>Private Profile</h1>');
      expect(res.text).not.toContain('github.com');
      expect(res.text).not.toContain('Only you can see this card');
    }
    // Once public again, visitors get the card without the banner.
    await postForm('/v1/user/profile/update', owner.token, {
      name: owner.name,
      username: owner.username,
      is_active: '1',
    });
    const visitor = await page(`/p/${owner.username}`);
    expect(visitor.status).toBe(200);
    expect(visitor.text).not.toContain('Only you can see this card');
  });

  it('answers 404 with the Profile Not Found screen, the path, Go to Homepage and Go Back', async () => {
    for (const path of ['/p/nobody_here', '/p/Not%20A%20User!', '/p/nobody_here.vcf', '/qr/nobody_here']) {
      const res = await page(path);
      expect(res.status, path).toBe(404);
      expect(res.text).toContain('<p class="code">404</p>');
      expect(res.text).toContain('<h1>Profile Not Found</h1>');
      expect(res.text).toContain('The profile you&#x27;re looking for doesn&#x27;t exist or has been moved.');
      expect(res.text).toContain('>Go to Homepage</a>');
      expect(res.text).toContain('>Go Back</a>');
    }
    expect((await page('/p/nobody_here')).text).toContain('<p class="path" dir="ltr">/p/nobody_here</p>');
  });

  it("follow the visitor's light or dark preference, wearing no one's theme", async () => {
    const { text } = await page('/p/nobody_here');
    expect(text).toContain('<meta name="color-scheme" content="light dark"/>');
    expect(text).toContain('<body>');
    expect(text).toMatch(
      /<style>body\{--a:#2563eb;--bg:#ffffff;--fg:#111827;[^<]*\}@media \(prefers-color-scheme:dark\)\{body\{--a:#60a5fa;--bg:#0f172a;--fg:#e2e8f0;/,
    );
  });
});
