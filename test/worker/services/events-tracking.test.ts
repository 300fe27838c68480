import { env, SELF } from 'cloudflare:test';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { apiWith } from '../auth-helpers';
import { channelOf, deviceClass, referrerHost } from '../../../worker/services/events/request-facts';
import { ORIGIN } from '../helpers';
import { secret } from '../../../worker/lib/config';
import { signAccessToken } from '../../../worker/lib/tokens';
import { bufferedKeys, click, countsOf, stats, tick, UA, view, visitor } from './events-helpers';
import { type Owner, createCard } from '../page-helpers';
import { ACCESS_COOKIE } from '@shared/session-cookies';

let owner: Owner;
beforeAll(async () => {
  owner = await createCard({ links: 1 });
});

describe('what counts', () => {
  it("does not count the owner's own views and clicks (bearer token or the dashboard's cookie)", async () => {
    const card = await createCard({ links: 1 });
    const bearer = { ...visitor(1), Authorization: `Bearer ${card.token}` };
    const cookie = { ...visitor(2), Cookie: `theme=dark; ${ACCESS_COOKIE}=${encodeURIComponent(card.token)}` };
    expect(await view(card.username, bearer)).toBe(200);
    expect(await view(card.username, cookie)).toBe(200);
    expect(await click(card.linkIds[0]!, cookie)).toBe(204);
    // Someone else signed in is a visitor like any other.
    expect(await view(card.username, { ...visitor(3), Authorization: `Bearer ${owner.token}` })).toBe(200);
    expect(await bufferedKeys(card.id)).toHaveLength(1);
    expect(await stats(card.token)).toMatchObject({ profile_views: 1, link_clicks: 0, unique_visitors: 1 });
  });

  it('recognises the owner by a token that expired while the dashboard sat idle, for 30 days', async () => {
    const card = await createCard({ links: 1 });
    const jwtSecret = secret(env, 'JWT_SECRET');
    const idle = await signAccessToken(card.id, jwtSecret, Date.now() - 60 * 60 * 1000);
    const stale = await signAccessToken(card.id, jwtSecret, Date.now() - 31 * 24 * 60 * 60 * 1000);
    // The hour-old token is refused by the API, yet still says whose card this is.
    expect(
      (await SELF.fetch(`${ORIGIN}/v1/user/profile`, { headers: { Authorization: `Bearer ${idle}` } })).status,
    ).toBe(401);
    expect(await view(card.username, { ...visitor(1), Cookie: `${ACCESS_COOKIE}=${encodeURIComponent(idle)}` })).toBe(
      200,
    );
    expect(await click(card.linkIds[0]!, { ...visitor(1), Authorization: `Bearer ${idle}` })).toBe(204);
    expect(await bufferedKeys(card.id)).toHaveLength(0);
    // A month-old one no longer does: that viewer is counted like anyone else.
    expect(await view(card.username, { ...visitor(2), Cookie: `${ACCESS_COOKIE}=${encodeURIComponent(stale)}` })).toBe(
      200,
    );
    expect(await bufferedKeys(card.id)).toHaveLength(1);
  });

  it('counts only a GET: a HEAD of the JSON card or of a click is answered and not recorded', async () => {
    const card = await createCard({ links: 1 });
    const head = await SELF.fetch(`${ORIGIN}/v1/p/${card.username}`, { method: 'HEAD', headers: visitor(1) });
    expect(head.status).toBe(200);
    const headClick = await SELF.fetch(`${ORIGIN}/v1/link/${card.linkIds[0]}/click`, {
      method: 'HEAD',
      headers: visitor(1),
    });
    expect(headClick.status).toBe(204);
    expect(await bufferedKeys(card.id)).toHaveLength(0);
    expect(await view(card.username, visitor(1))).toBe(200);
    expect(await bufferedKeys(card.id)).toHaveLength(1);
  });

  it('counts a visitor whose access cookie is not valid percent-encoding as anonymous', async () => {
    const card = await createCard({ links: 1 });
    const errors = vi.spyOn(console, 'error');
    try {
      expect(await view(card.username, { ...visitor(1), Cookie: `${ACCESS_COOKIE}=%E0%A4%A` })).toBe(200);
      expect(await click(card.linkIds[0]!, { ...visitor(1), Cookie: `${ACCESS_COOKIE}=%E0%A4%A; theme=dark` })).toBe(
        204,
      );
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
    expect(await bufferedKeys(card.id)).toHaveLength(2);
    expect(await stats(card.token)).toMatchObject({ profile_views: 1, link_clicks: 1, unique_visitors: 1 });
  });

  it('still serves the card when the event cannot be recorded (a missing VISITOR_SALT in production)', async () => {
    const card = await createCard({ links: 1 });
    const res = await apiWith({ ENVIRONMENT: 'production' }, `/v1/p/${card.username}`, { headers: visitor(1) });
    expect(res.status).toBe(200);
    expect(res.body.data.username).toBe(card.username);
    expect(await bufferedKeys(card.id)).toHaveLength(0);
  });

  it('records nothing for a missing or private card or an unknown link', async () => {
    const card = await createCard({ links: 1 });
    await env.DB.prepare('UPDATE profiles SET is_active = 0 WHERE user_id = ?').bind(card.id).run();
    expect(await view(card.username, visitor(1))).toBe(403);
    expect(await click(card.linkIds[0]!, visitor(1))).toBe(404);
    expect(await view('nobody-here', visitor(1))).toBe(404);
    expect(await click(999_999, visitor(1))).toBe(404);
    expect(await bufferedKeys(card.id)).toHaveLength(0);
  });
});

describe('event details', () => {
  it('classifies devices', () => {
    expect(deviceClass(UA.desktop)).toBe('desktop');
    expect(deviceClass(UA.iphone)).toBe('mobile');
    expect(deviceClass(UA.android)).toBe('mobile');
    expect(deviceClass(UA.ipad)).toBe('tablet');
    expect(deviceClass('Mozilla/5.0 (Linux; Android 14; SM-X910) AppleWebKit/537.36 Chrome/131.0 Safari/537.36')).toBe(
      'tablet',
    );
  });

  it('reads the channel from ?src=, utm_source, the card page behind an API call, or the referrer', () => {
    const at = (url: string, headers: Record<string, string> = {}) => {
      const request = new Request(url, { headers });
      return channelOf(request, referrerHost(request));
    };
    expect(at('https://card.test/p/ann?src=qr')).toBe('qr');
    expect(at('https://card.test/p/ann?src=NFC')).toBe('nfc');
    expect(at('https://card.test/p/ann?src=billboard')).toBe('direct');
    expect(at('https://card.test/p/ann?utm_source=News Letter!')).toBe('newsletter');
    expect(at('https://card.test/v1/p/ann', { Referer: 'https://card.test/p/ann?src=email' })).toBe('email');
    expect(at('https://card.test/v1/link/1/click', { Referer: 'https://card.test/p/ann?src=link' })).toBe('link');
    // Another site's ?src= is not ours to read; it is a referral.
    expect(at('https://card.test/v1/p/ann', { Referer: 'https://other.example/x?src=qr' })).toBe('referral');
    expect(at('https://card.test/p/ann', { Referer: 'https://www.instagram.com/' })).toBe('referral');
    expect(at('https://card.test/p/ann', { Referer: 'android-app://com.linkedin.android/' })).toBe('referral');
    expect(at('https://card.test/p/ann')).toBe('direct');
  });

  it('keeps only the host of an outside referrer', () => {
    const host = (url: string, referer?: string) =>
      referrerHost(new Request(url, { headers: referer ? { Referer: referer } : {} }));
    expect(host('https://card.test/p/ann', 'https://example.org/page?u=secret&e=token')).toBe('example.org');
    expect(host('https://card.test/v1/p/ann', 'https://card.test/p/ann')).toBeNull();
    expect(host('https://card.test/v1/p/ann?ref=t.co', 'https://card.test/p/ann')).toBe('x.com');
    expect(host('https://card.test/v1/p/ann', 'https://card.test/p/ann?ref=news.ycombinator.com')).toBe(
      'news.ycombinator.com',
    );
    expect(host('https://card.test/p/ann', 'not a url')).toBeNull();
    // Chrome on Android names the app that opened the card by its package.
    expect(host('https://card.test/p/ann', 'android-app://com.google.android.gm/')).toBe('mail.google.com');
    expect(host('https://card.test/p/ann', 'android-app://org.example.reader/')).toBe('org.example.reader');
    expect(host('https://card.test/p/ann', 'javascript://alert(1)')).toBeNull();
  });

  it('names a network once, whether its app, its site, a mobile host or its link shim sent the visitor', () => {
    const host = (referer: string) =>
      referrerHost(new Request('https://card.test/p/ann', { headers: { Referer: referer } }));
    const sites: [site: string, referers: string[]][] = [
      [
        'instagram.com',
        [
          'https://www.instagram.com/ann',
          'https://l.instagram.com/?u=https%3A%2F%2Fcard.test%2Fp%2Fann&e=token',
          'https://instagram.com/',
          'android-app://com.instagram.android/',
        ],
      ],
      [
        'facebook.com',
        ['https://lm.facebook.com/l.php?u=x', 'https://m.facebook.com/', 'android-app://com.facebook.katana/'],
      ],
      [
        'x.com',
        ['https://t.co/abc', 'https://twitter.com/ann', 'https://x.com/ann', 'android-app://com.twitter.android/'],
      ],
      ['linkedin.com', ['https://www.linkedin.com/feed/', 'https://lnkd.in/abc']],
      ['youtube.com', ['https://m.youtube.com/watch?v=1']],
      ['whatsapp.com', ['https://web.whatsapp.com/']],
      ['reddit.com', ['https://out.reddit.com/t3_1']],
    ];
    for (const [site, referers] of sites) for (const referer of referers) expect(host(referer), referer).toBe(site);
    // What is left must still be a site: m.me and l.co keep their names; other subdomains stay apart.
    expect(host('https://m.me/ann')).toBe('m.me');
    expect(host('https://l.co/x')).toBe('l.co');
    expect(host('https://news.ycombinator.com/item?id=1')).toBe('news.ycombinator.com');
    expect(host('https://mail.google.com/mail/u/0/')).toBe('mail.google.com');
  });

  it('carries country, device, channel and referrer into the statistics', async () => {
    const card = await createCard({ links: 1 });
    await view(card.username, visitor(1), { query: '?src=qr', country: 'DE' });
    await view(card.username, { ...visitor(2), Referer: 'https://www.instagram.com/ann' }, { country: 'FR' });
    await view(card.username, visitor(3), { country: 'XX' });
    await click(card.linkIds[0]!, { ...visitor(1), Referer: `https://card.test/p/${card.username}?src=qr` });
    const data = await stats(card.token);
    expect(data.channels).toEqual([
      { name: 'qr', views: 1, clicks: 1 },
      { name: 'direct', views: 1, clicks: 0 },
      { name: 'referral', views: 1, clicks: 0 },
    ]);
    expect(data.referrers).toEqual([{ name: 'instagram.com', views: 1, clicks: 0 }]);
    expect(data.countries).toEqual(
      expect.arrayContaining([
        { name: 'DE', views: 1, clicks: 0 },
        { name: 'FR', views: 1, clicks: 0 },
        { name: 'unknown', views: 1, clicks: 1 },
      ]),
    );
    // visitor 1: iPhone, 2: Android phone, 3: iPad.
    expect(data.devices).toEqual([
      { name: 'mobile', views: 2, clicks: 1 },
      { name: 'tablet', views: 1, clicks: 0 },
    ]);
  });
});

describe('the cron trigger', () => {
  it('drains the buffer and prunes day-old sign-in attempts', async () => {
    await view(owner.username, visitor(9));
    await env.DB.prepare("INSERT INTO auth_attempts (kind, subject, created_at) VALUES ('login_failure', ?, ?)")
      .bind('old@example.com', Date.now() - 2 * 86_400_000)
      .run();
    await tick();
    expect(await bufferedKeys(owner.id)).toHaveLength(0);
    // Folded into the card's counting database.
    const folded = await (
      await countsOf(owner.id)
    )
      .prepare('SELECT sum(views) AS views FROM daily_stats WHERE user_id = ?')
      .bind(owner.id)
      .first();
    expect(folded).toEqual({ views: 1 });
    const attempts = await env.DB.prepare(
      "SELECT count(*) AS n FROM auth_attempts WHERE subject = 'old@example.com'",
    ).first();
    expect(attempts).toEqual({ n: 0 });
  });
});
