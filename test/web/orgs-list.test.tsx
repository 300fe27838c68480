import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { OrgsScreen } from '@/features/orgs/components/orgs-screen';
import { renderScreen } from './helpers';
import { failure } from './api/answer';
import { anOrg, orgsAre } from './api/orgs';
import { calls, server } from './api/server';

// /dashboard/orgs (docs/product.md, Organisations): the organisations the account belongs to, and
// a new one made from its name and short name.

const user = () => userEvent.setup({ delay: null });

describe('the organisations screen', () => {
  it('lists the organisations with the role and the seats used', async () => {
    server.use(
      ...orgsAre({
        orgs: [
          anOrg(),
          anOrg({ id: 'org-2', name: 'Globex', slug: 'globex', role: 'member', seats_used: 7, seats: 10 }),
        ],
      }).handlers,
    );
    renderScreen(<OrgsScreen />, { path: '/dashboard/orgs' });
    const list = await screen.findByRole('list');
    const rows = within(list).getAllByRole('link');
    expect(rows[0]).toHaveTextContent('Acme Ltd');
    expect(rows[0]).toHaveTextContent('Owner');
    expect(rows[1]).toHaveTextContent('Globex');
    expect(rows[1]).toHaveTextContent('7 of 10 seats used');
    expect(rows[1]).toHaveTextContent('Member');
    expect(rows[1]).toHaveAttribute('href', '/dashboard/orgs/org-2');
  });

  it('says so when the account belongs to none', async () => {
    server.use(...orgsAre({ orgs: [] }).handlers);
    renderScreen(<OrgsScreen />, { path: '/dashboard/orgs' });
    expect(await screen.findByText(/You do not belong to an organisation yet/)).toBeInTheDocument();
  });

  it('creates an organisation with the short name drawn from its name, and opens its Members tab', async () => {
    const api = orgsAre({ orgs: [] });
    server.use(...api.handlers);
    const { router } = renderScreen(<OrgsScreen />, { path: '/dashboard/orgs' });
    await screen.findByText(/You do not belong/);
    await user().type(screen.getByLabelText('Name'), 'Société Générale & Co');
    expect(screen.getByLabelText('Short name')).toHaveValue('societe-generale-co');
    await user().click(screen.getByRole('button', { name: 'Create organisation' }));
    expect(await screen.findByText('Another screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/orgs/org-1/members');
    expect(calls.find((call) => call.method === 'POST' && call.path === '/v1/orgs')?.body).toEqual({
      name: 'Société Générale & Co',
      slug: 'societe-generale-co',
    });
    expect(await screen.findByText('Société Générale & Co is ready: invite your team')).toBeInTheDocument();
  });

  it('shows the API’s message under the short name when it is taken, and stays', async () => {
    server.use(...orgsAre({ orgs: [anOrg({ slug: 'acme', role: 'member' })] }).handlers);
    const { router } = renderScreen(<OrgsScreen />, { path: '/dashboard/orgs' });
    await screen.findByRole('list');
    await user().type(screen.getByLabelText('Name'), 'Acme');
    await user().click(screen.getByRole('button', { name: 'Create organisation' }));
    const slug = screen.getByLabelText('Short name');
    expect(await screen.findByText('This short name is taken')).toBeInTheDocument();
    expect(slug).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.pathname).toBe('/dashboard/orgs');
  });

  it('shows the failure when the list cannot be read', async () => {
    server.use(http.get('/v1/orgs', () => failure(500, 'The organisations are resting')));
    renderScreen(<OrgsScreen />, { path: '/dashboard/orgs' });
    expect(await screen.findByText('The organisations are resting')).toBeInTheDocument();
  });
});
