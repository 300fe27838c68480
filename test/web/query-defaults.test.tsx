import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Link } from '@shared/types';
import { ProfileScreen } from '@/features/profile/components/profile-screen';
import { ApiError, getData } from '@/lib/api-client';
import { createQueryClient, queryClient, retryReads } from '@/lib/query-client';
import { failure, noBody } from './api/answer';
import { linksAre } from './api/links';
import { calls, server } from './api/server';
import { aLink } from './fixtures';

// docs/product.md §9: stale time 5 minutes, garbage collection 30 minutes, no refetch on window
// focus or on mount; the current-user query retries once.

function Links({ label }: { label: string }) {
  const links = useQuery({
    queryKey: ['links'],
    queryFn: async () =>
      ((await (await fetch('/v1/user/links?all=true')).json()) as { data: Link[] }).data.map((link) => link.title),
  });
  return <p>{links.data ? `${label}: ${links.data.join(', ')}` : 'loading'}</p>;
}

describe('the query cache defaults', () => {
  it('are the documented figures, for the app client too', () => {
    for (const client of [createQueryClient(), queryClient]) {
      expect(client.getDefaultOptions().queries).toMatchObject({
        staleTime: 5 * 60 * 1000,
        gcTime: 30 * 60 * 1000,
        refetchOnWindowFocus: false,
        refetchOnMount: false,
      });
    }
  });

  it('reuse cached data when a screen mounts again or the window regains focus', async () => {
    server.use(
      ...linksAre([
        aLink({ id: 1, title: 'GitHub', url: 'https://github.com/jane', icon: '', display_order: 0, is_active: true }),
      ]),
    );
    const client = createQueryClient();
    const view = render(
      <QueryClientProvider client={client}>
        <Links label="first" />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('first: GitHub')).toBeInTheDocument();
    view.rerender(
      <QueryClientProvider client={client}>
        <Links label="second" key="remounted" />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('second: GitHub')).toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new Event('focus'));
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(calls).toHaveLength(1);
  });

  it('retry the current-user query once', async () => {
    server.use(http.all('/v1/*', () => noBody(500)));
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ProfileScreen />
      </QueryClientProvider>,
    );
    expect(
      await screen.findByText('Error loading profile data: Failed to fetch profile', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/v1/user/profile')).toHaveLength(2);
    cleanup();
  });

  it('shows a 4xx at once (no retry can change it), and tries a 5xx or a network failure again', async () => {
    server.use(http.all('/v1/*', () => failure(404, 'Profile not found')));
    const client = createQueryClient();
    function Stats() {
      const stats = useQuery({
        queryKey: ['stats-404'],
        queryFn: ({ signal }) =>
          getData('/v1/user/stats', 'Failed to fetch', (d): d is object => typeof d === 'object', signal),
      });
      return <p>{stats.isError ? `error: ${stats.error.message}` : 'loading'}</p>;
    }
    render(
      <QueryClientProvider client={client}>
        <Stats />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('error: Profile not found')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(retryReads(0, new ApiError(503, 'down'))).toBe(true);
    expect(retryReads(2, new TypeError('Failed to fetch'))).toBe(true);
    expect(retryReads(3, new ApiError(503, 'down'))).toBe(false);
    expect(retryReads(0, new ApiError(422, 'bad'))).toBe(false);
  });
});
