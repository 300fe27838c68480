import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { Component as Settings } from '@/app/routes/dashboard/settings';
import type { ApiToken } from '@shared/schemas/tokens';
import { failure } from './api/answer';
import { aCard, cardsAre } from './api/cards';
import { securityIs, tokensAre } from './api/security';
import { calls, server } from './api/server';
import { aSecurityOverview } from './fixtures';
import { renderRoutes } from './helpers';

const SECRET = 'cl_pat_Q2FyZGxpbmsgdGVzdCBzZWNyZXQgb25seSEhISEhISEhISE';

const aToken = (overrides: Partial<ApiToken> = {}): ApiToken => ({
  id: 'token-1',
  name: 'Zapier',
  scopes: ['links:read', 'stats:read'],
  cards: null,
  created_at: '2026-02-01T10:00:00.000Z',
  expires_at: null,
  last_used_on: '2026-02-20',
  last_used_country: 'PT',
  ...overrides,
});

beforeEach(() => {
  server.use(
    securityIs(aSecurityOverview({ email: 'ada@example.com' })),
    ...cardsAre([aCard(), aCard({ id: 'card-2', username: 'jane_work', name: 'Jane at Work', is_primary: false })]),
  );
});

const renderSettings = () =>
  renderRoutes([{ path: '/dashboard/settings', element: <Settings /> }], '/dashboard/settings');

describe('Settings: API tokens', () => {
  it('lists each token with its scopes, cards, day made and day and country of last use, and says sign-outs keep them', async () => {
    server.use(
      ...tokensAre([
        aToken(),
        aToken({
          id: 'token-2',
          name: 'Work sync',
          scopes: ['cards:write'],
          cards: [{ id: 'card-2', username: 'jane_work' }],
          expires_at: '2026-05-01T10:00:00.000Z',
          last_used_on: null,
          last_used_country: null,
        }),
      ]),
    );
    renderSettings();
    const list = await screen.findByRole('list', { name: 'Your API tokens' });
    const [zapier, work] = within(list).getAllByRole('listitem');
    expect(zapier).toHaveTextContent('Zapier');
    expect(zapier).toHaveTextContent('links:read stats:read');
    expect(zapier).toHaveTextContent('All cards');
    expect(zapier).toHaveTextContent(/Last used Feb 20, 2026, Portugal/);
    expect(zapier).toHaveTextContent('Never expires');
    expect(work).toHaveTextContent('Cards: @jane_work');
    expect(work).toHaveTextContent('Last used never');
    expect(work).toHaveTextContent(/Expires May 1, 2026/);
    expect(
      screen.getByText(/signing out everywhere, changing your password or resetting it does not revoke them/),
    ).toBeInTheDocument();
  });

  it('makes a token with the chosen scopes, card and expiry after the password, and shows its secret once', async () => {
    const { user } = renderSettings();
    expect(await screen.findByText('You have no API tokens.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create token' });
    await user.type(within(dialog).getByLabelText('Name'), 'Deploy script');
    // Ticked out of order: sent in the catalogue's.
    await user.click(within(dialog).getByRole('checkbox', { name: /Change links/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Read links/ }));
    await user.click(within(dialog).getByRole('radio', { name: 'Only chosen cards' }));
    await user.click(await within(dialog).findByRole('checkbox', { name: /Jane at Work/ }));
    await user.selectOptions(within(dialog).getByLabelText('Expires'), 'In 30 days');
    await user.type(within(dialog).getByLabelText('Current password'), 'old-one-77');
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));

    const secret = await screen.findByLabelText<HTMLInputElement>('Token');
    expect(secret.value).toBe(SECRET);
    expect(screen.getByText(/It will not be shown again/)).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/v1/user/tokens' && c.method === 'POST')?.body).toEqual({
      current_password: 'old-one-77',
      name: 'Deploy script',
      scopes: ['links:read', 'links:write'],
      card_ids: ['card-2'],
      expires_in_days: 30,
    });
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(await screen.findByText('Token copied')).toBeInTheDocument();

    // Once put away, the secret is nowhere on the screen; the list shows the token without it.
    await user.click(screen.getByRole('button', { name: 'I have saved it' }));
    const list = await screen.findByRole('list', { name: 'Your API tokens' });
    expect(list).toHaveTextContent('Deploy script');
    expect(document.body).not.toHaveTextContent(SECRET);
    expect(screen.queryByDisplayValue(SECRET)).toBeNull();
  });

  it('asks for a name and a scope before calling the server, and shows a wrong password under its field', async () => {
    server.use(
      http.post('/v1/user/tokens', () =>
        failure(422, 'Your current password is incorrect', {
          current_password: ['Your current password is incorrect'],
        }),
      ),
    );
    const { user } = renderSettings();
    await user.click(await screen.findByRole('button', { name: 'Create token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create token' });
    await user.type(within(dialog).getByLabelText('Current password'), 'old-one-77');
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));
    expect(await within(dialog).findByText('Give the token a name')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least one scope')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/v1/user/tokens' && c.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByLabelText('Name'), 'CI');
    await user.click(within(dialog).getByRole('checkbox', { name: /Read statistics/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));
    expect(await within(dialog).findByText('Your current password is incorrect')).toBeInTheDocument();
    expect(screen.queryByLabelText('Token')).toBeNull();
  });

  it('revokes a token only once confirmed', async () => {
    server.use(...tokensAre([aToken()]));
    const { user } = renderSettings();
    await user.click(await screen.findByRole('button', { name: 'Revoke token Zapier' }));
    let dialog = await screen.findByRole('dialog', { name: 'Revoke this token?' });
    expect(dialog).toHaveTextContent('“Zapier” stops working at once');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Revoke token Zapier' }));
    dialog = await screen.findByRole('dialog', { name: 'Revoke this token?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Token revoked')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe('/v1/user/tokens/token-1');
    expect(await screen.findByText('You have no API tokens.')).toBeInTheDocument();
  });

  it('can be made with the keyboard alone', async () => {
    const { user } = renderSettings();
    const open = await screen.findByRole('button', { name: 'Create token' });
    open.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Create token' });
    await waitFor(() => expect(within(dialog).getByLabelText('Name')).toHaveFocus());
    await user.keyboard('Keyboard');
    await user.tab();
    expect(within(dialog).getByRole('checkbox', { name: /Read cards/ })).toHaveFocus();
    await user.keyboard(' ');
    expect(within(dialog).getByRole('checkbox', { name: /Read cards/ })).toBeChecked();
    within(dialog).getByLabelText('Current password').focus();
    await user.keyboard('old-one-77{Enter}');
    expect(await screen.findByLabelText('Token')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/v1/user/tokens' && c.method === 'POST')?.body).toMatchObject({
      name: 'Keyboard',
      scopes: ['cards:read'],
      card_ids: null,
      expires_in_days: 90,
    });
  });
});
