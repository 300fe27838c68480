import { describe, expect, it } from 'vitest';
import { recogniseLink } from '@shared/link-recognise';
import { buildPlatformUrl, findPlatform, PLATFORMS } from '@shared/platforms';

// Addresses as people copy them from the apps' share buttons and address bars.
const TABLE: [pasted: string, platformId: string, handle: string, title: string][] = [
  ['https://www.instagram.com/ada.lovelace/?igsh=MWx0ZDF5', 'instagram', 'ada.lovelace', 'Instagram'],
  ['instagram.com/ada_codes', 'instagram', 'ada_codes', 'Instagram'],
  ['https://www.youtube.com/@AdaLovelace', 'youtube', 'AdaLovelace', 'YouTube'],
  ['https://youtube.com/@adalovelace?si=7Hc2nT_xy', 'youtube', 'adalovelace', 'YouTube'],
  ['https://m.youtube.com/@AdaLovelace/videos', 'youtube', 'AdaLovelace', 'YouTube'],
  ['https://www.tiktok.com/@ada.codes?_t=8kXs&_r=1', 'tiktok', 'ada.codes', 'TikTok'],
  ['https://www.linkedin.com/in/ada-lovelace-1815/', 'linkedin', 'ada-lovelace-1815', 'LinkedIn'],
  ['linkedin.com/in/ada-lovelace/details/experience/', 'linkedin', 'ada-lovelace', 'LinkedIn'],
  ['https://open.spotify.com/user/31abcxyz?si=5f2c', 'spotify', '31abcxyz', 'Spotify'],
  ['https://www.threads.net/@ada.codes', 'threads', 'ada.codes', 'Threads'],
  ['https://www.threads.com/@ada.codes', 'threads', 'ada.codes', 'Threads'],
  ['https://bsky.app/profile/ada.bsky.social', 'bluesky', 'ada.bsky.social', 'Bluesky'],
  ['https://x.com/ada_l', 'twitter', 'ada_l', 'X (Twitter)'],
  ['https://twitter.com/ada_l?s=21&t=abc', 'twitter', 'ada_l', 'X (Twitter)'],
  ['https://m.facebook.com/ada.lovelace', 'facebook', 'ada.lovelace', 'Facebook'],
  ['https://github.com/octocat', 'github', 'octocat', 'GitHub'],
  ['https://ada.substack.com/', 'substack', 'ada', 'Substack'],
  ['https://medium.com/@ada', 'medium', 'ada', 'Medium'],
  ['https://www.twitch.tv/adaplays', 'twitch', 'adaplays', 'Twitch'],
  ['https://wa.me/447700900123', 'whatsapp', '447700900123', 'WhatsApp'],
  ['https://api.whatsapp.com/send?phone=447700900123&text=hi', 'whatsapp', '447700900123', 'WhatsApp'],
  ['https://t.me/ada_codes', 'telegram', 'ada_codes', 'Telegram'],
  ['https://signal.me/#p/+447700900123', 'signal', '+447700900123', 'Signal'],
  ['https://www.reddit.com/user/ada_l/', 'reddit', 'ada_l', 'Reddit'],
  ['https://stackoverflow.com/users/22656/ada-lovelace', 'stackoverflow', '22656', 'Stack Overflow'],
  ['https://www.npmjs.com/~ada', 'npm', 'ada', 'npm'],
  ['https://steamcommunity.com/id/adaplays/', 'steam', 'adaplays', 'Steam'],
  ['https://account.xbox.com/profile?gamertag=AdaPlays', 'xbox', 'AdaPlays', 'Xbox'],
  ['https://cash.app/$adal', 'cashapp', 'adal', 'Cash App'],
  ['https://paypal.me/adal', 'paypal', 'adal', 'PayPal'],
  ['https://calendly.com/ada-lovelace', 'calendly', 'ada-lovelace', 'Calendly'],
  ['https://mastodon.social/@ada', 'mastodon', 'mastodon.social/@ada', 'Mastodon'],
  ['mailto:ada@example.com', 'email', 'ada@example.com', 'Email'],
  ['ada@example.com', 'email', 'ada@example.com', 'Email'],
  ['tel:+441632960961', 'phone', '+441632960961', 'Phone'],
  ['+44 1632 960961', 'phone', '+44 1632 960961', 'Phone'],
];

