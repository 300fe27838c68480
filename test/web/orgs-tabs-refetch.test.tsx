import { act, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  orgAnalyticsResponse,
  orgContactsResponse,
  type OrgAnalytics,
  type OrgContact,
} from '@shared/schemas/org-data';
import { OrgAnalyticsScreen } from '@/features/orgs/analytics/org-analytics-screen';
import { MembersTab } from '@/features/orgs/components/members-tab';
import { OrgContactsScreen } from '@/features/orgs/contacts/org-contacts-screen';
import { answer } from './api/answer';
import { aMember, anInvitation, anOrg, aWorkCard, orgsAre } from './api/orgs';
import { server } from './api/server';
import { renderScreen } from './helpers';

// The app keeps answers 5 minutes and never reads them again on mount (lib/query-client.ts). An
// organisation's tabs show what others change meanwhile (a member claims, a visitor shares a
// contact), so each reads its lists afresh when it opens again.

const TAB = '/dashboard/orgs/org-1/members';

/** Leaves the tab for another screen and comes back, as a person switching tabs does. */
async function reopen(router: ReturnType<typeof renderScreen>['router'], path: string) {
  await act(() => router.navigate('/dashboard/orgs/org-1/settings'));
  expect(await screen.findByText('Another screen')).toBeInTheDocument();
  await act(() => router.navigate(path));
}

describe("an organisation's tabs, opened again", () => {
  it('Members: the seats, members, work cards and invitations as they are now', async () => {
    const api = orgsAre({
      orgs: [anOrg({ seats_used: 1, seats: 5 })],
      members: [aMember()],
      cards: [aWorkCard({ id: 'wc-2', username: 'ada-acme', state: 'invited', holder_id: null })],
      invitations: [anInvitation({ email: 'ada@example.com' })],
    });
    server.use(...api.handlers);
    const { router } = renderScreen(<MembersTab orgId="org-1" />, { path: TAB });
    expect(await screen.findByText('1 of 5 seats used')).toBeInTheDocument();
    expect(await within(await screen.findByRole('region', { name: 'Work cards' })).findByText('Waiting')).toBeVisible();

    // Ada claims her card meanwhile, elsewhere.
    api.state.orgs[0]!.seats_used = 2;
    api.state.members.push(
      aMember({ user_id: 'acc-ada', name: 'Ada Lovelace', email: 'ada@example.com', role: 'member' }),
    );
    api.state.cards[0]!.state = 'held';
    api.state.cards[0]!.holder_id = 'acc-ada';
    api.state.invitations.length = 0;
    await reopen(router, TAB);

    expect(await screen.findByText('2 of 5 seats used')).toBeInTheDocument();
    const members = await screen.findByRole('region', { name: 'Members' });
    expect(await within(members).findByText('Ada Lovelace')).toBeInTheDocument();
    expect(await within(await screen.findByRole('region', { name: 'Work cards' })).findByText('Claimed')).toBeVisible();
    expect(await screen.findByText('No invitations are waiting.')).toBeInTheDocument();
  });

  it('Contacts: a contact shared since the first visit', async () => {
    const contacts: OrgContact[] = [];
    const grace: OrgContact = {
      id: 'contact-1',
      name: 'Grace Visitor',
      email: 'grace@example.com',
      phone: '',
      company: '',
      note: '',
      created_at: '2026-11-30T10:00:00.000Z',
      card: { id: 'card-1', username: 'ada-acme', name: 'Ada Lovelace' },
      member: { id: 'user-1', email: 'ada@acme.example' },
    };
    server.use(
      http.get('/v1/orgs/org-1/contacts', () =>
        answer(orgContactsResponse, {
          success: true,
          data: { scope: 'all', total: contacts.length, contacts },
          message: 'Contacts retrieved successfully',
        }),
      ),
    );
    const path = '/dashboard/orgs/org-1/contacts';
    const { router } = renderScreen(<OrgContactsScreen orgId="org-1" />, { path });
    expect(await screen.findByText('No contacts yet')).toBeInTheDocument();

    contacts.push(grace);
    await reopen(router, path);

    const list = await screen.findByRole('list', { name: 'Contacts' });
    expect(within(list).getByText('Grace Visitor')).toBeInTheDocument();
  });

  it('Analytics: the figures drained since the first visit', async () => {
    let views = 0;
    server.use(
      http.get('/v1/orgs/org-1/analytics', () => {
        const row = {
          card: { id: 'card-1', username: 'ada-acme', name: 'Ada Lovelace' },
          member: { id: 'user-1', email: 'ada@acme.example' },
          state: 'held' as const,
          views,
          unique_visitors: views,
          link_clicks: 0,
          contact_saves: 0,
          contacts: 0,
        };
        const data: OrgAnalytics = {
          range: '30',
          total: { cards: 1, views, unique_visitors: views, link_clicks: 0, contact_saves: 0, contacts: 0 },
          cards: [row],
        };
        return answer(orgAnalyticsResponse, { success: true, data, message: 'Analytics retrieved successfully' });
      }),
    );
    const path = '/dashboard/orgs/org-1/analytics';
    const { router } = renderScreen(<OrgAnalyticsScreen orgId="org-1" />, { path });
    const adaRow = async () => {
      const table = await screen.findByRole('table', { name: 'Per member' });
      return within(table).getAllByRole('row')[1]!.textContent;
    };
    expect(await adaRow()).toBe('Ada Lovelace @ada-acmeada@acme.example00000');

    views = 7;
    await reopen(router, path);

    await waitFor(async () => expect(await adaRow()).toBe('Ada Lovelace @ada-acmeada@acme.example77000'));
  });
});
