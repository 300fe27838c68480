// Runs once in Node before the worker tests: a local stand-in for the pages links point at, with
// the answers real sites give (a page with Open Graph tags, a 404, a PDF, a 5 MB page, a slow
// page, redirects to places the Worker must not go). Its origin reaches the tests through
// `inject('pageServer')`; the Worker reaches it because loopback is allowed in development.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** http://127.0.0.1:<port> of the page server. */
    pageServer: string;
  }
}

const html = (res: ServerResponse, body: string, status = 200) => {
  res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' });
  res.end(body);
};

export default async function setup(project: TestProject) {
  // A real photo-sized JPEG with Exif-free pixels, 1280x720: what a video page offers.
  const picture = await sharp({ create: { width: 1280, height: 720, channels: 3, background: '#cc3344' } })
    .jpeg({ quality: 92 })
    .toBuffer();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    const path = url.pathname;
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // Any host's page under /<host>/...: how the development header X-Page-Fetch-Via asks for it.
    const page = path.replace(/^\/(?:www\.)?(?:youtube\.com|example\.org)(?=\/)/, '');
    if (page === '/watch' || page === '/article')
      return html(
        res,
        `<!doctype html><html><head><title>Fallback title</title>
        <meta property="og:title" content="Ada &amp; the Engine ${url.searchParams.get('v') ?? ''}">
        <meta property="og:image" content="/picture.jpg"></head><body>Hello</body></html>`,
      );
    if (page === '/title-only') return html(res, '<html><head><title>  Only a\n title </title></head></html>');
    if (path === '/picture.jpg' || path.endsWith('/picture.jpg')) {
      res.writeHead(200, { 'Content-Type': 'image/jpeg' });
      return res.end(picture);
    }
    if (path === '/missing') return html(res, '<title>Not here</title>', 404);
    if (path === '/document.pdf') {
      res.writeHead(200, { 'Content-Type': 'application/pdf' });
      return res.end('%PDF-1.4 <title>Not a page</title>');
    }
    if (path === '/huge') {
      // 5 MB of body before the title: a reader that stops at 512 KB never sees it.
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.write('<html><head>');
      const block = `<!-- ${'x'.repeat(64 * 1024 - 9)} -->`;
      for (let i = 0; i < 80; i++) res.write(block);
      return res.end('<title>Past the limit</title></head></html>');
    }
    if (path === '/slow') {
      const timer = setTimeout(() => html(res, '<title>Too late</title>'), 6_000);
      res.on('close', () => clearTimeout(timer));
      return;
    }
    if (path === '/redirect') {
      res.writeHead(302, { Location: url.searchParams.get('to') ?? '/' });
      return res.end();
    }
    if (path === '/hops') {
      const left = Number(url.searchParams.get('n') ?? '0');
      res.writeHead(302, { Location: left > 0 ? `${origin}/hops?n=${left - 1}` : '/article' });
      return res.end();
    }
    html(res, '<title>Unknown</title>', 404);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  project.provide('pageServer', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
