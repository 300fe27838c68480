import { Hono } from 'hono';
import type { AppEnv } from '../env';

// The landing page at /: its HTML is rendered at build time into landing.html (README, Decisions:
// the landing page). The assets layer would answer / with the app's index.html (an empty shell
// that draws the page only once its scripts have run), so / is sent to the Worker first
// (wrangler.toml, run_worker_first) and answered with the prerendered page.
export const landingPage = new Hono<AppEnv>().get('/', async (c) => {
  if (!c.env.ASSETS) return c.notFound();
  // The assets layer serves landing.html at /landing (its HTML handling drops the extension).
  const page = await c.env.ASSETS.fetch(new URL('/landing', c.req.url));
  if (!page.ok) return c.notFound();
  return new Response(page.body, {
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      // As the app's own pages: always revalidated, so a deploy shows at once.
      'Cache-Control': 'no-cache',
    },
  });
});
