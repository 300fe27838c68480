import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LINKS_PER_USER_MAX } from '@shared/constants';
import worker from '../../../worker/index';
import { ORIGIN, readAnswer, registerUser, toRequest, type ApiInit } from '../helpers';
import ada from '../../fixtures/linktree/adalovelace.html?raw';
import notAProfile from '../../fixtures/linktree/not-a-profile.html?raw';

// The Worker's own fetch to Linktree is replaced: tests never use the network.
/** A page whose data block holds these links, as Linktree's does. */
const pageOf = (links: Record<string, unknown>[]) =>
  `<html><script id="__NEXT_DATA__" type="application/json">${JSON.stringify({ props: { pageProps: { links } } })}</script></html>`;

const pages = new Map<string, string>([
  ['https://linktr.ee/adalovelace', ada],
  ['https://linktr.ee/broken', notAProfile],
  [
    'https://linktr.ee/sections',
    pageOf([
      { title: 'Shop', url: '', type: 'HEADER', position: 0 },
      {
        title: 'Winter sale',
        url: 'https://shop.example.com/sale',
        position: 1,
        startsAt: '2030-12-12T09:00:00.000Z',
        endsAt: '2030-12-20T09:00:00.000Z',
      },
      { title: 'Instagram', url: 'https://instagram.com/adalovelace', position: 2 },
    ]),
  ],
  [
    'https://linktr.ee/lookalike',
    pageOf([
      { title: '', url: 'https://evil-github.com/octocat' },
      { title: '', url: 'https://github.com/octocat' },
    ]),
  ],
]);
const asked: string[] = [];

function fakeLinktree() {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = input instanceof Request ? input.url : String(input);
    asked.push(url);
    const html = pages.get(url);
    return html
      ? new Response(html, { headers: { 'Content-Type': 'text/html' } })
      : new Response('Not found', { status: 404 });
  });
}

/** The Worker called as the runtime calls it, in this isolate, so the fetch it makes is the fake. */
async function call(path: string, init: ApiInit = {}) {
  return readAnswer(
    await worker.fetch(toRequest(path, init) as Request<unknown, IncomingRequestCfProperties>, env, {
      waitUntil: () => undefined,
      passThroughOnException: () => undefined,
      props: {},
    } as unknown as ExecutionContext),
  );
}

const linkCount = async (userId: string) =>
  (await env.DB.prepare('SELECT count(*) AS n FROM links WHERE user_id = ?1').bind(userId).first<{ n: number }>())?.n;

afterEach(() => {
  vi.restoreAllMocks();
  asked.length = 0;
});

