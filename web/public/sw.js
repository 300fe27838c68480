// Cardlink service worker (docs/product.md §1: /sw.js, scope /).
// - Keeps the app shell (index.html and the hashed build assets) for offline use.
// - Navigations go to the network first; offline, the cached page answers: the prerendered landing
//   page for '/', the prerendered sign-in screens for theirs, the app's index.html (kept under
//   '/dashboard') for every other path.
// - API calls (/v1/), media (/media/) and server-rendered pages (/p/, /qr/) are never cached.
// Bump VERSION when this file's caching rules change: the new worker then takes control at
// once (skipWaiting + clients.claim), drops old caches, and the page reloads.
const VERSION = 'v3';
const CACHE = `cardlink-shell-${VERSION}`;
// '/' is the prerendered landing page; the app's index.html is kept under '/dashboard' (any app
// path answers it; '/index.html' itself answers a redirect, and a redirected response cannot
// answer a navigation).
const LANDING = '/';
const APP_SHELL = '/dashboard';
// The sign-in screens are rendered at build time, each its own page (build/prerender-auth.ts).
const AUTH_PAGES = ['/auth/login', '/auth/register', '/auth/forgot-password'];
const PAGES = [LANDING, APP_SHELL, ...AUTH_PAGES];
const SHELL = [...PAGES, '/favicon.svg', '/manifest.webmanifest', '/theme-init.js'];
// /admin: the Worker decides per person what it answers (the console or Page Not Found).
const NEVER = ['/v1/', '/media/', '/p/', '/qr/', '/admin'];

self.addEventListener('install', (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

// The shell plus every build chunk: the pages name their entry files, and the entries name the
// lazily loaded route chunks (as "assets/<name>-<hash>.js"), so every screen opens offline.
const ASSET = /\/?assets\/[\w.-]+\.(?:js|css)/g;

async function precache() {
  const cache = await caches.open(CACHE);
  await cache.addAll(SHELL);
  const pages = await Promise.all(PAGES.map(async (page) => (await cache.match(page)).text()));
  const html = pages.join('\n');
  const entries = [...new Set(html.match(ASSET) || [])].map((path) => `/${path.replace(/^\//, '')}`);
  const assets = new Set(entries);
  await Promise.allSettled(
    entries
      .filter((path) => path.endsWith('.js'))
      .map(async (path) => {
        const text = await (await fetch(path)).text();
        for (const found of text.match(ASSET) || []) assets.add(`/${found.replace(/^\//, '')}`);
      }),
  );
  // One missing chunk must not keep the worker from installing.
  await Promise.allSettled([...assets].map((path) => cache.add(path)));
}

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (NEVER.some((prefix) => url.pathname.startsWith(prefix))) return;

  if (request.mode === 'navigate') {
    event.respondWith(networkFirst(request));
  } else if (url.pathname.startsWith('/assets/')) {
    // Build assets carry a content hash in their name, so a cached copy never goes stale.
    event.respondWith(cacheFirst(request));
  }
});

async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  const path = new URL(request.url).pathname.replace(/\/$/, '') || LANDING;
  const page = path === LANDING || AUTH_PAGES.includes(path) ? path : APP_SHELL;
  try {
    const response = await fetch(request);
    if (response.ok && !response.redirected && (response.headers.get('content-type') || '').includes('text/html')) {
      await cache.put(page, response.clone());
    }
    return response;
  } catch (error) {
    const cached = await cache.match(page);
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}
