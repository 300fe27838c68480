import { beforeAll, describe, expect, inject, it } from 'vitest';
import { fetchLimited, isHtml, PAGE_MAX_BYTES } from '../../../worker/services/link-preview/fetch-page';
import { PAGE_NOT_READ } from '../../../worker/services/link-preview/preview';
import { refusedFetch } from '../../../worker/lib/outbound-url';
import { api, ORIGIN, registerUser } from '../helpers';

// The link preview's fetcher against a local page server (test/worker/page-server.ts): what it
// reads, and every page it must leave alone without an error (docs/product.md §2, Links).

const pages = inject('pageServer');
const development = { development: true, ownHosts: ['card.test', 'localhost', '127.0.0.1', '::1'] };
const production = { development: false, ownHosts: ['card.test'] };

let alice: Awaited<ReturnType<typeof registerUser>>;
beforeAll(async () => {
  alice = await registerUser();
});

const preview = (url: string, token = alice.token) =>
  api('/v1/user/links/preview', { method: 'POST', token, json: { url } });

describe('POST /v1/user/links/preview', () => {
  it("reads the page's Open Graph title and makes its image a thumbnail on this site", async () => {
    const res = await preview(`${pages}/article`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ title: 'Ada & the Engine', note: null });
    const thumbnail = new URL(res.body.data.thumbnail_url);
    expect(thumbnail.origin).toBe(ORIGIN);
    expect(thumbnail.pathname).toMatch(/^\/media\/thumbs\/[0-9a-f]{32}\/[0-9a-f]{32}\/640\.jpg$/);
  });

  it('reads the <title> when there is no Open Graph title, on one line', async () => {
    const res = await preview(`${pages}/title-only`);
    expect(res.body.data).toMatchObject({ title: 'Only a title', thumbnail_url: null, note: null });
  });

  it.each([
    ['a 404', '/missing'],
    ['a PDF', '/document.pdf'],
    ['a 5 MB page whose title comes after 512 KB', '/huge'],
    ['a page slower than 3 s', '/slow'],
    ['a redirect to a private address', '/redirect?to=http://10.0.0.5/admin'],
    ['a redirect to this deployment', `/redirect?to=${encodeURIComponent(`${ORIGIN}/v1/user/profile`)}`],
    ['a redirect to the cloud metadata address', '/redirect?to=http://169.254.169.254/latest/meta-data'],
    ['more than 3 redirects', '/hops?n=4'],
    ['a redirect to localhost.', `/redirect?to=${encodeURIComponent('http://localhost.:1/')}`],
    ['a redirect to an IPv6 loopback', `/redirect?to=${encodeURIComponent('http://[::1]:1/')}`],
  ])('leaves %s alone with a quiet note, never an error', async (_, path) => {
    const started = Date.now();
    const res = await preview(`${pages}${path}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ title: null, thumbnail_url: null, note: PAGE_NOT_READ });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('follows up to 3 redirects, each checked', async () => {
    const res = await preview(`${pages}/hops?n=2`);
    expect(res.body.data.title).toBe('Ada & the Engine');
  });

  it('is refused without a session and with a bad address, storing nothing', async () => {
    expect((await preview(`${pages}/article`, '')).status).toBe(401);
    const bad = await preview('javascript:alert(1)');
    expect(bad.status).toBe(422);
    expect(bad.body.errors.url).toEqual(['URL must start with http://, https://, mailto: or tel:']);
  });
});

describe('the fetcher under production rules', () => {
  it('refuses the local page server, which development allows', async () => {
    expect((await fetchLimited(`${pages}/article`, production, isHtml, PAGE_MAX_BYTES)).ok).toBe(false);
    expect((await fetchLimited(`${pages}/article`, development, isHtml, PAGE_MAX_BYTES)).ok).toBe(true);
  });

  it('reads at most 512 KB of a page', async () => {
    const read = await fetchLimited(`${pages}/huge`, development, isHtml, PAGE_MAX_BYTES);
    expect(read.ok && read.bytes.byteLength).toBe(PAGE_MAX_BYTES);
    expect(read.ok && read.complete).toBe(false);
  });

  // Development allows the loopback origin first asked (the page server) and no other, so these
  // hops are refused by the guard, not merely unanswered.
  it.each([
    ['localhost.', 'http://localhost.:1/'],
    ['an IPv6 loopback', 'http://[::1]:1/'],
    ['an IPv4-mapped loopback', 'http://[::ffff:7f00:1]:1/'],
    ['another loopback port', 'http://127.0.0.1:1/'],
  ])('refuses a redirect to %s', async (_, to) => {
    const hop = await fetchLimited(
      `${pages}/redirect?to=${encodeURIComponent(to)}`,
      development,
      isHtml,
      PAGE_MAX_BYTES,
    );
    expect(hop).toEqual({ ok: false, reason: 'refused: a loopback address' });
  });
});

describe('the page-fetch guard', () => {
  const refused = (address: string, rules = production) => refusedFetch(new URL(address), rules);
  it.each([
    'http://localhost/',
    'http://localhost./',
    'http://LOCALHOST../x',
    'http://foo.localhost/',
    'http://127.0.0.1/',
    'http://2130706433/',
    'http://0x7f.1/',
    'http://[::1]/',
    'http://[0:0:0:0:0:0:0:1]/',
    'http://[::ffff:127.0.0.1]/',
  ])('refuses the loopback address %s in production', (address) => {
    expect(refused(address)).toBe('a loopback address');
  });

  it.each([
    'http://10.1.2.3/',
    'http://172.16.0.1/',
    'http://192.168.1.1/',
    'http://169.254.169.254/',
    'http://100.64.0.1/',
    'http://0.0.0.0/',
    'http://[fe80::1]/',
    'http://[fd00::1]/',
    'http://[::ffff:10.0.0.1]/',
    'http://[64:ff9b::a00:1]/',
    'http://[::]/',
    'http://metadata/',
  ])('refuses the private or reserved address %s, in development too', (address) => {
    expect(refused(address)).toBe('a private or reserved address');
    expect(refused(address, development)).toBe('a private or reserved address');
  });

  it('refuses this deployment, credentials, other schemes and unusual ports', () => {
    expect(refused('https://card.test/v1/user/profile')).toBe('this deployment');
    expect(refused('https://CARD.TEST./')).toBe('this deployment');
    expect(refused('https://user:pass@example.com/')).toBe('an address with credentials');
    expect(refused('ftp://example.com/')).toBe('not a web address');
    expect(refused('https://example.com:6379/')).toBe('an unusual port');
    expect(refused('https://printer.local/')).toBe('a private network name');
  });

  it('lets a public page through, and loopback only in development', () => {
    expect(refused('https://www.youtube.com/watch?v=x')).toBeNull();
    expect(refused('https://[2606:4700::1111]/')).toBeNull();
    expect(refused('http://127.0.0.1:8080/', development)).toBeNull();
    expect(refused('http://[::1]:8080/', development)).toBeNull();
  });
});
