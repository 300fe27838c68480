import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportShownView } from '../../web/src/island/views';
import { calls, server } from './api/server';

type Navigation = { deliveryType?: string; activationStart?: number };

/** How the browser says this page came: happy-dom has no navigation timing of its own. */
function arrivedAs(navigation: Navigation | null) {
  vi.spyOn(performance, 'getEntriesByType').mockImplementation((type: string) =>
    type === 'navigation' && navigation ? ([navigation] as unknown as PerformanceEntryList) : [],
  );
}

/** Whether the page is still drawn ahead, unseen (Chrome's prerender). */
function prerendering(value: boolean) {
  Object.defineProperty(document, 'prerendering', { configurable: true, get: () => value });
}

const views = () => calls.filter((call) => call.method === 'GET' && call.path.startsWith('/v1/p/'));

afterEach(() => {
  vi.restoreAllMocks();
  prerendering(false);
});

describe('the island’s report of a view the server could not count', () => {
  it('reports nothing for a card fetched the ordinary way: the server counted it', async () => {
    arrivedAs({ deliveryType: '', activationStart: 0 });
    const fetch = vi.spyOn(globalThis, 'fetch');
    reportShownView('ada');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetch).not.toHaveBeenCalled();
    arrivedAs(null);
    reportShownView('ada');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('reports a card shown from a prefetch, once, as the card fetched by its script', async () => {
    arrivedAs({ deliveryType: 'navigational-prefetch', activationStart: 0 });
    const fetch = vi.spyOn(globalThis, 'fetch');
    reportShownView('ada');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith('/v1/p/ada', { keepalive: true, credentials: 'same-origin' });
    await vi.waitFor(() => expect(views().map((call) => call.path)).toEqual(['/v1/p/ada']));
  });

  it('reports a prerendered card when the visitor sees it, not while it is drawn ahead', async () => {
    arrivedAs({ deliveryType: '', activationStart: 0 });
    prerendering(true);
    const fetch = vi.spyOn(globalThis, 'fetch');
    reportShownView('ada');
    expect(fetch).not.toHaveBeenCalled();
    prerendering(false);
    document.dispatchEvent(new Event('prerenderingchange'));
    expect(fetch).toHaveBeenCalledTimes(1);
    document.dispatchEvent(new Event('prerenderingchange'));
    expect(fetch).toHaveBeenCalledTimes(1);
    // Already shown when the island loaded: the navigation says it was activated.
    arrivedAs({ deliveryType: '', activationStart: 120 });
    reportShownView('ada');
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.waitFor(() => expect(views()).toHaveLength(2));
  });

  it('logs a report that fails, and shows the visitor nothing', async () => {
    arrivedAs({ deliveryType: 'navigational-prefetch' });
    server.use(http.get('/v1/p/:username', () => HttpResponse.error()));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    reportShownView('ada');
    await vi.waitFor(() =>
      expect(warn).toHaveBeenCalledWith('View report failed', expect.objectContaining({ name: 'NetworkError' })),
    );
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
