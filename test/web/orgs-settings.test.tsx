import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { SettingsTab } from '@/features/orgs/components/settings-tab';
import { renderScreen } from './helpers';
import { failure } from './api/answer';
import { aMember, anAuditEntry, anOrg, orgsAre } from './api/orgs';
import { calls, server } from './api/server';

// The Settings tab (docs/product.md, Organisations): name, seats and moved-on link for the owner
// and admins, leaving for the others, and the audit log as sentences.

const user = () => userEvent.setup({ delay: null });
const sent = (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path);

function open(initial: Parameters<typeof orgsAre>[0] = {}) {
  server.use(...orgsAre(initial).handlers);
  return renderScreen(<SettingsTab orgId="org-1" />, { path: '/dashboard/orgs/org-1/settings' });
}

describe('the Settings tab', () => {
  it('saves the name, the seats and the moved-on link; the short name stays', async () => {
    open({ orgs: [anOrg({ moved_on_url: 'https://acme.example' })] });
    const name = await screen.findByLabelText('Name');
    expect(name).toHaveValue('Acme Ltd');
    expect(screen.getByText('acme')).toBeInTheDocument();
    expect(screen.getByText('The short name cannot be changed.')).toBeInTheDocument();
    await user().clear(name);
    await user().type(name, 'Acme Group');
    await user().clear(screen.getByLabelText('Seats'));
    await user().type(screen.getByLabelText('Seats'), '40');
    await user().click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(sent('PUT', '/v1/orgs/org-1')[0]?.body).toEqual({
      name: 'Acme Group',
      seats: 40,
      moved_on_url: 'https://acme.example',
    });
  });

  it('puts the API’s message under the field it refused', async () => {
    open();
    server.use(
      http.put('/v1/orgs/org-1', () =>
        failure(422, 'Validation failed', { seats: ['Seats must be a whole number from 1 to 10000'] }),
      ),
    );
    const seats = await screen.findByLabelText('Seats');
    await user().clear(seats);
    await user().type(seats, '0');
    await user().click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Seats must be a whole number from 1 to 10000')).toBeInTheDocument();
    expect(seats).toHaveAttribute('aria-invalid', 'true');
  });

  it('tells the owner to hand the organisation on before leaving', async () => {
    open();
    expect(
      await screen.findByText(/You own this organisation: make another member its owner first/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Leave' })).toBeNull();
  });

  it('lets a member leave after saying the card stays with the organisation, paused', async () => {
    const { router } = open({ orgs: [anOrg({ role: 'member' })] });
    await user().click(await screen.findByRole('button', { name: 'Leave' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave Acme Ltd?' });
    expect(dialog).toHaveTextContent('Your work card stays with Acme Ltd and is paused at once');
    await user().click(within(dialog).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('You have left Acme Ltd')).toBeInTheDocument();
    expect(sent('POST', '/v1/orgs/org-1/leave')).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/dashboard/orgs');
  });

  it('shows why leaving was refused', async () => {
    open({ orgs: [anOrg({ role: 'admin' })] });
    server.use(http.post('/v1/orgs/org-1/leave', () => failure(409, 'The owner must hand the organisation on first')));
    await user().click(await screen.findByRole('button', { name: 'Leave' }));
    await user().click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('The owner must hand the organisation on first')).toBeInTheDocument();
  });

  it('shows a member the facts only, without the form or the audit log', async () => {
    open({ orgs: [anOrg({ role: 'member' })] });
    expect(await screen.findByText('Acme Ltd')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Audit log' })).toBeNull();
    expect(sent('GET', '/v1/orgs/org-1/audit')).toHaveLength(0);
  });

  it('reads the audit log as sentences, with names rather than account ids', async () => {
    open({
      members: [
        aMember(),
        aMember({ user_id: 'acc-ada', name: 'Ada Lovelace', email: 'ada@example.com', role: 'member' }),
      ],
      audit: [
        anAuditEntry({
          id: 3,
          action: 'member.role_changed',
          subject: 'acc-ada',
          detail: { from: 'member', to: 'admin' },
        }),
        anAuditEntry({ id: 2, action: 'member.removed', subject: '0b8a4bb2-6a4f-4d0e-9d0c-1f0e2a3b4c5d' }),
        anAuditEntry({ id: 1, action: 'member.invited', subject: 'grace@example.com' }),
      ],
    });
    const log = await screen.findByRole('region', { name: 'Audit log' });
    const rows = await within(log).findAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Jane Doe · changed the role of · Ada Lovelace');
    expect(rows[1]).toHaveTextContent('Jane Doe · removed · a former member');
    expect(rows[2]).toHaveTextContent('Jane Doe · invited · grace@example.com');
  });

  it('shows the failure when the audit log cannot be read', async () => {
    open();
    server.use(http.get('/v1/orgs/org-1/audit', () => failure(500, 'The log is resting')));
    expect(await screen.findByText('The log is resting')).toBeInTheDocument();
  });
});
