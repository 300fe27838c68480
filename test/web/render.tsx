import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { Toaster } from 'sonner';
import { vi } from 'vitest';

/**
 * Renders a dashboard screen with a fresh query cache, a (data) router and the toaster; any
 * other path shows 'Another screen', so a test can follow where a link or a guard leads.
 */
export function renderScreen(ui: ReactNode, { path = '/dashboard' } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
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

export type Call = { method: string; path: string; body: unknown };
type Handler = (call: Call) => { status?: number; body: unknown } | undefined;

/** Stubs `fetch` at the browser boundary: answers from the handler and records every call. */
export function stubFetch(handler: Handler) {
  const calls: Call[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const raw = init.body;
    const body = typeof raw === 'string' ? (JSON.parse(raw) as unknown) : raw instanceof FormData ? raw : undefined;
    const call = { method: init.method ?? 'GET', path: url.pathname + url.search, body };
    calls.push(call);
    const answer = handler(call) ?? { status: 404, body: { success: false, message: 'Not found' } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchStub);
  return calls;
}