describe('recogniseLink: a pasted address gives the platform, the handle and a title', () => {
  it.each(TABLE)('%s is %s', (pasted, platformId, handle, title) => {
    const found = recogniseLink(pasted);
    expect(found).toMatchObject({ platformId, username: handle, title, icon: `/icons/${platformId}.svg` });
  });

  it('recognises every platform of the catalogue from the address it builds', () => {
    const sample: Record<string, string> = {
      email: 'ada@example.com',
      phone: '+15550102030',
      whatsapp: '15550102030',
      signal: '+15550102030',
      mastodon: 'mastodon.social/@ada',
    };
    const missed = PLATFORMS.filter((platform) => platform.urlTemplate !== '{username}').flatMap((platform) => {
      const handle = sample[platform.id] ?? 'ada_l';
      const found = recogniseLink(buildPlatformUrl(platform, handle));
      return found?.platformId === platform.id && found.username === handle
        ? []
        : [`${platform.id}: ${JSON.stringify(found)}`];
    });
    expect(missed).toEqual([]);
  });

  it('builds back an address that opens the same profile', () => {
    for (const [pasted, platformId, handle] of TABLE) {
      const built = buildPlatformUrl(findPlatform(platformId)!, handle);
      const bare = (url: string) => url.replace(/^(https?:\/\/)?(www\.|m\.)?/, '').replace(/[/?].*$/, '');
      if (platformId === 'email' || platformId === 'phone') continue;
      // Rebuilt on the service's own host: x.com, threads.net, wa.me.
      if (pasted.includes('twitter.com') || pasted.includes('threads.com') || pasted.includes('api.whatsapp')) continue;
      expect(bare(built), pasted).toBe(bare(pasted.includes('://') ? pasted : `https://${pasted}`));
    }
  });

  it("a platform's page that is no profile keeps the whole address, with the platform's icon and name", () => {
    expect(recogniseLink('https://youtu.be/dQw4w9WgXcQ?si=abc')).toEqual({
      platformId: 'custom',
      username: 'https://youtu.be/dQw4w9WgXcQ?si=abc',
      title: 'YouTube',
      icon: '/icons/youtube.svg',
    });
    expect(recogniseLink('https://open.spotify.com/artist/0OdUWJ0sBjDrqHygGUXeCF')).toMatchObject({
      platformId: 'custom',
      title: 'Spotify',
      icon: '/icons/spotify.svg',
    });
    expect(recogniseLink('https://www.instagram.com/p/C1a2b3c4/')).toMatchObject({
      platformId: 'custom',
      title: 'Instagram',
    });
    expect(recogniseLink('https://github.com/octocat/hello-world')).toMatchObject({
      platformId: 'custom',
      title: 'GitHub',
    });
    expect(recogniseLink('https://www.facebook.com/profile.php?id=100012345')).toMatchObject({
      platformId: 'custom',
      title: 'Facebook',
    });
  });

  it('any other website is titled by its host and keeps the address as typed, https:// added', () => {
    expect(recogniseLink('https://www.adalovelace.dev/portfolio')).toEqual({
      platformId: 'custom',
      username: 'https://www.adalovelace.dev/portfolio',
      title: 'adalovelace.dev',
      icon: '/icons/custom.svg',
    });
    expect(recogniseLink('example.com/cv')).toMatchObject({ username: 'https://example.com/cv', title: 'example.com' });
  });

  it("a host that only ends with a platform's letters is a website of its own, titled by its host", () => {
    for (const [pasted, host] of [
      ['https://evil-github.com/octocat', 'evil-github.com'],
      ['https://www.evil-github.com/octocat', 'evil-github.com'],
      ['notx.com/ada_l', 'notx.com'],
      ['https://fakeinstagram.com/ada.lovelace', 'fakeinstagram.com'],
      ['https://github.com.evil.example/octocat', 'github.com.evil.example'],
      ['https://evil-youtu.be/dQw4w9WgXcQ', 'evil-youtu.be'],
      ['https://ada.evilsubstack.com/', 'ada.evilsubstack.com'],
      // 'm.' is a phone's copy of a site, but m.me is Messenger's own host: mobile.me is not it.
      ['https://mobile.me/ada', 'mobile.me'],
    ] as const) {
      expect(recogniseLink(pasted), pasted).toEqual({
        platformId: 'custom',
        username: pasted.includes('://') ? pasted : `https://${pasted}`,
        title: host,
        icon: '/icons/custom.svg',
      });
    }
  });

  it("no look-alike of any platform's host wears its name or icon", () => {
    // Each platform's registered domain ('open.spotify.com' is spotify.com's, as any subdomain of it).
    const hosts = PLATFORMS.flatMap((platform) => {
      const host = /^https?:\/\/([^/?#]+)/.exec(platform.urlTemplate)?.[1];
      return host && host !== '{username}' ? [host.split('.').slice(-2).join('.')] : [];
    });
    expect(hosts.length).toBeGreaterThan(50);
    const worn = hosts.flatMap((host) =>
      [`evil-${host}`, `not${host}`, `${host}.evil.example`, `${host}-evil.example`].flatMap((fake) => {
        const found = recogniseLink(`https://${fake}/ada_l`);
        return found?.platformId === 'custom' && found.title === fake && found.icon === '/icons/custom.svg'
          ? []
          : [`${fake}: ${JSON.stringify(found)}`];
      }),
    );
    expect(worn).toEqual([]);
  });

  it("a platform's own subdomain is the platform's, a page that is no profile", () => {
    expect(recogniseLink('https://gist.github.com/octocat/6cad326836d38bd3a7ae')).toEqual({
      platformId: 'custom',
      username: 'https://gist.github.com/octocat/6cad326836d38bd3a7ae',
      title: 'GitHub',
      icon: '/icons/github.svg',
    });
    expect(recogniseLink('https://music.youtube.com/watch?v=abc')).toMatchObject({
      platformId: 'custom',
      title: 'YouTube',
      icon: '/icons/youtube.svg',
    });
    // Its profile is built on the platform's own host only.
    expect(recogniseLink('https://gist.github.com/octocat')).toMatchObject({ platformId: 'custom', title: 'GitHub' });
  });

  it('a bare handle or a word is no address', () => {
    for (const text of ['@ada', 'ada', 'my portfolio', '', 'javascript:alert(1)', '12345']) {
      expect(recogniseLink(text), text).toBeNull();
    }
  });
});
