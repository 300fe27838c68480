import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Component as DataRoute } from '@/app/routes/dashboard/data';
import { Component as DashboardLayout } from '@/app/routes/dashboard/layout';
import { authStore } from '@/lib/auth-store';
import { aCard, cardsAre } from './api/cards';
import { anOrg, orgsAre } from './api/orgs';
import { server } from './api/server';
import { holdSession } from './api/session';
import { renderRoutes } from './helpers';

// Your data with work cards (docs/product.md, Organisations): the export and the deletion say the
// work cards stay with their organisations, paused, and the deletion does not count them as gone.
// The header's switcher names each work card's organisation.

const ada = { id: 'u1', name: 'Ada Lovelace', username: 'ada', email: 'ada@example.com' } as never;
const PERSONAL = aCard({ username: 'ada' });
const WORK = aCard({ id: 'wc-1', username: 'ada-acme', name: 'Ada at Acme', is_primary: false, org_id: 'org-1' });

function renderData() {
  holdSession('access', 'refresh-1');
  authStore.setUser(ada);
  return renderRoutes(
    [{ path: '/dashboard', element: <DashboardLayout />, children: [{ path: 'data', element: <DataRoute /> }] }],
    '/dashboard/data',
  );
}

describe('Your data with a work card', () => {
  it('says the work cards stay with their organisations, in the export and the deletion', async () => {
    server.use(...cardsAre([PERSONAL, WORK]), ...orgsAre().handlers);
    const { user } = renderData();
    expect(await screen.findByText(/Your work cards belong to their organisations/)).toBeInTheDocument();
    expect(
      screen.getByText(
        'Your work cards (@ada-acme) are not deleted: they go back to their organisations, paused, with the contacts made on them.',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account for good?' });
    // Only the personal card goes.
    const going = (await within(dialog).findByText(/^Your card/)).closest('li')!;
    expect(going).toHaveTextContent('Your card @ada');
    expect(going).not.toHaveTextContent('@ada-acme');
    expect(dialog).toHaveTextContent('Your work cards (@ada-acme) are not deleted');
  });

  it('says nothing of work cards to an account without one', async () => {
    server.use(...cardsAre([PERSONAL]));
    renderData();
    await screen.findByText('Download everything your card holds, or delete your account');
    expect(screen.queryByText(/work cards/)).toBeNull();
  });
});

describe('the card switcher', () => {
  it('lists the work cards under their organisation’s name, the personal cards apart', async () => {
    server.use(
      ...cardsAre([PERSONAL, WORK]),
      ...orgsAre({ orgs: [anOrg({ name: 'Acme Ltd', role: 'member' })] }).handlers,
    );
    const { user } = renderData();
    await user.click(await screen.findByRole('button', { name: /@ada/ }));
    const menu = await screen.findByRole('menu');
    const personal = within(menu).getByRole('group', { name: 'Your cards' });
    expect(within(personal).getAllByRole('menuitemradio')).toHaveLength(1);
    expect(personal).toHaveTextContent('@ada');
    const acme = await within(menu).findByRole('group', { name: 'Acme Ltd' });
    expect(within(acme).getByRole('menuitemradio')).toHaveTextContent('@ada-acme');
  });
});
