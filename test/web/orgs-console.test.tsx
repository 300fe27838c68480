import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { adminOrgsResponse } from '@shared/schemas/admin-orgs';
import { Component as AdminRoute } from '@/app/routes/admin';
import { authStore } from '@/lib/auth-store';
import { adminAccountsAre } from './api/admin';
import { answer, failure } from './api/answer';
import { server } from './api/server';
import { holdSession } from './api/session';
import { renderRoutes } from './helpers';

// The console's Organisations panel (docs/decisions/0104-organisations.md): name, short name,
// owner, members, work cards and the day each was made.

function renderConsole() {
  holdSession('access-1', 'refresh-1');
  authStore.setUser({ id: 'op', name: 'Op', username: 'op', email: 'op@example.com' } as never);
  return renderRoutes([{ path: '/admin', element: <AdminRoute /> }], '/admin');
}

describe('the console’s organisations', () => {
  it('lists each organisation with its owner, members, work cards and date', async () => {
    server.use(
      adminAccountsAre(() => ({ accounts: [] })),
      http.get('/v1/admin/orgs', () =>
        answer(adminOrgsResponse, {
          success: true,
          data: [
            {
              id: 'org-1',
              name: 'Acme Ltd',
              slug: 'acme',
              owner: { id: 'a1', email: 'maya@example.com', name: 'Maya Kim' },
              members: 12,
              cards: 14,
              seats: 25,
              created_at: '2026-11-30T10:00:00.000Z',
            },
          ],
        }),
      ),
    );
    const { user } = renderConsole();
    await user.click(await screen.findByRole('button', { name: 'Organisations' }));
    const list = await screen.findByRole('list', { name: 'Organisations' });
    const row = within(list).getByRole('listitem');
    expect(row).toHaveTextContent('Acme Ltd');
    expect(row).toHaveTextContent('acme');
    expect(row).toHaveTextContent('Owner: Maya Kim, maya@example.com');
    expect(row).toHaveTextContent('12 members, 14 work cards, 25 seats');
    expect(row).toHaveTextContent('Nov 30, 2026');
  });

  it('shows why the list could not be read', async () => {
    server.use(
      adminAccountsAre(() => ({ accounts: [] })),
      http.get('/v1/admin/orgs', () => failure(403, 'Sign in again with your second factor to use the console')),
    );
    const { user } = renderConsole();
    await user.click(await screen.findByRole('button', { name: 'Organisations' }));
    expect(await screen.findByText('Sign in again with your second factor to use the console')).toBeInTheDocument();
  });
});
