import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { Toaster } from 'sonner';
import { expect } from 'vitest';
import { createQueryClient } from '@/lib/query-client';

/**
 * Renders one dashboard screen in a (data) router with a fresh query cache that does not retry,
 * and the toaster; any other path shows 'Another screen', so a test can follow where a link or a
 * guard leads.
 */
export function renderScreen(ui: ReactNode, { path = '/dashboard' } = {}) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
    mutations: { ...queryClient.getDefaultOptions().mutations, retry: false },
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

/**
 * The whole app as the browser loads it (its provider and its own route table) at the address the
 * test has put in the window; the modules load on first use, as the app's entry loads them.
 */
export async function renderApp() {
  const { AppProvider } = await import('@/app/provider');
  const { AppRouter } = await import('@/app/router');
  const user = userEvent.setup();
  render(
    <AppProvider>
      <AppRouter />
    </AppProvider>,
  );
  return user;
}