describe('import links from Linktree', { timeout: 30_000 }, () => {
  it('previews the links of a page, then creates the chosen ones with their platform icons, in order', async () => {
    fakeLinktree();
    const user = await registerUser();
    const preview = await call('/v1/user/links/import/preview', {
      method: 'POST',
      token: user.token,
      json: { url: 'https://linktr.ee/adalovelace' },
    });
    expect(preview.status).toBe(200);
    expect(asked).toEqual(['https://linktr.ee/adalovelace']);
    expect(preview.body.data.source).toBe('https://linktr.ee/adalovelace');
    // The page's header 'Talks' comes too, as a header (a title only).
    expect(preview.body.data.links).toHaveLength(8);
    expect(preview.body.data.links[0]).toMatchObject({ title: 'Talks', url: '', kind: 'header' });
    expect(await linkCount(user.id)).toBe(0);

    const chosen = preview.body.data.links
      .filter((link: { platform: string }) => ['github', 'calendly', 'email'].includes(link.platform))
      .map(({ title, url }: { title: string; url: string }) => ({ title, url }));
    const created = await call('/v1/user/links/import', { method: 'POST', token: user.token, json: { links: chosen } });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('3 links imported successfully');
    const links = await call('/v1/user/links', { token: user.token });
    const rows = (links.body.data as { title: string; url: string; icon: string; is_active: boolean }[]).map(
      ({ title, url, icon, is_active }) => ({ title, url, icon, is_active }),
    );
    expect(rows).toEqual([
      { title: 'Code on GitHub', url: 'https://github.com/adalovelace', icon: '/icons/github.svg', is_active: true },
      { title: 'Book a call', url: 'https://calendly.com/adalovelace', icon: '/icons/calendly.svg', is_active: true },
      { title: 'Email', url: 'mailto:ada@example.org', icon: '/icons/email.svg', is_active: true },
    ]);
  });

  it("brings the page's headers and scheduled links across, and a social profile as an icon", async () => {
    fakeLinktree();
    const user = await registerUser();
    const preview = await call('/v1/user/links/import/preview', {
      method: 'POST',
      token: user.token,
      json: { url: 'https://linktr.ee/sections' },
    });
    expect(preview.status).toBe(200);
    expect(preview.body.data.links).toMatchObject([
      { title: 'Shop', url: '', kind: 'header' },
      { title: 'Winter sale', starts_at: '2030-12-12T09:00:00.000Z', ends_at: '2030-12-20T09:00:00.000Z' },
      { title: 'Instagram', platform: 'instagram' },
    ]);
    const created = await call('/v1/user/links/import', {
      method: 'POST',
      token: user.token,
      json: { links: preview.body.data.links },
    });
    expect(created.status).toBe(201);
    const links = await call('/v1/user/links', { token: user.token });
    expect(links.body.data).toMatchObject([
      { title: 'Shop', url: '', kind: 'header', display: 'button', starts_at: null },
      {
        title: 'Winter sale',
        kind: 'link',
        display: 'button',
        starts_at: '2030-12-12T09:00:00.000Z',
        ends_at: '2030-12-20T09:00:00.000Z',
      },
      { title: 'Instagram', kind: 'link', display: 'icon', starts_at: null, ends_at: null },
    ]);
    // A header with a URL is refused, and nothing is created.
    const refused = await call('/v1/user/links/import', {
      method: 'POST',
      token: user.token,
      json: { links: [{ title: 'Shop', url: 'https://shop.example.com', kind: 'header' }] },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors['links.0.url']).toEqual(['A header is a title only: it has no URL']);
    expect(await linkCount(user.id)).toBe(3);
  });

  it("keeps a look-alike of GitHub's host a custom link, titled by its host and drawn with the custom icon", async () => {
    fakeLinktree();
    const user = await registerUser();
    const preview = await call('/v1/user/links/import/preview', {
      method: 'POST',
      token: user.token,
      json: { url: 'https://linktr.ee/lookalike' },
    });
    expect(preview.status).toBe(200);
    expect(preview.body.data.links).toEqual([
      {
        title: 'evil-github.com',
        url: 'https://evil-github.com/octocat',
        platform: 'custom',
        platform_name: 'Custom',
        icon: '/icons/custom.svg',
      },
      {
        title: 'GitHub',
        url: 'https://github.com/octocat',
        platform: 'github',
        platform_name: 'GitHub',
        icon: '/icons/github.svg',
      },
    ]);

    // Created as the review offers them: the Worker picks each icon from the address again.
    const chosen = preview.body.data.links.map(({ title, url }: { title: string; url: string }) => ({ title, url }));
    expect(
      (await call('/v1/user/links/import', { method: 'POST', token: user.token, json: { links: chosen } })).status,
    ).toBe(201);
    const stored = (await call('/v1/user/links', { token: user.token })).body.data as { title: string; icon: string }[];
    expect(stored.map(({ title, icon }) => ({ title, icon }))).toEqual([
      { title: 'evil-github.com', icon: '/icons/custom.svg' },
      { title: 'GitHub', icon: '/icons/github.svg' },
    ]);
    // The card draws it so: the custom icon beside its host.
    const card = (await call(`/p/${user.username}`)).text;
    expect(card).toMatch(/<img src="\/icons\/custom\.svg"[^>]*>(?:(?!<\/a>).)*evil-github\.com/s);
    // Whatever title the owner gives it, the look-alike never gets GitHub's icon.
    const renamed = await call('/v1/user/links/import', {
      method: 'POST',
      token: user.token,
      json: { links: [{ title: 'GitHub', url: 'https://evil-github.com/octocat' }] },
    });
    expect(renamed.status).toBe(201);
    const again = (await call('/v1/user/links', { token: user.token })).body.data as { url: string; icon: string }[];
    expect(again.filter((link) => link.url.includes('evil-github.com')).map((link) => link.icon)).toEqual([
      '/icons/custom.svg',
      '/icons/custom.svg',
    ]);
  });

  it('says clearly when the page cannot be read, and creates nothing', async () => {
    fakeLinktree();
    const user = await registerUser();
    const broken = await call('/v1/user/links/import/preview', {
      method: 'POST',
      token: user.token,
      json: { url: 'linktr.ee/broken' },
    });
    expect(broken.status).toBe(422);
    expect(broken.body.message).toBe(
      'We could not read any links from this page. Check that the address is a public Linktree page and try again.',
    );
    const missing = await call('/v1/user/links/import/preview', {
      method: 'POST',
      token: user.token,
      json: { url: 'https://linktr.ee/nobody' },
    });
    expect(missing.status).toBe(422);
    expect(missing.body.message).toBe('There is no public Linktree page at this address.');
    expect(await linkCount(user.id)).toBe(0);
  });

  it('never fetches another host', async () => {
    fakeLinktree();
    const user = await registerUser();
    for (const url of [
      'https://evil.example/x',
      'http://127.0.0.1:8787/v1/dev/mail',
      'https://linktr.ee.evil.example/a',
    ]) {
      const res = await call('/v1/user/links/import/preview', { method: 'POST', token: user.token, json: { url } });
      expect(res.status).toBe(422);
      expect(res.body.errors.url).toEqual([
        'Please enter the address of a public Linktree page, like https://linktr.ee/yourname',
      ]);
    }
    expect(asked).toEqual([]);
  });

  it('refuses bad links and a list past the limit, all or nothing', async () => {
    const user = await registerUser();
    const bad = await call('/v1/user/links/import', {
      method: 'POST',
      token: user.token,
      json: {
        links: [
          { title: 'Fine', url: 'https://example.com' },
          { title: 'Bad', url: 'javascript:alert(1)' },
        ],
      },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors['links.1.url']).toEqual(['URL must start with http://, https://, mailto: or tel:']);
    // An entry that is not a link at all is said in plain words, not in the validator's.
    const notLinks = await call('/v1/user/links/import', {
      method: 'POST',
      token: user.token,
      json: { links: [{ title: 'Fine', url: 'https://example.com' }, null, 'https://b.example'] },
    });
    expect(notLinks.status).toBe(422);
    expect(notLinks.body.errors).toEqual({
      'links.1': ['Each link needs a title and a URL'],
      'links.2': ['Each link needs a title and a URL'],
    });
    const none = await call('/v1/user/links/import', { method: 'POST', token: user.token, json: { links: [] } });
    expect(none.status).toBe(422);
    expect(await linkCount(user.id)).toBe(0);

    const many = Array.from({ length: LINKS_PER_USER_MAX - 1 }, (_, i) => ({
      title: `L${i}`,
      url: `https://e.example/${i}`,
    }));
    expect(
      (await call('/v1/user/links/import', { method: 'POST', token: user.token, json: { links: many } })).status,
    ).toBe(201);
    const over = await call('/v1/user/links/import', {
      method: 'POST',
      token: user.token,
      json: {
        links: [
          { title: 'a', url: 'https://a.example' },
          { title: 'b', url: 'https://b.example' },
        ],
      },
    });
    expect(over.status).toBe(422);
    expect(over.body.message).toBe(`You can have at most ${LINKS_PER_USER_MAX} links`);
    expect(await linkCount(user.id)).toBe(LINKS_PER_USER_MAX - 1);
  });

  it('answers 401 without a sign-in', async () => {
    const preview = await call('/v1/user/links/import/preview', {
      method: 'POST',
      json: { url: 'https://linktr.ee/a' },
    });
    expect(preview.status).toBe(401);
    const create = await call('/v1/user/links/import', {
      method: 'POST',
      json: { links: [{ title: 'a', url: 'https://a.example' }] },
    });
    expect(create.status).toBe(401);
  });
});

void ORIGIN;
