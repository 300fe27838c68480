// Links that sell themselves, on a phone (decisions 0100 and 0101): six everyday links pasted into
// the Links editor get their pages' own titles and pictures (the pages served here, by a local
// server the Worker is pointed at with X-Page-Fetch-Via), a header with the video moved under it,
// Instagram in the social row, a scheduled, a sensitive link, and a YouTube address pasted with
// tracking junk stored and shown clean. A visitor's card then asks nothing of a third party until
// the player is tapped, and only then gets the youtube-nocookie.com frame.
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import sharp from 'sharp';
import { axeCollector } from '../harness/a11y.ts';
import { signedInAccount } from '../harness/api.ts';
import { equal, eventually, hidden, seeText, until, visible } from '../harness/expect.ts';
import type { Journey } from '../harness/journey.ts';
import { pressUntilShown } from '../harness/keys.ts';

const VIDEO_ID = 'dQw4w9WgXcQ';
const STUDIO = 'https://ada-studio.example';

/**
 * The six links as pasted, what their pages say, and the title each ends with. WhatsApp's page is
 * not there (wa.me answers 404 here): the link keeps its platform's name, with a quiet note.
 */
const LINKS = [
  {
    url: 'https://www.instagram.com/ada.lovelace/',
    page: '/www.instagram.com/ada.lovelace/',
    head: '<meta property="og:title" content="Ada Lovelace (@ada.lovelace) • Instagram photos and videos"><meta property="og:image" content="https://scontent.cdninstagram.com/v/ada-profile.jpg?stp=dst-jpg">',
    title: 'Ada Lovelace (@ada.lovelace) • Instagram photos and videos',
    picture: '/scontent.cdninstagram.com/v/ada-profile.jpg',
    colour: '#c13584',
  },
  {
    url: 'https://www.linkedin.com/in/ada-lovelace',
    page: '/www.linkedin.com/in/ada-lovelace',
    head: '<title>Ada Lovelace - Analyst - Analytical Engine | LinkedIn</title><meta property="og:image" content="https://media.licdn.com/dms/image/ada.jpg">',
    title: 'Ada Lovelace - Analyst - Analytical Engine | LinkedIn',
    picture: '/media.licdn.com/dms/image/ada.jpg',
    colour: '#0a66c2',
  },
  {
    url: `https://www.youtube.com/watch?v=${VIDEO_ID}&si=Xy12ab34Cd56&utm_source=share`,
    page: '/www.youtube.com/watch',
    head: `<title>Notes on the Engine - YouTube</title><meta property="og:title" content="Notes on the Analytical Engine"><meta property="og:image" content="https://i.ytimg.com/vi/${VIDEO_ID}/maxresdefault.jpg">`,
    title: 'Notes on the Analytical Engine',
    picture: `/i.ytimg.com/vi/${VIDEO_ID}/maxresdefault.jpg`,
    colour: '#ff0000',
  },
  {
    url: 'https://open.spotify.com/album/4aawyAB9vmqN3uQ7FjRGTy?si=k9QwErTy',
    page: '/open.spotify.com/album/4aawyAB9vmqN3uQ7FjRGTy',
    head: '<meta property="og:title" content="Sketches in Sound"><meta property="og:image" content="https://i.scdn.co/image/ab67616d0000b273.jpg">',
    title: 'Sketches in Sound',
    picture: '/i.scdn.co/image/ab67616d0000b273.jpg',
    colour: '#1db954',
  },
  { url: 'https://wa.me/441234567890', page: null, head: '', title: 'WhatsApp', picture: null, colour: '' },
  {
    url: `${STUDIO}/`,
    page: '/ada-studio.example/',
    head: '<title>Ada\'s Studio · Prints and drawings</title><meta property="og:image" content="/images/hero.jpg">',
    title: "Ada's Studio · Prints and drawings",
    // Relative, as many sites write it: read against the page's address.
    picture: '/images/hero.jpg',
    colour: '#334455',
  },
] as const;

const [instagram, , youtube, spotify, whatsapp, studio] = LINKS;
const CLEAN_VIDEO = `https://www.youtube.com/watch?v=${VIDEO_ID}`;
const HEADER = 'Watch and listen';

/** A picture as the page's host would send it: a real JPEG of 1200x630, the usual og:image size. */
const jpeg = (colour: string) =>
  sharp({ create: { width: 1200, height: 630, channels: 3, background: colour } })
    .jpeg({ quality: 85 })
    .toBuffer();

