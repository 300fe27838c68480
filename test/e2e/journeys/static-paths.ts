// What the deployed assets layer answers for files, seen from outside: a missing script, font or
// island file is a 404 (not the app page under a year-long cache), robots.txt and favicon.ico are
// what they say, and a real asset is still served.
import { equal } from '../harness/expect.ts';
import type { Journey } from '../harness/journey.ts';

export const staticPaths: Journey = {
  name: 'static paths answer 404 when missing; robots.txt and favicon.ico are real',
  async run(t) {
    const { app } = t;
    const get = (path: string) => fetch(`${app.baseUrl}${path}`, { headers: { 'Sec-Fetch-Mode': 'no-cors' } });

    await t.step('missing files are 404, not the app page', async () => {
      for (const path of ['/assets/missing.js', '/fonts/missing.woff2', '/card/missing.js', '/assets/x/../y.css']) {
        const res = await get(path);
        equal(res.status, 404, `${path} status`);
        equal((res.headers.get('Content-Type') ?? '').startsWith('text/html'), false, `${path} is not HTML`);
        equal((res.headers.get('Cache-Control') ?? '').includes('immutable'), false, `${path} is not cached forever`);
      }
    });

    await t.step('robots.txt allows cards and keeps crawlers out of the dashboard and API', async () => {
      const res = await get('/robots.txt');
      equal(res.status, 200, 'robots.txt status');
      equal(res.headers.get('Content-Type')?.startsWith('text/plain'), true, 'robots.txt type');
      const text = await res.text();
      for (const line of ['Allow: /p/', 'Disallow: /dashboard', 'Disallow: /v1/']) {
        equal(text.split('\n').includes(line), true, `robots.txt has "${line}"`);
      }
    });

    await t.step('favicon.ico is an icon; real assets are still served', async () => {
      const icon = await get('/favicon.ico');
      equal(icon.status, 200, 'favicon status');
      equal([...new Uint8Array(await icon.arrayBuffer()).slice(0, 4)], [0, 0, 1, 0], 'an ICO header');
      const page = await (await get('/')).text();
      const script = /\/assets\/[^"]+\.js/.exec(page)?.[0];
      equal(Boolean(script), true, 'the app page names its script');
      const asset = await get(script!);
      equal(asset.status, 200, 'the script status');
      equal(asset.headers.get('Cache-Control'), 'public, max-age=31536000, immutable', 'the script cache');
      equal((await get('/card/island.js')).status, 200, 'the island');
    });
  },
};
