import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { Toaster } from 'sonner';
import { expect, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';

/** A JSON answer as the API would send it. */
export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export type Call = { path: string; method: string; body: unknown; headers: Headers; signal?: AbortSignal | null };
/** An answer: a Response, or a JSON body with its status (200 when left out), or nothing for a 404. */
type Answer = Response | { status?: number; body: unknown } | undefined;

const NOT_FOUND = { success: false, message: 'Not found' };

/**
 * Stubs the browser's fetch (the app's only way out) with a function answering each call, and
 * records every call.
 */
export function stubFetch(answer: (call: Call) => Answer | Promise<Answer>) {
  const calls: Call[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://localhost:3000');
    const call: Call = {
      path: url.pathname + url.search,
      method: init.method ?? 'GET',
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
      headers: new Headers(init.headers),
      signal: init.signal,
    };
    calls.push(call);
    const answered = await answer(call);
    if (answered instanceof Response) return answered;
    return answered ? json(answered.body, answered.status) : json(NOT_FOUND, 404);
  });
  vi.stubGlobal('fetch', fetchStub);
  return calls;
}

/**
 * Renders one dashboard screen in a (data) router with a fresh query cache that does not retry,
 * and the toaster; any other path shows 'Another screen', so a test can follow where a link or a
 * guard leads.
 */
export function renderScreen(ui: ReactNode, { path = '/dashboard' } = {}) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
    mutations: { retry: false },
  });
  const router = createMemoryRouter(
    [
      { path, element: ui },
      { path: '*', element: <p>Another screen</p> },
    ],
    { initialEntries: [path] },
  );
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...result, queryClient, router };
}

/** Renders routes in a memory router with the app's query client and toaster. */
export function renderRoutes(routes: RouteObject[], url: string) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const queryClient = createQueryClient();
  const user = userEvent.setup({ delay: null });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { router, user, queryClient };
}

/** A field's message is shown under it and read as its description. */
export function expectFieldError(field: HTMLElement, message: string) {
  expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(field).toHaveAccessibleDescription(message);
}

/** A signed access token whose exp lies an hour ahead (the client only decodes it). */
export const validAccessToken = () =>
  `h.${btoa(JSON.stringify({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + 3600 }))}.s`;