/**
 * The linked pages, as `/<host><path>` (what X-Page-Fetch-Via asks for), and their pictures. Each
 * request is noted, so the journey can tell the Worker read them.
 */
async function pageServer() {
  const pictures = new Map<string, Buffer>();
  for (const link of LINKS) if (link.picture) pictures.set(link.picture, await jpeg(link.colour));
  const asked: string[] = [];
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://local').pathname;
    asked.push(path);
    // The editor may build the address anew from what it recognised (instagram.com/ada.lovelace
    // for www.instagram.com/ada.lovelace/): the same page either way.
    const page = LINKS.find((link) => link.page && same(link.page) === same(path));
    if (page) {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      return res.end(`<!doctype html><html><head>${page.head}</head><body>Hello</body></html>`);
    }
    const picture = pictures.get(path);
    if (picture) {
      res.writeHead(200, { 'Content-Type': 'image/jpeg' });
      return res.end(picture);
    }
    res.writeHead(404, { 'Content-Type': 'text/html' });
    res.end('<title>Not found</title>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, asked, server };
}

const same = (path: string) => path.replace(/^\/www\./, '/').replace(/\/$/, '');
const closeServer = (server: HttpServer) => new Promise<void>((resolve) => server.close(() => resolve()));
const pad = (n: number) => String(n).padStart(2, '0');

export const linksThatSell: Journey = {
  name: 'links that sell: six pasted links with their pages’ titles and pictures, a player on tap',
  timeoutMs: 300_000,
  async run(t) {
    const { page, app, context, browser, outDir } = t;
    const axe = axeCollector(t, 'light and dark');
    const pages = await pageServer();
    try {
      const username = t.unique('sell');
      const { api } = await signedInAccount(context, app, username, 'Ada Lovelace');
      // Every request of the dashboard carries it; the Worker then reads every linked page from
      // the local server (development only: worker/services/link-preview/rules.ts).
      await page.setExtraHTTPHeaders({ 'X-Page-Fetch-Via': pages.origin });
      const list = page.getByRole('list', { name: 'Your Links' });
      const row = (title: string) => list.getByRole('listitem').filter({ has: page.getByText(title, { exact: true }) });
      const listTitles = () => list.getByRole('listitem').locator('p.font-medium').allTextContents();
      /** The picture has arrived and been drawn (a broken one has no natural width). */
      const drawn = (img: ReturnType<typeof page.locator>) =>
        img.evaluate((node) => {
          const picture = node as unknown as { complete: boolean; naturalWidth: number };
          return picture.complete && picture.naturalWidth > 0;
        });

      await t.step('six links pasted: each page’s title and picture in the form, then in the list', async () => {
        await page.goto(`${app.baseUrl}/dashboard/links`);
        await visible(page.getByText("You don't have any links yet"));
        const form = page.getByRole('region', { name: 'Add New Link' });
        for (const link of LINKS) {
          await page.getByRole('button', { name: 'New Link', exact: true }).click();
          await form.getByLabel('Link', { exact: true }).fill(link.url);
          const title = form.getByLabel('Title', { exact: true });
          await eventually(() => title.inputValue(), link.title, `the title of ${link.url}`);
          const thumbnail = form.getByTestId('link-thumbnail');
          if (link.colour) {
            const img = thumbnail.getByRole('img', { name: 'Thumbnail' });
            await visible(img);
            await eventually(() => drawn(img), true, `the picture of ${link.url} drawn in the form`);
          } else {
            await visible(
              thumbnail.getByText("We couldn't read this page, so its title and picture were left as they are."),
            );
            equal(await thumbnail.getByRole('img').count(), 0, 'no picture for a page that could not be read');
          }
          if (link === youtube) await form.getByRole('radio', { name: 'Player (tap to play)' }).check();
          if (link === studio)
            await page.screenshot({ path: join(outDir, 'phone-form-thumbnail.png'), fullPage: true });
          await form.getByRole('button', { name: 'Add Link' }).click();
          await hidden(form);
          await visible(row(link.title));
        }
        equal(
          await listTitles(),
          LINKS.map((link) => link.title),
          'the six, with their pages’ titles, in order',
        );
        for (const link of LINKS.filter((l) => l.colour)) {
          const img = row(link.title).locator('img[data-link-thumbnail]');
          await eventually(() => drawn(img), true, `the picture of ${link.title} in the list`);
        }
        for (const asked of [youtube.page, spotify.page, studio.page, youtube.picture, studio.picture])
          equal(pages.asked.map(same).includes(same(asked)), true, `the Worker read ${asked} from the local server`);
      });

      await t.step('the address pasted with ?si= and utm_source= is stored and shown clean', async () => {
        const stored = await api.get<{ data: { title: string; url: string; thumbnail_url: string | null }[] }>(
          '/v1/user/links?all=true',
        );
        const video = stored.data.find((link) => link.title === youtube.title);
        equal(video?.url, CLEAN_VIDEO, 'stored without si and utm_source');
        equal(
          stored.data.find((link) => link.title === spotify.title)?.url,
          'https://open.spotify.com/album/4aawyAB9vmqN3uQ7FjRGTy',
          'the album stored without si',
        );
        // The thumbnails are this card's own copies, never the page's address.
        for (const link of stored.data.filter((l) => l.thumbnail_url))
          equal(new URL(link.thumbnail_url!).origin, app.baseUrl, `${link.title}'s thumbnail served by the card`);
        // The phone's line (its wider twin is hidden at 390 px).
        await visible(row(youtube.title).getByText('youtube.com/watch', { exact: true }).filter({ visible: true }));
        const rows = (await list.allTextContents()).join(' ');
        for (const junk of ['si=', 'utm_', '?']) equal(rows.includes(junk), false, `no ${junk} in the list`);
        await page.screenshot({ path: join(outDir, 'phone-editor-thumbnails.png'), fullPage: true });
      });
      await axe.here('links with their pictures on a phone');

      await t.step('a header added, and the video moved under it with the keyboard', async () => {
        await page.getByRole('button', { name: 'Add header' }).click();
        const form = page.getByRole('region', { name: 'Add Header' });
        await form.getByLabel('Header').fill(HEADER);
        await form.getByRole('button', { name: 'Add header' }).click();
        await seeText(page, 'Link created successfully');
        await eventually(listTitles, [...LINKS.map((link) => link.title), HEADER], 'the header last');
        const handle = () => page.getByRole('button', { name: `Reorder ${youtube.title}`, exact: true });
        await handle().focus();
        await eventually(() => handle().getAttribute('aria-roledescription'), 'sortable', 'drag and drop loaded');
        await page.keyboard.press('Space');
        await visible(page.getByText(`${youtube.title} is over position 3 of 7.`, { exact: true }));
        // An arrow lost while drag and drop still measures the lifted row is pressed again; a late
        // one may already have moved it on, so any place further down will do until the last.
        for (const position of [4, 5, 6, 7]) {
          const title = youtube.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
          const further = new RegExp(`^${title} is over position [${position}-7] of 7\\.$`);
          await pressUntilShown(page, 'ArrowDown', page.getByText(further), `${youtube.title} at ${position} or lower`);
        }
        await visible(page.getByText(`${youtube.title} is over position 7 of 7.`, { exact: true }));
        await page.keyboard.press('Space');
        const [a, b, , d, e, f] = LINKS.map((link) => link.title);
        await eventually(listTitles, [a, b, d, e, f, HEADER, youtube.title], 'the video under the header');
      });

      // A row's Edit, pressed again if a save's refetch redrew the list under the first press.
      const openEdit = async (title: string) => {
        const form = page.getByRole('region', { name: 'Edit Link' });
        await hidden(form);
        await until(async () => {
          if (await form.isVisible()) return true;
          await page.getByRole('button', { name: `Edit ${title}`, exact: true }).click();
          return form.waitFor({ state: 'visible', timeout: 5_000 }).then(
            () => true,
            () => false,
          );
        }, `the form open for ${title}`);
        await visible(form.getByLabel('Starts'));
        return form;
      };

      const tomorrow = new Date();
      tomorrow.setDate(tomorrow.getDate() + 1);
      const local = `${tomorrow.getFullYear()}-${pad(tomorrow.getMonth() + 1)}-${pad(tomorrow.getDate())}T09:00`;
      await t.step('Instagram in the social row; the album scheduled for tomorrow; the studio sensitive', async () => {
        await visible(row(instagram.title).getByText('Social row', { exact: true }));
        const album = await openEdit(spotify.title);
        await album.getByLabel('Starts').fill(local);
        await album.getByRole('button', { name: 'Update Link' }).click();
        await seeText(page, 'Link updated successfully');
        await visible(row(spotify.title).getByText(/^Starts \d{1,2} \w{3}, 09:00$/));
        const site = await openEdit(studio.title);
        await site.getByRole('switch', { name: 'Content for adults' }).click();
        await site.getByRole('button', { name: 'Update Link' }).click();
        await seeText(page, 'Link updated successfully');
        await visible(row(studio.title).getByText('For adults', { exact: true }));
      });
      await axe.here('links with a header, a schedule and a warning');

      const visitor = await browser.newContext({
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      });
      try {
        // Nothing leaves the machine: any third party's host answers here, and is noted.
        const requested: string[] = [];
        const outside: string[] = [];
        await visitor.route(
          (url) => !url.href.startsWith(app.baseUrl),
          (route) => {
            outside.push(route.request().url());
            const url = new URL(route.request().url());
            if (url.hostname === 'www.youtube-nocookie.com')
              return route.fulfill({ status: 200, contentType: 'text/html', body: '<p>The player</p>' });
            if (url.origin === STUDIO)
              return route.fulfill({ status: 200, contentType: 'text/html', body: "<h1>Ada's Studio</h1>" });
            return route.abort();
          },
        );
        const card = await visitor.newPage();
        card.on('request', (request) => requested.push(request.url()));
        await t.step('the card: the social row, the header, the player face, no scheduled album', async () => {
          await card.goto(`${app.baseUrl}/p/${username}`);
          const social = card.getByRole('list', { name: 'Social profiles' });
          await visible(social.locator('a[href="https://instagram.com/ada.lovelace"]'));
          await visible(social.locator('a[href*="linkedin.com/in/ada-lovelace"]'));
          await visible(card.getByRole('heading', { name: HEADER, level: 2 }));
          equal(await card.getByText(spotify.title).count(), 0, 'the album scheduled for tomorrow is absent');
          equal(await card.locator('a[href*="open.spotify.com"]').count(), 0, 'nor its address');
          const face = card.locator('a.player');
          await visible(face);
          equal(await face.getAttribute('href'), CLEAN_VIDEO, 'the face links to the clean address');
          await eventually(() => drawn(face.locator('img')), true, 'the thumbnail drawn on the face');
          await visible(card.getByRole('link', { name: whatsapp.title }));
          await card.waitForLoadState('networkidle');
          await card.screenshot({ path: join(outDir, 'phone-card-player-social.png'), fullPage: true });
          equal(outside, [], 'nothing asked of a third party before a tap');
          equal(
            requested.filter((url) => !url.startsWith(app.baseUrl)),
            [],
            'every request of the card page went to the card',
          );
          equal(await card.locator('iframe').count(), 0, 'no frame before a tap');
        });
        await t.step('axe on the card', async () => {
          const { axeInSchemes } = await import('../harness/a11y.ts');
          t.axe.found.push(
            ...(await axeInSchemes(card, 'the card with a player and a social row', 'light and dark', true)),
          );
        });

        await t.step('a tap on the player: only then the youtube-nocookie.com frame', async () => {
          await card.locator('a.player').tap();
          const frame = card.locator('iframe');
          await visible(frame);
          equal(
            await frame.getAttribute('src'),
            `https://www.youtube-nocookie.com/embed/${VIDEO_ID}?autoplay=1`,
            'the privacy-enhanced embed',
          );
          await until(() => outside.length > 0, 'the frame asked for');
          equal(
            outside.map((url) => new URL(url).hostname),
            ['www.youtube-nocookie.com'],
            'the embed the one third party, after the tap',
          );
          equal(card.url(), `${app.baseUrl}/p/${username}`, 'the visitor stayed on the card');
        });

        await t.step('the sensitive studio: its interstitial, and Continue on to the site', async () => {
          const href = await card
            .getByRole('link', { name: new RegExp(studio.title.slice(0, 12)) })
            .getAttribute('href');
          equal(href?.startsWith('/leaving/'), true, 'the studio goes to the warning first');
          await card.goto(`${app.baseUrl}${href}`);
          await visible(card.getByText('This link may contain content for adults. Continue?'));
          await card.getByRole('link', { name: 'Continue' }).click();
          await card.waitForURL(`${STUDIO}/`);
          await visible(card.getByRole('heading', { name: "Ada's Studio" }));
        });
      } finally {
        await visitor.close();
      }
      await axe.assertNone();
    } finally {
      await closeServer(pages.server);
    }
  },
};
