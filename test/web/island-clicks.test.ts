import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportClicks } from '../../web/src/island/clicks';
import { http, HttpResponse } from 'msw';
import { calls, server } from './api/server';

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('the island’s click reports', () => {
  it('takes the report over from the link’s ping, so one click is reported once', async () => {
    document.body.innerHTML = `<main id="card"><ul>
      <li><a href="https://a.example/" target="_blank" data-link-id="7" ping="/v1/link/7/click">A</a></li>
      <li><a href="https://b.example/" target="_blank" data-link-id="8" ping="/v1/link/8/click">B</a></li>
    </ul></main>`;
    // Watched, not replaced: the report still goes out, to the shared handlers.
    const fetch = vi.spyOn(globalThis, 'fetch');
    const card = document.getElementById('card')!;
    reportClicks(card);
    expect(card.querySelectorAll('a[ping]')).toHaveLength(0);
    const a = card.querySelector<HTMLAnchorElement>('a[data-link-id="7"]')!;
    a.addEventListener('click', (event) => event.preventDefault());
    a.click();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith('/v1/link/7/click', { keepalive: true, credentials: 'same-origin' });
    await vi.waitFor(() =>
      expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /v1/link/7/click']),
    );
  });

  it('logs a report that fails, and shows the visitor nothing', async () => {
    document.body.innerHTML = `<main id="card"><a href="https://a.example/" data-link-id="9">A</a></main>`;
    server.use(
      http.get('/v1/link/9/click', () => HttpResponse.json({ success: false, message: 'x' }, { status: 503 })),
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const card = document.getElementById('card')!;
    reportClicks(card);
    const a = card.querySelector('a')!;
    a.addEventListener('click', (event) => event.preventDefault());
    a.click();
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith('Click report failed', '9', 503));

    server.use(http.get('/v1/link/9/click', () => HttpResponse.error()));
    a.click();
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(2));
    expect(warn.mock.calls[1]?.[0]).toBe('Click report failed');
    expect(card.textContent).toBe('A');
  });
});
