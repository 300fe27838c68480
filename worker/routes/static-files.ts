import { Hono } from 'hono';
import type { AppEnv } from '../env';

// The SPA's static files. The assets layer answers a missing file with the app's index.html
// (the SPA fallback, with /assets' year-long immutable cache), which would hide a broken deploy
// and cache HTML as a script. These paths are sent to the Worker first (wrangler.toml,
// run_worker_first): the file is fetched from the assets binding, and the fallback page given
// for a file that does not exist becomes a plain 404.

const notFoundFile = () =>
  new Response('Not found', {
    status: 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  });

export const staticFiles = new Hono<AppEnv>().get('/*', async (c) => {
  if (!c.env.ASSETS) return notFoundFile();
  const response = await c.env.ASSETS.fetch(c.req.raw);
  const isFallbackPage = (response.headers.get('Content-Type') ?? '').startsWith('text/html');
  if (response.ok && isFallbackPage) return notFoundFile();
  // A copy: a fetched response's headers are immutable, and the middleware adds the request id.
  return new Response(response.body, response);
});
