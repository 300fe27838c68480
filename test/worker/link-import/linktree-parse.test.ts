import { describe, expect, it } from 'vitest';
import { linktreeName } from '../../../worker/services/link-import/fetch-page';
import { NO_LINKS, parseLinktreePage, UNREADABLE_PAGE } from '../../../worker/services/link-import/linktree';
import ada from '../../fixtures/linktree/adalovelace.html?raw';
import grace from '../../fixtures/linktree/grace-hopper.html?raw';
import notAProfile from '../../fixtures/linktree/not-a-profile.html?raw';
import truncated from '../../fixtures/linktree/truncated.html?raw';

// Stored copies of Linktree pages, never the network.
describe('reading a Linktree page', () => {
  it("finds the page's headers and links in its order, then its social icons, each with its platform", () => {
    expect(parseLinktreePage(ada)).toEqual([
      { title: 'Talks', url: '', platform: 'header', platform_name: 'Header', icon: '', kind: 'header' },
      {
        title: 'Code on GitHub',
        url: 'https://github.com/adalovelace',
        platform: 'github',
        platform_name: 'GitHub',
        icon: '/icons/github.svg',
      },
      {
        title: 'My notes on the Analytical Engine',
        url: 'https://ada.example.org/notes',
        platform: 'custom',
        platform_name: 'Custom',
        icon: '/icons/custom.svg',
      },
      {
        title: 'Latest video',
        url: 'https://www.youtube.com/@adalovelace',
        platform: 'youtube',
        platform_name: 'YouTube',
        icon: '/icons/youtube.svg',
      },
      {
        title: 'Book a call',
        url: 'https://calendly.com/adalovelace',
        platform: 'calendly',
        platform_name: 'Calendly',
        icon: '/icons/calendly.svg',
      },
      {
        title: 'Instagram',
        url: 'https://instagram.com/adalovelace',
        platform: 'instagram',
        platform_name: 'Instagram',
        icon: '/icons/instagram.svg',
      },
      {
        title: 'LinkedIn',
        url: 'https://www.linkedin.com/in/adalovelace',
        platform: 'linkedin',
        platform_name: 'LinkedIn',
        icon: '/icons/linkedin.svg',
      },
      {
        title: 'Email',
        url: 'mailto:ada@example.org',
        platform: 'email',
        platform_name: 'Email',
        icon: '/icons/email.svg',
      },
    ]);
  });

  it('reads pages that keep their links under the account, naming untitled links by platform', () => {
    expect(parseLinktreePage(grace).map(({ title, url, platform }) => ({ title, url, platform }))).toEqual([
      { title: 'COBOL history', url: 'https://en.wikipedia.org/wiki/COBOL', platform: 'custom' },
      { title: 'X (Twitter)', url: 'https://x.com/gracehopper', platform: 'twitter' },
      { title: 'Music', url: '', platform: 'header' },
      { title: 'My playlist', url: 'https://open.spotify.com/user/gracehopper', platform: 'spotify' },
      { title: 'WhatsApp', url: 'https://wa.me/15550100', platform: 'whatsapp' },
    ]);
  });

  it('reads each address as the links form does: a look-alike host is a custom link named by its host', () => {
    const page = (links: { title: string; url: string }[]) =>
      `<script id="__NEXT_DATA__" type="application/json">${JSON.stringify({ props: { pageProps: { links } } })}</script>`;
    expect(
      parseLinktreePage(
        page([
          { title: '', url: 'https://evil-github.com/octocat' },
          { title: '', url: 'https://github.com/octocat' },
          { title: '', url: 'https://gist.github.com/octocat/6cad326836d38bd3a7ae' },
          { title: '', url: 'https://youtu.be/dQw4w9WgXcQ' },
          { title: 'My site', url: 'https://fakeinstagram.com/ada' },
        ]),
      ),
    ).toEqual([
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
      {
        title: 'GitHub',
        url: 'https://gist.github.com/octocat/6cad326836d38bd3a7ae',
        platform: 'custom',
        platform_name: 'GitHub',
        icon: '/icons/github.svg',
      },
      {
        title: 'YouTube',
        url: 'https://youtu.be/dQw4w9WgXcQ',
        platform: 'custom',
        platform_name: 'YouTube',
        icon: '/icons/youtube.svg',
      },
      {
        title: 'My site',
        url: 'https://fakeinstagram.com/ada',
        platform: 'custom',
        platform_name: 'Custom',
        icon: '/icons/custom.svg',
      },
    ]);
  });

  it.each([
    ['a page without the data block', notAProfile, UNREADABLE_PAGE],
    ['a data block cut short', truncated, UNREADABLE_PAGE],
    ['any other page', '<html><body>Hello</body></html>', UNREADABLE_PAGE],
    [
      'a page with headers only',
      '<script id="__NEXT_DATA__" type="application/json">{"props":{"pageProps":{"links":[{"type":"HEADER","title":"Hi","url":""}]}}}</script>',
      NO_LINKS,
    ],
  ])('refuses %s with a clear message and offers nothing', (_, html, message) => {
    expect(() => parseLinktreePage(html)).toThrow(message);
  });

  it.each([
    ['https://linktr.ee/adalovelace', 'adalovelace'],
    ['linktr.ee/grace.hopper/', 'grace.hopper'],
    ['http://www.linktr.ee/ada_l', 'ada_l'],
    ['@adalovelace', 'adalovelace'],
  ])('takes the Linktree name from %s', (typed, name) => {
    expect(linktreeName(typed)).toBe(name);
  });

  it.each([
    'https://evil.example/adalovelace',
    'https://linktr.ee.evil.example/ada',
    'https://linktr.ee:8443/ada',
    'https://user@linktr.ee/ada',
    'https://linktr.ee/ada/../../admin',
    'https://linktr.ee/',
    'http://169.254.169.254/latest/meta-data',
    'file:///etc/passwd',
  ])('refuses %s: the Worker only ever fetches https://linktr.ee/{name}', (typed) => {
    expect(() => linktreeName(typed)).toThrow('Please enter the address of a public Linktree page');
  });
});
